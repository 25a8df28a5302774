#include "ui/arithmetic/syncstepdelegate.h"

#include "ui/arithmetic/syncstepmodel.h"
#include "ui/lessons/softbreaks.h"

#include <QApplication>
#include <QPainter>
#include <QTableView>
#include <QTextLayout>

namespace rlab::ui {

namespace {

// Lays `text` out in `width` px from `top`; draws it when a painter is given. Returns the height.
qreal layoutText(const QString &text, const QFont &font, qreal width, qreal top, QPainter *painter, qreal left)
{
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    qreal y = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        line.setPosition(QPointF(0, y));
        y += line.height();
    }
    layout.endLayout();
    if (painter)
        layout.draw(painter, QPointF(left, top));
    return y;
}

QFont boldOf(QFont f)
{
    f.setBold(true);
    return f;
}

} // namespace

SyncStepDelegate::SyncStepDelegate(QTableView *view)
    : QStyledItemDelegate(view), m_view(view)
{
}

QStringList SyncStepDelegate::lines(const QModelIndex &index)
{
    auto cell = [&](int column) { return index.siblingAtColumn(column).data().toString(); };
    QStringList out{SoftBreaks::insert(cell(SyncStepModel::TimeColumn) + QStringLiteral(" · ") + cell(SyncStepModel::StepColumn), 12)};
    const QString rs = cell(SyncStepModel::ReplicaSetColumn);   // "" when the step names none
    out << SoftBreaks::insert(rs.isEmpty() ? cell(SyncStepModel::MoveColumn) : rs + QStringLiteral(" · ") + cell(SyncStepModel::MoveColumn), 12);
    out << SoftBreaks::insert(cell(SyncStepModel::WhyColumn), 12);
    return out;
}

int SyncStepDelegate::paragraphHeight(const QStringList &lines, const QFont &font, int width)
{
    qreal h = 0;
    for (qsizetype i = 0; i < lines.size(); ++i)
        h += layoutText(lines[i], i == 0 ? boldOf(font) : font, width - 2 * kPadding, 0, nullptr, 0);
    return int(std::ceil(h)) + 2 * kPadding;
}

void SyncStepDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (!m_combined) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    // The background (selection, alternate rows) as the style draws it, then the paragraph.
    QStyleOptionViewItem bare = option;
    initStyleOption(&bare, index);
    bare.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &bare, painter, widget);
    painter->save();
    painter->setPen(option.palette.color(option.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text));
    const QStringList parts = lines(index);
    const qreal width = option.rect.width() - 2 * kPadding;
    qreal y = option.rect.top() + kPadding;
    for (qsizetype i = 0; i < parts.size(); ++i)
        y += layoutText(parts[i], i == 0 ? boldOf(option.font) : option.font, width, y, painter, option.rect.left() + kPadding);
    painter->restore();
}

QSize SyncStepDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (!m_combined)
        return QStyledItemDelegate::sizeHint(option, index);
    const int width = m_view->columnWidth(index.column());
    return {width, paragraphHeight(lines(index), option.font, width)};
}

} // namespace rlab::ui
