#pragma once
#include <QList>
#include <QPlainTextEdit>
#include <QStringList>

namespace rlab::ui {

class LineNumberArea;

// A monospace plain-text editor with a line-number gutter (Qt's Code Editor example), a
// highlight for the current line and a stronger one for lines that have errors. Dropping
// manifest files on it does not insert their paths: it emits filesDropped() instead.
// GUI thread only.
class CodeEditor : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit CodeEditor(QWidget *parent = nullptr);
    ~CodeEditor() override;

    // 1-based lines to mark as erroneous; an empty list clears the marks.
    void setErrorLines(const QList<int> &lines);
    const QList<int> &errorLines() const { return m_errorLines; }
    void goToLine(int line, int column = 1);

    int lineNumberAreaWidth() const;
    void paintLineNumbers(QPaintEvent *event);

signals:
    void filesDropped(const QStringList &paths);

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool canInsertFromMimeData(const QMimeData *source) const override;
    void insertFromMimeData(const QMimeData *source) override;

private:
    void updateLineNumberAreaWidth();
    void updateLineNumberArea(const QRect &rect, int dy);
    void updateSelections();
    static QStringList manifestFiles(const QMimeData *source);

    LineNumberArea *m_lineNumbers;
    QList<int> m_errorLines;
};

} // namespace rlab::ui
