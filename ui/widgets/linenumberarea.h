#pragma once
#include <QWidget>

namespace rlab::ui {

class CodeEditor;

// The gutter of a CodeEditor; it paints through CodeEditor::paintLineNumbers. GUI thread only.
class LineNumberArea : public QWidget
{
    Q_OBJECT
public:
    explicit LineNumberArea(CodeEditor *editor);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    CodeEditor *m_editor;
};

} // namespace rlab::ui
