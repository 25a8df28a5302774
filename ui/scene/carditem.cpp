#include "ui/scene/carditem.h"

#include "ui/scene/canvastext.h"
#include "ui/theme.h"

#include <QPainter>

#include <cmath>
#include <QStyleOptionGraphicsItem>

namespace rlab::ui {

namespace {

const QColor kInk(0x1f, 0x29, 0x37);

} // namespace

void CardItem::setContent(const CardContent &content, bool animate)
{
    if (content == m_content)
        return;
    QList<double> pulse(content.counters.size(), 0.0);
    for (qsizetype i = 0; i < content.counters.size(); ++i) {
        const bool changed = i < m_content.counters.size() && m_content.counters[i].second != content.counters[i].second;
        pulse[i] = (animate && changed) ? 1.0 : (i < m_pulse.size() ? m_pulse[i] : 0.0);
    }
    m_pulse = pulse;
    m_content = content;
    update();
}

void CardItem::setTargetRect(const QRectF &rect, bool animate)
{
    if (rect.size() != m_size) {
        prepareGeometryChange();
        m_size = rect.size();
    }
    if (animate)
        m_pos.retarget(rect.topLeft());
    else
        m_pos.snap(rect.topLeft());
    setPos(m_pos.value());
}

void CardItem::setPresenter(bool on)
{
    if (on == m_presenter)
        return;
    m_presenter = on;
    update();
}

namespace {
// The room a title has on a card of width `cardW`: the normal card shares its line with the badge.
double titleRoom(double cardW, const QString &badge, bool presenter)
{
    if (presenter)
        return cardW - 1 - 22;
    const double badgeW = badge.isEmpty() ? 0 : QFontMetricsF(CanvasText::font(CanvasText::Role::Badge, false)).horizontalAdvance(badge) + 14;
    return cardW - 1 - 26 - badgeW;
}
} // namespace

QString CardItem::shownTitle() const
{
    if (m_folded)
        return {};
    const QFontMetricsF fm(CanvasText::font(CanvasText::Role::CardTitle, m_presenter));
    return fm.elidedText(m_content.title, Qt::ElideMiddle, titleRoom(m_size.width(), m_content.badge, m_presenter));
}

double CardItem::widthForTitle(const QString &title, const QString &badge, bool presenter)
{
    const double needed = QFontMetricsF(CanvasText::font(CanvasText::Role::CardTitle, presenter)).horizontalAdvance(title);
    return std::ceil(needed - titleRoom(0, badge, presenter)) + 2;
}

namespace {
// Presenter mode's second line: x 14 + badge (text + 12) + 10, the summary inset 4, 8 at the right.
double presenterBadgeWidth(const QString &badge)
{
    return badge.isEmpty() ? 0 : QFontMetricsF(CanvasText::font(CanvasText::Role::Badge, true)).horizontalAdvance(badge) + 12 + 10;
}
} // namespace

double CardItem::widthForSummary(const QString &badge, const QString &summary)
{
    return std::ceil(1 + 14 + presenterBadgeWidth(badge) + 8 + 4 + QFontMetricsF(CanvasText::font(CanvasText::Role::CardSummary, true)).horizontalAdvance(summary)) + 2;
}

double CardItem::widthForFolded(const QString &badge)
{
    return std::ceil(1 + 14 + QFontMetricsF(CanvasText::font(CanvasText::Role::Badge, true)).horizontalAdvance(badge) + 12 + 8) + 2;
}

void CardItem::setFolded(bool on)
{
    if (on == m_folded)
        return;
    m_folded = on;
    update();
}

QString CardItem::shownSummary() const
{
    if (m_folded)
        return {};
    const double room = m_size.width() - 1 - 14 - presenterBadgeWidth(m_content.badge) - 8 - 4;
    const QFontMetricsF fm(CanvasText::font(CanvasText::Role::CardSummary, true));
    if (fm.horizontalAdvance(m_content.summary) <= room || m_content.shortSummary.isEmpty())
        return fm.elidedText(m_content.summary, Qt::ElideRight, room);
    return fm.elidedText(m_content.shortSummary, Qt::ElideRight, room);
}

bool CardItem::isAnimating() const
{
    if (m_pos.running())
        return true;
    for (double p : m_pulse) {
        if (p > 0)
            return true;
    }
    return false;
}

bool CardItem::advance(double dt)
{
    if (m_pos.running()) {
        m_pos.advance(dt);
        setPos(m_pos.value());
    }
    bool pulsing = false;
    for (double &p : m_pulse) {
        if (p > 0) {
            p = std::max(0.0, p - dt * 0.5);   // twice as long as a motion: ~1.2 s
            pulsing = true;
        }
    }
    if (pulsing)
        update();
    return isAnimating();
}

void CardItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QRectF r = boundingRect().adjusted(0.5, 0.5, -0.5, -0.5);
    const QColor accent = m_content.faded ? QColor(0x9c, 0xa3, 0xaf) : m_content.accent;
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(m_content.faded ? QColor(0xd1, 0xd5, 0xdb) : accent.lighter(130), 1.5));
    painter->setBrush(m_content.faded ? QColor(0xf9, 0xfa, 0xfb) : Qt::white);
    painter->drawRoundedRect(r, 10, 10);
    // Header stripe on the left edge.
    painter->setPen(Qt::NoPen);
    painter->setBrush(accent);
    painter->drawRoundedRect(QRectF(r.left(), r.top(), 7, r.height()), 3.5, 3.5);
    if (lod < 0.22)
        return;
    if (m_presenter) {
        paintPresenter(painter, r, accent);
        return;
    }

    const QColor ink = m_content.faded ? QColor(0x6b, 0x72, 0x80) : kInk;
    const double x = r.left() + 16, w = r.width() - 26;
    using R = CanvasText::Role;
    static const QFont kindFont = CanvasText::font(R::CardKind, false), titleFont = CanvasText::font(R::CardTitle, false),
                       detailFont = CanvasText::font(R::CardDetail, false), labelFont = CanvasText::font(R::CounterLabel, false),
                       numberFont = CanvasText::font(R::CounterNumber, false), badgeFont = CanvasText::font(R::Badge, false);
    // Badge (right) and kind label.
    painter->setFont(badgeFont);
    const QFontMetricsF bm(badgeFont);
    double badgeW = 0;
    if (!m_content.badge.isEmpty()) {
        badgeW = bm.horizontalAdvance(m_content.badge) + 14;
        const QRectF badge(r.right() - 10 - badgeW, r.top() + 8, badgeW, 20);
        painter->setBrush(accent);
        painter->drawRoundedRect(badge, 10, 10);
        painter->setPen(Qt::white);
        painter->drawText(badge, Qt::AlignCenter, m_content.badge);
    }
    painter->setFont(kindFont);
    painter->setPen(accent.darker(115));
    painter->drawText(QRectF(x, r.top() + 6, w - badgeW, 14), Qt::AlignLeft | Qt::AlignVCenter, m_content.kind.toUpper());
    painter->setFont(titleFont);
    painter->setPen(ink);
    painter->drawText(QRectF(x, r.top() + 20, w - badgeW + 2, 22), Qt::AlignLeft | Qt::AlignVCenter, shownTitle());
    painter->setFont(detailFont);
    painter->setPen(theme::muted());
    const QFontMetricsF dm(detailFont);
    painter->drawText(QRectF(x, r.top() + 42, w, 16), Qt::AlignLeft | Qt::AlignVCenter,
                      dm.elidedText(m_content.detail, Qt::ElideRight, w));

    // Counters: small label over a big number, highlighted while they tick.
    const qsizetype n = m_content.counters.size();
    if (n == 0)
        return;
    const double cw = std::min(w / double(n), 90.0);
    for (qsizetype i = 0; i < n; ++i) {
        const QRectF cell(x + i * cw, r.top() + 60, cw - 4, r.height() - 66);
        const double p = i < m_pulse.size() ? m_pulse[i] : 0.0;
        if (p > 0) {
            QColor glow = theme::recentWrite();
            glow.setAlphaF(float(p));
            painter->setPen(Qt::NoPen);
            painter->setBrush(glow);
            painter->drawRoundedRect(cell, 5, 5);
        }
        painter->setFont(labelFont);
        painter->setPen(theme::muted());
        painter->drawText(QRectF(cell.left() + 3, cell.top(), cell.width() - 3, 13), Qt::AlignLeft | Qt::AlignVCenter,
                          m_content.counters[i].first);
        painter->setFont(numberFont);
        painter->setPen(ink);
        painter->drawText(QRectF(cell.left() + 3, cell.top() + 12, cell.width() - 3, cell.height() - 12),
                          Qt::AlignLeft | Qt::AlignVCenter, QString::number(m_content.counters[i].second));
    }
}

