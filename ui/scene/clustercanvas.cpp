#include "ui/scene/clustercanvas.h"

#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/scene/canvaslayout.h"
#include "ui/scene/canvaslegend.h"
#include "ui/scene/canvasscene.h"
#include "ui/scene/canvastext.h"
#include "ui/scene/motion.h"
#include "ui/scene/phasecolors.h"
#include "ui/scene/poditem.h"
#include "ui/theme.h"

#include <QElapsedTimer>
#include <QGraphicsItem>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolButton>
#include <QWheelEvent>

#include <cmath>

namespace rlab::ui {

namespace {
constexpr double kMaxAutoZoom = 2.2;   // a small cluster is not blown up beyond this
// Fit shows the whole picture unless that fills less than this share of the view's height.
constexpr double kMinFitFill = 0.25;
constexpr double kMinZoom = 0.02, kMaxZoom = 6.0;
const PodStage kStages[] = {PodStage::Pending, PodStage::ContainerCreating, PodStage::Running,
                            PodStage::Ready, PodStage::Failing, PodStage::Terminating};
}

ClusterCanvas::ClusterCanvas(ClusterSession &session, QWidget *parent)
    : QGraphicsView(parent), m_session(session), m_scene(new CanvasScene(this))
{
    setObjectName(QStringLiteral("clusterCanvas"));
    setScene(m_scene);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    setOptimizationFlags(QGraphicsView::DontAdjustForAntialiasing | QGraphicsView::DontSavePainterState);
    setCacheMode(QGraphicsView::CacheNone);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setAlignment(Qt::AlignHCenter | Qt::AlignTop);   // the legend has the bottom
    setFrameShape(QFrame::NoFrame);
    setMinimumSize(320, 240);

    auto button = [this](const QString &text, const QString &tip) {
        auto *b = new QToolButton(viewport());
        b->setText(text);
        b->setToolTip(tip);
        b->setAutoRaise(false);
        b->setFocusPolicy(Qt::NoFocus);
        b->setCursor(Qt::ArrowCursor);
        return b;
    };
    m_fitButton = button(tr("Fit"), tr("Fit the whole cluster in view (0 or double-click)"));
    m_fitButton->setObjectName(QStringLiteral("canvasFitButton"));
    m_zoomInButton = button(QStringLiteral("+"), tr("Zoom in (+ or Ctrl+wheel)"));
    m_zoomOutButton = button(QStringLiteral("−"), tr("Zoom out (- or Ctrl+wheel)"));
    connect(m_fitButton, &QToolButton::clicked, this, &ClusterCanvas::fit);
    connect(m_zoomInButton, &QToolButton::clicked, this, [this] { zoomBy(1.25); });
    connect(m_zoomOutButton, &QToolButton::clicked, this, [this] { zoomBy(0.8); });

    connect(&m_session, &ClusterSession::storeEvents, this, &ClusterCanvas::onStoreEvents);
    connect(&m_session, &ClusterSession::frameDone, this, &ClusterCanvas::tick);
    m_session.addIntakeGate(this, [this] { return m_scene->isResetting(); });
    connect(&m_session, &ClusterSession::clusterReset, this, &ClusterCanvas::rebuild);
    rebuild();
}

ClusterCanvas::~ClusterCanvas() = default;

double ClusterCanvas::zoom() const
{
    return transform().m11();
}

void ClusterCanvas::rebuild()
{
    // Shared with the session's snapshot: the keys are not copied here (issue #17).
    const std::shared_ptr<const view::Snapshot> snap = m_session.sharedSnapshot();
    m_scene->resetShared(std::shared_ptr<const std::vector<view::KeyValue>>(snap, &snap->kvs), m_session.monotonicMs(), m_session.view().now());
    fitIfAuto();
    viewport()->update();
}

void ClusterCanvas::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_scene->retranslate();
        viewport()->update();
    }
    QGraphicsView::changeEvent(event);
}

void ClusterCanvas::onStoreEvents(const std::vector<view::WatchEvent> &events)
{
    m_scene->apply(events);
}

void ClusterCanvas::tick(qint64 monotonicMs)
{
    // A reset's slice is sized by the frame's budget left: its time is the budget's (an
    // animation's is not: the next frame leaves room for that).
    const bool slice = m_scene->isResetting();
    QElapsedTimer spent;
    spent.start();
    m_scene->tick(monotonicMs, m_session.view().now(), m_session.frameBudgetLeftMs());
    if (slice)
        m_session.noteBudgetedNs(spent.nsecsElapsed());
    fitIfAuto();
}

void ClusterCanvas::finishMotion()
{
    // A step of a whole wall-clock duration ends every tween (Motion::step). A layout left dirty
    // by writes taken in since the last frame is redone on that step, and moves pods anew: the
    // next whole step ends those (the intake's frame budget decides whether writes land before
    // or after a frame, so a loaded machine left 7 pods moving after one step).
    const qint64 now = m_session.monotonicMs();
    for (int step = 1; step <= 3 && !m_scene->isResetting(); ++step) {
        tick(now + step * qint64(Motion::kWallDurationMs));
        if (m_scene->animatingCount() == 0)
            break;
    }
}

