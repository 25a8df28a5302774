#include "ui/widgets/workqueuepanel.h"

#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/live/livenote.h"
#include "ui/models/workqueuemodel.h"
#include "ui/timetravel/queuereplay.h"
#include "ui/widgets/workqueuelane.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

namespace rlab::ui {

namespace {
const QStringList kDefaultPair{QStringLiteral("deployment"), QStringLiteral("replicaset")};
const QString kAll = QStringLiteral("*");
} // namespace

WorkQueuePanel::WorkQueuePanel(ClusterSession &session, QWidget *parent)
    : QWidget(parent), m_session(session), m_model(new WorkQueueModel(this)), m_chooser(new QComboBox(this)),
      m_scroll(new QScrollArea(this))
{
    m_chooser->setObjectName(QStringLiteral("workQueueChooser"));
    m_chooser->setToolTip(tr("Which controllers' workqueues to show"));
    m_chooser->setAccessibleName(tr("Workqueues of"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);   // chips elide into "+N more"
    auto *top = new QHBoxLayout;
    // No "Workqueues of" label: the dock's title says it, and the chooser gets the whole width.
    top->addWidget(m_chooser, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    m_liveNote = new LiveNote(session, tr("Live cluster: its workqueues live inside kube-controller-manager and are not visible over "
                                          "the API. The shadow controller syncs each Deployment as its events arrive: see Controller activity."), this);
    layout->addWidget(m_liveNote);
    layout->addWidget(m_scroll, 1);

    connect(m_chooser, &QComboBox::currentIndexChanged, this, [this] { rebuildLanes(); });
    connect(&session, &ClusterSession::traceEvents, this,
            [this](const std::vector<TraceEvent> &events) { m_model->applyTrace(events, m_session.monotonicMs()); });
    connect(&session, &ClusterSession::frameDone, this, [this] { poll(); });
    connect(&session, &ClusterSession::clusterReset, this, [this] {
        m_live.clear();   // another Simulation: its queues start their generations afresh
        m_generations.clear();
        m_model->clear();
        replayPast();
        // A restored lab's queues hold thousands of keys (issue #17): their first full copy
        // (~20 ms) waits for a timer of its own instead of adding to the frame that restores
        // the lab (a 0 ms one ran among the restore's posted events, in the same stretch).
        // Time travel reads the replayed queues, which are already here.
        if (m_session.isFrozen())
            poll();
        else
            QTimer::singleShot(1, this, [this] { poll(); });
    });
    poll();
}

void WorkQueuePanel::replayPast()
{
    m_past.clear();
    if (!m_session.isFrozen())
        return;
    // Time travel: the queues as the trace left them at the viewed revision, not the live ones.
    const view::ClusterView &v = m_session.view();
    const qint64 seq = v.lastTraceSeqAt(m_session.snapshot().revision);
    // Only the Queue* and ReconcileStart events are read back: a seek costs what the queues did,
    // not the whole log (300,000 revisions: seconds per seek before).
    const std::vector<TraceEvent> events = v.traceOfTypes(0, seq, QueueReplay::eventTypes());
    m_past = QueueReplay::at(events, v.queues({}, {}, nullptr, 0), v.startTime(), m_session.viewedElapsedMs());
}

void WorkQueuePanel::poll()
{
    // Only the queues that changed since the last frame are copied (WorkQueue::generation()), and
    // of those only the keys the model lists: a restored lab's scheduler queue holds ~20,000
    // backed-off pods and changes every frame (issue #17).
    if (!m_session.isFrozen()) {
        std::vector<quint64> generations;
        m_live = m_session.view().queues(m_live, m_generations, &generations, WorkQueueModel::kMaxListed);
        m_generations = std::move(generations);
    }
    const std::vector<WorkQueueView> &views = m_session.isFrozen() ? m_past : m_live;
    m_model->setQueues(views, m_session.monotonicMs());
    QStringList names;
    for (const WorkQueueView &v : views)
        names << v.controller;
    if (names != m_known) {
        m_known = names;
        rebuildChooser();
        return;
    }
    for (WorkQueueLane *lane : std::as_const(m_lanes))
        lane->refresh();
}

void WorkQueuePanel::rebuildChooser()
{
    const QString current = m_chooser->currentData().toString();
    const QSignalBlocker block(m_chooser);
    m_chooser->clear();
    m_chooser->addItem(tr("deployment + replicaset"), QString());
    for (const QString &name : std::as_const(m_known))
        m_chooser->addItem(name, name);
    m_chooser->addItem(tr("all controllers"), kAll);
    m_chooser->setCurrentIndex(qMax(0, m_chooser->findData(current)));
    rebuildLanes();
}

void WorkQueuePanel::showControllers(const QStringList &controllers)
{
    const QString wanted = controllers.size() == 1 ? controllers.first() : QString();
    m_chooser->setCurrentIndex(qMax(0, m_chooser->findData(wanted)));
}

void WorkQueuePanel::rebuildLanes()
{
    const QString choice = m_chooser->currentData().toString();
    QStringList shown;
    if (choice == kAll)
        shown = m_known;
    else if (!choice.isEmpty())
        shown = QStringList{choice};
    else
        for (const QString &name : kDefaultPair)
            if (m_known.contains(name))
                shown << name;
    m_lanes.clear();
    m_content = new QWidget;
    m_contentLayout = new QVBoxLayout(m_content);
    m_contentLayout->setContentsMargins(0, 0, 0, 0);
    m_contentLayout->setSpacing(8);
    for (const QString &name : std::as_const(shown)) {
        auto *lane = new WorkQueueLane(m_model, name, m_content);
        m_contentLayout->addWidget(lane);
        m_lanes << lane;
    }
    m_contentLayout->addStretch(1);
    m_scroll->setWidget(m_content);   // deletes the previous content and its lanes
}

} // namespace rlab::ui
