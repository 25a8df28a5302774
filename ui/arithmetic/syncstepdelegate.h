#pragma once
#include <QStyledItemDelegate>

class QTableView;

namespace rlab::ui {

// Draws the arithmetic sync log in a column too narrow for its five columns: when combined,
// the view shows only SyncStepModel's first column and this delegate paints each row as one
// wrapped paragraph of the row's cells — "4.000 · scaleDownOld…ForRollingUpdate", then
// "nginx-5bf4cfc55d · 4 → 3", then the why — with break opportunities in long identifiers
// (SoftBreaks), so nothing is cut and nothing scrolls sideways; sizeHint() is the paragraph's
// height at the column's width. Not combined, it is a plain QStyledItemDelegate. GUI thread only.
class SyncStepDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit SyncStepDelegate(QTableView *view);

    bool isCombined() const { return m_combined; }
    void setCombined(bool on) { m_combined = on; }
    // The row's cells as the combined paragraph's lines (soft breaks inserted).
    static QStringList lines(const QModelIndex &index);
    // The paragraph's height at `width` px in `font`.
    static int paragraphHeight(const QStringList &lines, const QFont &font, int width);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    static constexpr int kPadding = 4;

private:
    QTableView *m_view;
    bool m_combined = false;
};

} // namespace rlab::ui