void ClusterCanvas::setPresenter(bool on)
{
    if (on == m_presenter)
        return;
    m_presenter = on;
    m_scene->setPresenter(on);
    placeButtons();   // the window's font (presenter mode's) has reached them by now
    m_autoFit = true;
    m_fittedRect = QRectF();
    fitIfAuto();
    viewport()->update();
}

double ClusterCanvas::smallestTextPx() const
{
    return CanvasText::smallestScreenPx(m_presenter, zoom());
}

QFont ClusterCanvas::legendFont() const
{
    QFont f = font();
    if (m_presenter)
        f.setPixelSize(int(CanvasText::kPresenterLegendPx));
    else
        f.setPointSizeF(std::max(9.0, f.pointSizeF() - 1));
    return f;
}

QList<int> ClusterCanvas::legendRows(const QFontMetrics &fm) const
{
    QList<int> widths;
    for (PodStage st : kStages)
        widths << fm.horizontalAdvance(PhaseColors::shortLabel(st));
    // Beside the −/+/Fit buttons, which share the bottom band with it.
    const int buttons = m_fitButton->width() + m_zoomInButton->width() + m_zoomOutButton->width() + 8 + 16;
    return CanvasLegend::rows(widths, viewport()->width() - 16 - CanvasLegend::kPad - buttons);
}

QRect ClusterCanvas::legendRect() const
{
    const QFontMetrics fm(legendFont());
    QList<int> widths;
    for (PodStage st : kStages)
        widths << fm.horizontalAdvance(PhaseColors::shortLabel(st));
    const QList<int> rows = legendRows(fm);
    const int rowH = fm.height() + 10, h = int(rows.size()) * rowH + 4;
    return QRect(8, viewport()->height() - h - 8, CanvasLegend::boxWidth(widths, rows), h);
}

void ClusterCanvas::fit()
{
    m_autoFit = true;
    m_fittedRect = QRectF();
    m_panning = false;   // a wide picture starts again from its left end
    fitIfAuto();
}

void ClusterCanvas::fitIfAuto()
{
    if (!m_autoFit)
        return;
    const QRectF r = m_scene->sceneRect();
    if (r == m_fittedRect && !r.isEmpty())
        return;
    m_fittedRect = r;
    const int band = std::max(legendRect().height(), m_fitButton->height());   // legend and buttons
    // Sized without scroll bars, so the choice below does not flip with the bar it brings.
    const QSizeF avail = QSizeF(maximumViewportSize()) - QSizeF(0, band + 16);
    if (r.isEmpty() || avail.width() <= 0 || avail.height() <= 0)
        return;
    double s = std::min({avail.width() / r.width(), avail.height() / r.height(), kMaxAutoZoom});
    bool pans = false;
    if (m_presenter) {   // readable first: a picture too big for that pans instead
        s = std::max(s, CanvasText::minReadableZoom());
    } else if (s * r.height() < kMinFitFill * avail.height()) {
        // Many Deployments side by side (200: a picture ~120 times as wide as tall), fitted
        // whole, are a strip a few px high: fit the height instead, the first Deployments on
        // the left, the rest a scroll away.
        const double bar = horizontalScrollBar()->sizeHint().height();
        s = std::min((avail.height() - bar) / r.height(), kMaxAutoZoom);
        pans = s > 0;
    }
    if (s <= 0)
        return;
    // Panning, the left end (node names, then the first Deployment) the first time; after that
    // where the user scrolled to, as the picture changes under it. Else the middle.
    const double keptX = mapToScene(viewport()->rect().center()).x();
    const bool keep = pans && m_panning;
    m_panning = pans;
    setTransform(QTransform::fromScale(s, s));
    centerOn(!pans ? r.center() : QPointF(keep ? keptX : r.left() + avail.width() / (2 * s), r.center().y()));
    applyLevelOfDetail();
}

void ClusterCanvas::applyLevelOfDetail()
{
    m_scene->setFarZoom(zoom() * CanvasLayout::kChipW < PodItem::kPlainBelowPx);
}

void ClusterCanvas::zoomBy(double factor)
{
    const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    const double f = target / zoom();
    if (std::abs(f - 1.0) < 1e-9)
        return;
    m_autoFit = false;
    scale(f, f);
    applyLevelOfDetail();
}

void ClusterCanvas::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        const double steps = event->angleDelta().y() / 120.0;
        zoomBy(std::pow(1.15, steps));
        event->accept();
        return;
    }
    QGraphicsView::wheelEvent(event);
}

void ClusterCanvas::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25);
        return;
    case Qt::Key_Minus:
        zoomBy(0.8);
        return;
    case Qt::Key_0:
        fit();
        return;
    default:
        QGraphicsView::keyPressEvent(event);
    }
}

