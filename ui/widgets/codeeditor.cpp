#include "ui/widgets/codeeditor.h"

#include "ui/apply/manifestsource.h"
#include "ui/theme.h"
#include "ui/widgets/linenumberarea.h"

#include <QMimeData>
#include <QPaintEvent>
#include <QPainter>
#include <QTextBlock>
#include <QUrl>

namespace rlab::ui {

CodeEditor::CodeEditor(QWidget *parent)
    : QPlainTextEdit(parent), m_lineNumbers(new LineNumberArea(this))
{
    setFont(theme::monospaceFont());
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabStopDistance(fontMetrics().horizontalAdvance(QLatin1Char(' ')) * 2);
    connect(this, &QPlainTextEdit::blockCountChanged, this, &CodeEditor::updateLineNumberAreaWidth);
    connect(this, &QPlainTextEdit::updateRequest, this, &CodeEditor::updateLineNumberArea);
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, &CodeEditor::updateSelections);
    updateLineNumberAreaWidth();
    updateSelections();
}

CodeEditor::~CodeEditor() = default;

int CodeEditor::lineNumberAreaWidth() const
{
    int digits = 2;
    for (int max = qMax(1, blockCount()); max >= 100; max /= 10)
        ++digits;
    return 12 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits;
}

void CodeEditor::updateLineNumberAreaWidth()
{
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
}

void CodeEditor::updateLineNumberArea(const QRect &rect, int dy)
{
    if (dy)
        m_lineNumbers->scroll(0, dy);
    else
        m_lineNumbers->update(0, rect.y(), m_lineNumbers->width(), rect.height());
    if (rect.contains(viewport()->rect()))
        updateLineNumberAreaWidth();
}

void CodeEditor::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect cr = contentsRect();
    m_lineNumbers->setGeometry(QRect(cr.left(), cr.top(), lineNumberAreaWidth(), cr.height()));
}

void CodeEditor::setErrorLines(const QList<int> &lines)
{
    m_errorLines = lines;
    updateSelections();
    m_lineNumbers->update();
}

void CodeEditor::goToLine(int line, int column)
{
    const QTextBlock block = document()->findBlockByLineNumber(qMax(0, line - 1));
    if (!block.isValid())
        return;
    QTextCursor c(block);
    c.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, qBound(0, column - 1, block.length() - 1));
    setTextCursor(c);
    centerCursor();
    setFocus();
}

void CodeEditor::updateSelections()
{
    QList<QTextEdit::ExtraSelection> selections;
    for (int line : std::as_const(m_errorLines)) {
        const QTextBlock block = document()->findBlockByLineNumber(line - 1);
        if (!block.isValid())
            continue;
        QTextEdit::ExtraSelection sel;
        sel.format.setBackground(theme::errorBackground());
        sel.format.setProperty(QTextFormat::FullWidthSelection, true);
        sel.cursor = QTextCursor(block);
        selections.append(sel);
    }
    if (!isReadOnly()) {
        QTextEdit::ExtraSelection current;
        current.format.setBackground(QColor(0xef, 0xf6, 0xff));
        current.format.setProperty(QTextFormat::FullWidthSelection, true);
        current.cursor = textCursor();
        current.cursor.clearSelection();
        if (!m_errorLines.contains(current.cursor.blockNumber() + 1))
            selections.prepend(current);
    }
    setExtraSelections(selections);
}

void CodeEditor::paintLineNumbers(QPaintEvent *event)
{
    QPainter painter(m_lineNumbers);
    painter.fillRect(event->rect(), QColor(0xf3, 0xf4, 0xf6));
    QTextBlock block = firstVisibleBlock();
    int number = block.blockNumber() + 1;
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    const int width = m_lineNumbers->width() - 6;
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            const bool error = m_errorLines.contains(number);
            if (error)
                painter.fillRect(0, top, m_lineNumbers->width(), bottom - top, theme::errorBackground());
            QFont f = font();
            f.setBold(error);
            painter.setFont(f);
            painter.setPen(error ? theme::deleted() : theme::muted());
            painter.drawText(0, top, width, fontMetrics().height(), Qt::AlignRight, QString::number(number));
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
        ++number;
    }
}

QStringList CodeEditor::manifestFiles(const QMimeData *source)
{
    QStringList files;
    if (!source || !source->hasUrls())
        return files;
    for (const QUrl &url : source->urls()) {
        if (url.isLocalFile() && ManifestSource::isManifestFileName(url.toLocalFile()))
            files.append(url.toLocalFile());
    }
    return files;
}

bool CodeEditor::canInsertFromMimeData(const QMimeData *source) const
{
    return !manifestFiles(source).isEmpty() || QPlainTextEdit::canInsertFromMimeData(source);
}

void CodeEditor::insertFromMimeData(const QMimeData *source)
{
    const QStringList files = manifestFiles(source);
    if (!files.isEmpty()) {
        emit filesDropped(files);
        return;
    }
    QPlainTextEdit::insertFromMimeData(source);
}

} // namespace rlab::ui
