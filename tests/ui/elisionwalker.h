#pragma once
// The elision walker of issue 14, shared by tst_noelision and tst_lessonpresenter: walks every
// visible widget of a window and lists each text shown cut — tabs, buttons, combo boxes, one-line
// labels, the status bar's message (against what their ancestors leave on screen across) and the
// painted texts of the Workqueues lanes and the canvas cards.
#include "ui/lessons/lessonchooser.h"
#include "ui/lessons/lessonchooser.h"
#include "ui/scene/carditem.h"
#include "ui/scene/clustercanvas.h"
#include "ui/widgets/workqueuelane.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QComboBox>
#include <QDockWidget>
#include <QGraphicsScene>
#include <QLabel>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QToolButton>

namespace elision {

using namespace rlab::ui;

inline QString plain(QString text) { return text.remove(QLatin1Char('&')); }

inline QString where(const QWidget *w)
{
    QStringList path;
    for (const QWidget *p = w; p; p = p->parentWidget()) {
        if (!p->objectName().isEmpty())
            path.prepend(p->objectName());
        if (qobject_cast<const QDockWidget *>(p))
            break;
    }
    return path.join(u'/') + QStringLiteral(" (%1)").arg(QString::fromLatin1(w->metaObject()->className()));
}

// How much of w its ancestors (scroll viewports, docks) leave on screen across (what is
// scrolled out vertically can be scrolled to; what is cut sideways cannot).
inline int shownWidth(const QWidget *w)
{
    const QWidget *top = w->window();
    int left = std::max(0, w->mapTo(top, QPoint(0, 0)).x()), right = std::min(top->width(), w->mapTo(top, QPoint(0, 0)).x() + w->width());
    for (const QWidget *p = w->parentWidget(); p && p != top; p = p->parentWidget()) {
        const int x = p->mapTo(top, QPoint(0, 0)).x();
        left = std::max(left, x);
        right = std::min(right, x + p->width());
    }
    return std::max(0, right - left);
}

// A dock that has not been placed yet sits outside the window: nothing of it is on screen.
inline bool placed(const QWidget *w)
{
    for (const QWidget *p = w; p && p != w->window(); p = p->parentWidget())
        if (qobject_cast<const QDockWidget *>(p))
            return w->window()->rect().contains(QRect(p->mapTo(w->window(), QPoint(0, 0)), p->size()));
    return true;
}

inline QStringList laneCut(const WorkQueueLane *lane);

// The headings under `rect` (window coordinates) among root's visible widgets: a table's header,
// the first line of a label (a panel's title, the Arithmetic summary's "deployment/nginx …").
inline QStringList headingsUnder(QWidget *root, const QRect &rect)
{
    QStringList out;
    if (rect.isEmpty())
        return out;
    QWidget *top = root->window();
    for (QHeaderView *h : root->findChildren<QHeaderView *>())
        if (h->isVisible() && h->orientation() == Qt::Horizontal && rect.intersects(QRect(h->mapTo(top, QPoint(0, 0)), h->size())))
            out << where(h);
    for (QLabel *l : root->findChildren<QLabel *>()) {
        if (!l->isVisible() || l->text().isEmpty() || !l->pixmap().isNull())
            continue;
        // The first line: as tall as the label's largest type (a rich text heading is "large").
        const QRect inner = l->contentsRect();
        const int line = std::min(inner.height(), l->fontMetrics().height() * 3 / 2 + l->margin());
        const QRect first(l->mapTo(top, inner.topLeft()), QSize(inner.width(), line));
        // Only what the label shows: a label scrolled out of its area is not under the rect.
        const QRect shown = first.intersected(QRect(l->parentWidget()->mapTo(top, QPoint(0, 0)), l->parentWidget()->size()));
        if (rect.intersects(shown))
            out << QStringLiteral("\"%1\" in %2").arg(plain(l->text()).left(40), where(l));
    }
    return out;
}

// Scroll areas in root that have something to scroll sideways (a panel that does not reflow).
inline QStringList sidewaysScrolls(QWidget *root)
{
    QStringList out;
    for (QAbstractScrollArea *a : root->findChildren<QAbstractScrollArea *>())
        if (a->isVisible() && a->horizontalScrollBar()->maximum() > 0)
            out << QStringLiteral("%1 scrolls sideways (%2 px more)").arg(where(a)).arg(a->horizontalScrollBar()->maximum());
    return out;
}

// Table cells drawn in less room than their delegate asks for (elided "scaleDownOld…", a wrapped
// paragraph taller than its row), among the rows in view.
inline QStringList cellsCut(QWidget *root)
{
    QStringList out;
    for (QTableView *t : root->findChildren<QTableView *>()) {
        if (!t->isVisible() || !t->model())
            continue;
        QAbstractItemModel *m = t->model();
        for (int r = 0; r < m->rowCount(); ++r) {
            for (int c = 0; c < m->columnCount(); ++c) {
                if (t->isColumnHidden(c) || t->isRowHidden(r))
                    continue;
                const QModelIndex i = m->index(r, c);
                const QRect cell = t->visualRect(i);
                if (!cell.intersects(t->viewport()->rect()))
                    continue;
                QStyleOptionViewItem option;
                option.initFrom(t);
                option.font = t->font();
                option.rect = cell;
                option.features |= t->wordWrap() ? QStyleOptionViewItem::WrapText : QStyleOptionViewItem::None;
                const QSize needed = t->itemDelegateForIndex(i)->sizeHint(option, i);
                // Across: any pixel short elides; down: a third of a line short hides a wrapped line.
                if (needed.width() > cell.width() + 1 || needed.height() > cell.height() + t->fontMetrics().height() / 3)
                    out << QStringLiteral("cell (%1, %2) \"%3\" of %4: %5x%6 px in %7x%8")
                               .arg(r).arg(c).arg(i.data().toString().left(40), where(t))
                               .arg(needed.width()).arg(needed.height()).arg(cell.width()).arg(cell.height());
            }
        }
    }
    return out;
}

// Everything visible that shows less than its text.
inline QStringList cut(QWidget *window)
{
    QStringList out;
    for (QTabBar *bar : window->findChildren<QTabBar *>()) {
        if (!bar->isVisible() || !placed(bar))
            continue;
        const QFontMetrics fm(bar->font());
        const int space = bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
        for (int i = 0; i < bar->count(); ++i) {
            // What QTabBar's size hint asks for: the text and the style's tab spacing.
            const int needed = fm.horizontalAdvance(plain(bar->tabText(i))) + space;
            if (bar->tabRect(i).width() < needed)
                out << QStringLiteral("tab \"%1\": %2 < %3 px").arg(bar->tabText(i)).arg(bar->tabRect(i).width()).arg(needed);
        }
    }
    for (QAbstractButton *b : window->findChildren<QAbstractButton *>()) {
        if (!b->isVisible() || b->text().isEmpty() || b->width() <= 0 || !placed(b))
            continue;
        if (auto *tool = qobject_cast<QToolButton *>(b); tool && tool->toolButtonStyle() == Qt::ToolButtonIconOnly)
            continue;
        int widest = 0;   // a button's text may have lines of its own (a wrapped lesson choice)
        for (const QString &line : plain(b->text()).split(QLatin1Char('\n')))
            widest = std::max(widest, b->fontMetrics().horizontalAdvance(line));
        const int needed = widest + (b->icon().isNull() ? 0 : b->iconSize().width() + 4) + 4;
        // Cut by its own size, or by the scroll area it sits in.
        const int shown = shownWidth(b);
        if (shown < needed)
            out << QStringLiteral("button \"%1\" in %2: %3 < %4 px").arg(b->text(), where(b)).arg(shown).arg(needed);
    }
    for (QComboBox *c : window->findChildren<QComboBox *>()) {
        if (!c->isVisible() || !placed(c) || c->currentText().isEmpty())
            continue;
        if (auto *chooser = qobject_cast<LessonChooser *>(c)) {   // it wraps: its lines, and room for them
            const QStringList lines = chooser->lines(c->width());
            for (const QString &line : lines)
                if (c->fontMetrics().horizontalAdvance(line) > chooser->textWidth(c->width()) + 1)
                    out << QStringLiteral("combo box line \"%1\" in %2: %3 > %4 px").arg(line, where(c)).arg(c->fontMetrics().horizontalAdvance(line)).arg(chooser->textWidth(c->width()));
            if (lines.join(QString()).remove(QLatin1Char(' ')) != c->currentText().remove(QLatin1Char(' ')))
                out << QStringLiteral("combo box \"%1\" in %2: drawn as \"%3\"").arg(c->currentText(), where(c), lines.join(u'|'));
            if (c->height() < c->heightForWidth(c->width()))
                out << QStringLiteral("combo box \"%1\" in %2: %3 px tall < %4").arg(c->currentText(), where(c)).arg(c->height()).arg(c->heightForWidth(c->width()));
            continue;
        }
        // The text area QComboBox's style leaves between the frame and the arrow.
        QStyleOptionComboBox opt;
        opt.initFrom(c);
        opt.editable = c->isEditable();
        const QRect field = c->style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, c);
        const int needed = c->fontMetrics().horizontalAdvance(c->currentText()) + (c->itemIcon(c->currentIndex()).isNull() ? 0 : c->iconSize().width() + 4);
        const int shown = std::min(field.width(), shownWidth(c) - (c->width() - field.width()));
        if (shown + 1 < needed)
            out << QStringLiteral("combo box \"%1\" in %2: %3 < %4 px").arg(c->currentText().left(60), where(c)).arg(shown).arg(needed);
    }
    // The status bar's transient message: drawn left of the permanent widgets shown.
    for (QStatusBar *bar : window->findChildren<QStatusBar *>()) {
        const QString message = bar->currentMessage();
        if (!bar->isVisible() || message.isEmpty())
            continue;
        int room = bar->width() - 8;
        for (QWidget *child : bar->findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
            if (child->isVisible() && child->width() > 0 && child->x() > 0)
                room = std::min(room, child->x());
        const int needed = bar->fontMetrics().horizontalAdvance(message) + 8;
        if (room < needed)
            out << QStringLiteral("status message \"%1\": %2 < %3 px").arg(message.left(60)).arg(room).arg(needed);
    }
    for (QLabel *l : window->findChildren<QLabel *>()) {
        if (!l->isVisible() || !placed(l) || l->wordWrap() || l->text().isEmpty() || !l->pixmap().isNull() || l->textFormat() == Qt::RichText)
            continue;
        if (Qt::mightBeRichText(l->text()) && l->textFormat() != Qt::PlainText)
            continue;
        // A label inside a scroll area may be wider than the area: only what is on screen counts.
        const int needed = l->fontMetrics().horizontalAdvance(l->text().section(QLatin1Char('\n'), 0, 0));
        const int shown = std::min(l->contentsRect().width(), shownWidth(l));
        if (shown + 1 < needed)
            out << QStringLiteral("label \"%1\" in %2: %3 < %4 px").arg(l->text().left(60), where(l)).arg(shown).arg(needed);
    }
    // Painted texts: a Workqueues lane draws its lines whole (wrapped) and is tall enough for them.
    for (WorkQueueLane *lane : window->findChildren<WorkQueueLane *>()) {
        if (!lane->isVisible() || !placed(lane) || shownWidth(lane) < lane->width())
            continue;
        out += laneCut(lane);
    }
    if (auto *canvas = window->findChild<ClusterCanvas *>(); canvas && canvas->isVisible()) {
        for (QGraphicsItem *item : canvas->scene()->items()) {
            const auto *card = dynamic_cast<const CardItem *>(item);
            if (card && card->isFolded())   // presenter's compact picture: an empty old ReplicaSet's badge (level of detail)
                continue;
            if (card && card->isVisible() && card->shownTitle() != card->content().title)
                out << QStringLiteral("canvas card \"%1\" drawn as \"%2\"").arg(card->content().title, card->shownTitle());
            if (card && card->isVisible() && canvas->isPresenter() && card->shownSummary() != card->content().summary
                && card->shownSummary() != card->content().shortSummary)
                out << QStringLiteral("canvas card %1's \"%2\" drawn as \"%3\"").arg(card->content().title, card->content().summary, card->shownSummary());
        }
    }
    return out;
}

// What a Workqueues lane paints that would not show whole: a line wider than its room, a
// text whose lines do not add up to it, a lane shorter than its lines.
inline QStringList laneCut(const WorkQueueLane *lane)
{
    QStringList out;
    const QString name = lane->objectName();
    const QFontMetrics footer(lane->footerFont()), note(lane->noteFont());
    const QStringList lines = lane->footerLines(lane->width());
    for (const QString &line : lines)
        if (footer.horizontalAdvance(line) > lane->footerRoom(lane->width()))
            out << QStringLiteral("%1 counters line \"%2\": %3 > %4 px").arg(name, line).arg(footer.horizontalAdvance(line)).arg(lane->footerRoom(lane->width()));
    if (lines.isEmpty())
        out << QStringLiteral("%1: no counters line").arg(name);
    for (const QStringList &noted : lane->noteLines(lane->width()))
        for (const QString &line : noted)
            if (note.horizontalAdvance(line) > lane->noteRoom(lane->width()))
                out << QStringLiteral("%1 note line \"%2\": %3 > %4 px").arg(name, line).arg(note.horizontalAdvance(line)).arg(lane->noteRoom(lane->width()));
    if (lane->height() < lane->contentHeight(lane->width()))
        out << QStringLiteral("%1: %2 px tall < %3 px drawn").arg(name).arg(lane->height()).arg(lane->contentHeight(lane->width()));
    return out;
}

} // namespace elision