ObjectRef ClusterCanvas::objectAt(const QPoint &viewportPos) const
{
    // At far zoom the chips are painted by one item: the pod under the point first (pods sit
    // in the lanes, above them; nothing else covers a lane).
    if (m_scene->isFarZoom())
        if (const PodItem *pod = m_scene->podChipAt(mapToScene(viewportPos)))
            return ObjectRef{pod->data(0).toString(), pod->data(1).toString(), pod->data(2).toString()};
    for (QGraphicsItem *item : items(viewportPos)) {
        const QString kind = item->data(0).toString();
        if (!kind.isEmpty())
            return ObjectRef{kind, item->data(1).toString(), item->data(2).toString()};
    }
    return {};
}

void ClusterCanvas::mousePressEvent(QMouseEvent *event)
{
    m_pressPos = event->position().toPoint();
    QGraphicsView::mousePressEvent(event);
}

void ClusterCanvas::mouseReleaseEvent(QMouseEvent *event)
{
    QGraphicsView::mouseReleaseEvent(event);
    // A click, not the end of a drag (pan).
    if (event->button() == Qt::LeftButton && (event->position().toPoint() - m_pressPos).manhattanLength() < 5) {
        const ObjectRef ref = objectAt(event->position().toPoint());
        if (!ref.kind.isEmpty())
            emit objectActivated(ref);
    }
}

void ClusterCanvas::mouseDoubleClickEvent(QMouseEvent *event)
{
    // Always fits, on an object too (a single click already selects it).
    if (event->button() == Qt::LeftButton) {
        fit();
        event->accept();
        return;
    }
    QGraphicsView::mouseDoubleClickEvent(event);
}

void ClusterCanvas::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    // What the picture may span at the readable zoom: wider, the scene lays it out compact.
    m_scene->setAvailableWidth(std::floor(viewport()->width() / CanvasText::minReadableZoom()) - 4);
    placeButtons();
    m_fittedRect = QRectF();
    fitIfAuto();
}

// Bottom right, in the band the legend keeps free under the picture: they never cover a card.
void ClusterCanvas::placeButtons()
{
    const int h = m_fitButton->sizeHint().height();
    int x = viewport()->width() - 8;
    for (QToolButton *b : {m_fitButton, m_zoomInButton, m_zoomOutButton}) {
        const int w = std::max(b->sizeHint().width(), h);
        x -= w;
        b->setGeometry(x, viewport()->height() - h - 8, w, h);
        x -= 4;
    }
}

void ClusterCanvas::drawForeground(QPainter *painter, const QRectF &rect)
{
    Q_UNUSED(rect);
    painter->save();
    painter->resetTransform();
    painter->setRenderHint(QPainter::Antialiasing, true);
    // An empty cluster says what to do.
    if (m_scene->deploymentCardCount() == 0 && m_scene->replicaSetCardCount() == 0) {
        painter->setFont(theme::headlineFont(1.3));
        painter->setPen(theme::muted());
        // Wrapped in the top third, under the zoom buttons, so it never runs over the node lanes.
        QRect hint = viewport()->rect().adjusted(24, 48, -24, 0);
        hint.setHeight(std::max(60, viewport()->height() / 3 - 48));
        painter->drawText(hint, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                          tr("Apply a Deployment (drop a manifest here or use Apply) to watch it roll out"));
    }
    // Legend of the chip colours, bottom left, in view coordinates (always readable); wraps.
    const QFont f = legendFont();
    painter->setFont(f);
    const QFontMetrics fm(f);
    const QRect box = legendRect();
    painter->setPen(QColor(0xd1, 0xd5, 0xdb));
    painter->setBrush(QColor(255, 255, 255, 235));
    painter->drawRoundedRect(box, 6, 6);
    const int rowH = fm.height() + 10;
    int entry = 0, y = box.top() + 2;
    for (int count : legendRows(fm)) {
        int x = box.left() + CanvasLegend::kPad;
        for (int k = 0; k < count; ++k, ++entry) {
            const PodStage st = kStages[entry];
            painter->setPen(Qt::NoPen);
            painter->setBrush(PhaseColors::color(st));
            painter->drawRoundedRect(QRectF(x, y + rowH / 2 - 6, CanvasLegend::kSwatch, 12), 3, 3);
            x += CanvasLegend::kSwatch + CanvasLegend::kSwatchGap;
            painter->setPen(QColor(0x1f, 0x29, 0x37));
            const QString label = PhaseColors::shortLabel(st);
            painter->drawText(QRect(x, y, fm.horizontalAdvance(label) + 2, rowH), Qt::AlignVCenter | Qt::AlignLeft, label);
            x += fm.horizontalAdvance(label) + CanvasLegend::kGap;
        }
        y += rowH;
    }
    painter->restore();
}

void ClusterCanvas::paintEvent(QPaintEvent *event)
{
    QElapsedTimer timer;
    timer.start();
    QGraphicsView::paintEvent(event);
    m_session.notePaintNs(timer.nsecsElapsed());
}

} // namespace rlab::ui