// Two lines in large type: the title, then the badge ("rev 2") and the summary ("2/3 ready"),
// which glows while a counter just changed.
void CardItem::paintPresenter(QPainter *painter, const QRectF &r, const QColor &accent)
{
    using R = CanvasText::Role;
    static const QFont titleFont = CanvasText::font(R::CardTitle, true), summaryFont = CanvasText::font(R::CardSummary, true),
                       badgeFont = CanvasText::font(R::Badge, true);
    const QColor ink = m_content.faded ? QColor(0x6b, 0x72, 0x80) : kInk;
    const double x = r.left() + 14, w = r.width() - 22, line = CanvasText::kPresenterPx + 12;
    const double top = r.top() + (r.height() - 2 * line) / 2;
    if (m_folded) {   // the badge alone, centred in height
        painter->setFont(badgeFont);
        const QRectF badge(x, r.top() + (r.height() - line + 4) / 2, QFontMetricsF(badgeFont).horizontalAdvance(m_content.badge) + 12, line - 4);
        painter->setPen(Qt::NoPen);
        painter->setBrush(accent);
        painter->drawRoundedRect(badge, badge.height() / 2, badge.height() / 2);
        painter->setPen(Qt::white);
        painter->drawText(badge, Qt::AlignCenter, m_content.badge);
        return;
    }
    painter->setFont(titleFont);
    painter->setPen(ink);
    painter->drawText(QRectF(x, top, w + 2, line), Qt::AlignLeft | Qt::AlignVCenter, shownTitle());
    double sx = x;
    if (!m_content.badge.isEmpty()) {
        painter->setFont(badgeFont);
        const double bw = QFontMetricsF(badgeFont).horizontalAdvance(m_content.badge) + 12;
        const QRectF badge(sx, top + line + 2, bw, line - 4);
        painter->setPen(Qt::NoPen);
        painter->setBrush(accent);
        painter->drawRoundedRect(badge, badge.height() / 2, badge.height() / 2);
        painter->setPen(Qt::white);
        painter->drawText(badge, Qt::AlignCenter, m_content.badge);
        sx += bw + 10;
    }
    double pulse = 0;
    for (double p : m_pulse)
        pulse = std::max(pulse, p);
    const QRectF summary(sx, top + line, r.right() - 8 - sx, line);
    if (pulse > 0) {
        QColor glow = theme::recentWrite();
        glow.setAlphaF(float(pulse));
        painter->setPen(Qt::NoPen);
        painter->setBrush(glow);
        painter->drawRoundedRect(summary, 6, 6);
    }
    painter->setFont(summaryFont);
    painter->setPen(ink);
    painter->drawText(summary.adjusted(4, 0, 2, 0), Qt::AlignLeft | Qt::AlignVCenter, shownSummary());
}

} // namespace rlab::ui
