#include "ui/widgets/timecontrols.h"

#include "core/live/livesource.h"
#include "ui/clustersession.h"
#include "ui/commands/clusterqueries.h"
#include "ui/live/labonly.h"
#include "ui/theme.h"
#include "ui/widgets/speedslider.h"
#include "ui/widgets/layoutbarrier.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QLabel>
#include <QStyle>

namespace rlab::ui {

namespace {
// 83 456 ms → "00:01:23.4"
QString clockText(qint64 ms)
{
    const qint64 s = ms / 1000;
    return QStringLiteral("%1:%2:%3.%4")
        .arg(s / 3600, 2, 10, QLatin1Char('0'))
        .arg(s / 60 % 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'))
        .arg(ms % 1000 / 100);
}
} // namespace

QList<QAction *> TimeControls::latencyActions() const
{
    return m_latencyGroup->actions();
}

void TimeControls::showLatency()
{
    const QString preset = m_session.latency();
    m_latency->setCurrentIndex(m_latency->findData(preset));
    for (QAction *a : m_latencyGroup->actions())
        a->setChecked(a->data().toString() == preset);
}

TimeControls::TimeControls(ClusterSession &session, QWidget *parent)
    : QToolBar(tr("Time"), parent), m_session(session), m_commands(session)
{
    setObjectName(QStringLiteral("timeToolBar"));
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    QStyle *st = style();

    m_play = addAction(QString(), this, &TimeControls::togglePlay);
    m_play->setObjectName(QStringLiteral("playAction"));
    m_play->setShortcut(Qt::Key_Space);
    m_step = addAction(st->standardIcon(QStyle::SP_MediaSeekForward), tr("Step"), this, &TimeControls::stepOneReconcile);
    m_step->setObjectName(QStringLiteral("stepAction"));
    m_step->setShortcut(Qt::Key_Right);
    m_step->setToolTip(tr("Step one reconcile (→): run the informers and exactly one controller work item; pauses time"));
    m_nextEvent = addAction(st->standardIcon(QStyle::SP_MediaSkipForward), tr("Next event"), this, &TimeControls::stepToNextEvent);
    m_nextEvent->setObjectName(QStringLiteral("nextEventAction"));
    m_nextEvent->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Right));
    m_nextEvent->setToolTip(tr("Step to the next event (Shift+→): run what is pending, or jump the virtual clock to the next timer"));
    m_runUntil = addAction(st->standardIcon(QStyle::SP_DialogYesButton), tr("Run until complete"), this, &TimeControls::runUntilComplete);
    m_runUntil->setObjectName(QStringLiteral("runUntilAction"));
    addSeparator();

    m_speed = new SpeedSlider(session, this);
    addWidget(m_speed);
    addSeparator();

    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("modeBox"));
    m_mode->addItem(tr("Step-by-step"), QVariant::fromValue(ClusterSession::Mode::Deterministic));
    m_mode->addItem(tr("Live threads"), QVariant::fromValue(ClusterSession::Mode::Live));
    m_mode->setItemData(0, tr("Deterministic runner: one thread runs informers and controllers in a fixed order; steps possible"), Qt::ToolTipRole);
    m_mode->setItemData(1, tr("Controllers on worker QThreads (5 Deployment, 5 ReplicaSet workers), as in kube-controller-manager"), Qt::ToolTipRole);
    m_mode->setToolTip(tr("How the control plane runs"));
    addWidget(m_mode);
    addSeparator();

    // What each hop costs: the presets of core/sim/latencymodel (design.md §3).
    m_latency = new QComboBox(this);
    m_latency->setObjectName(QStringLiteral("latencyBox"));
    m_latencyGroup = new QActionGroup(this);
    const QList<std::pair<QString, QString>> presets{
        {QStringLiteral("classroom"), tr("Every hop slowed so that it is seen at ×1: keys wait in the queues, workers hold them, pods stay Pending")},
        {QStringLiteral("realistic"), tr("Figures of real clusters: API requests in milliseconds, 20 requests/s per controller client")},
        {QStringLiteral("instant"), tr("Every hop free: only kubelet stages and explicit delays take time")}};
    for (const auto &[preset, tip] : presets) {
        const QString label = preset == QLatin1String("classroom") ? tr("Classroom")
                            : preset == QLatin1String("realistic") ? tr("Realistic")
                                                                   : tr("Instant");
        m_latency->addItem(label, preset);
        m_latency->setItemData(m_latency->count() - 1, tip, Qt::ToolTipRole);
        QAction *a = m_latencyGroup->addAction(tr("Latency: %1").arg(label));
        a->setCheckable(true);
        a->setData(preset);
        a->setToolTip(tip);
        a->setObjectName(QStringLiteral("latency-") + preset);
    }
    m_latency->setToolTip(tr("What each hop of the control plane costs in virtual time"));
    addWidget(m_latency);
    addSeparator();
    connect(m_latency, &QComboBox::activated, this, [this](int index) {
        m_session.setLatency(m_latency->itemData(index).toString());
    });
    connect(m_latencyGroup, &QActionGroup::triggered, this, [this](QAction *a) { m_session.setLatency(a->data().toString()); });
    connect(&session, &ClusterSession::latencyChanged, this, &TimeControls::showLatency);

    m_clock = new QLabel(this);
    m_clock->setObjectName(QStringLiteral("virtualClock"));
    QFont f = theme::monospaceFont();
    f.setPointSizeF(f.pointSizeF() * 1.25);
    f.setBold(true);
    m_clock->setFont(f);
    m_clock->setToolTip(tr("Virtual time since the cluster started"));
    m_clock->setContentsMargins(8, 0, 8, 0);
    addWidget(new LayoutBarrier(m_clock, this));   // a new time every frame

    connect(m_mode, &QComboBox::activated, this, [this](int index) {
        if (m_session.isFrozen()) {   // worker threads would write to the live cluster
            showMode();
            return;
        }
        m_session.setMode(m_mode->itemData(index).value<ClusterSession::Mode>());
    });
    connect(&session, &ClusterSession::frozenChanged, this, &TimeControls::updateEnabled);
    connect(&session, &ClusterSession::liveChanged, this, &TimeControls::updateEnabled);
    connect(&session, &ClusterSession::modeChanged, this, &TimeControls::showMode);
    connect(&session, &ClusterSession::timeRunningChanged, this, &TimeControls::showPlaying);
    connect(&session, &ClusterSession::frameDone, this, &TimeControls::updateClock);
    connect(&session, &ClusterSession::clusterReset, this, [this] {
        updateClock();
        updateEnabled();
    });
    connect(&session, &ClusterSession::storeEvents, this, [this](const std::vector<view::WatchEvent> &events) {
        for (const view::WatchEvent &e : events) {
            if (e.kv.key.startsWith("/registry/deployments/") && (e.type == view::WatchEvent::Delete || e.isCreate())) {
                updateEnabled();
                return;
            }
        }
    });
    showPlaying(session.isTimeRunning());
    showMode();
    showLatency();
    updateClock();
    updateEnabled();
}

void TimeControls::setDeployment(const QString &name)
{
    m_deployment = name;
    updateEnabled();
}

QString TimeControls::deployment() const
{
    if (!m_deployment.isEmpty())
        return m_deployment;
    return ClusterQueries::deployments(m_session.readClient(), m_session.namespace_()).value(0);
}

void TimeControls::togglePlay()
{
    if (m_session.isFrozen()) {   // the past does not run: Live first
        emit message(m_session.readOnlyError(), false);
        return;
    }
    if (m_playHandler && m_playHandler())
        return;
    m_session.setTimeRunning(!m_session.isTimeRunning());
}

TimeCommands::Report TimeControls::finish(const TimeCommands::Report &report)
{
    m_last = report;
    updateClock();
    emit message(report.text, report.ok);
    return report;
}

TimeCommands::Report TimeControls::stepOneReconcile()
{
    if (!m_session.isFrozen() && !LabOnly::isLive(m_session))
        m_session.setTimeRunning(false);
    return finish(m_commands.stepOneReconcile());
}

TimeCommands::Report TimeControls::stepToNextEvent()
{
    if (!m_session.isFrozen() && !LabOnly::isLive(m_session))
        m_session.setTimeRunning(false);
    return finish(m_commands.stepToNextEvent());
}

TimeCommands::Report TimeControls::runUntilComplete()
{
    const QString name = LabOnly::isLive(m_session) ? QStringLiteral("-") : deployment();   // refused below
    if (name.isEmpty())
        return finish({false, 0, tr("No Deployment to run until complete: apply one first")});
    return finish(m_commands.runUntilComplete(QStringLiteral("default"), name));
}

void TimeControls::showPlaying(bool running)
{
    m_play->setText(running ? tr("Pause") : tr("Play"));
    m_play->setIcon(style()->standardIcon(running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setToolTip(running ? tr("Pause virtual time (Space)") : tr("Let virtual time run at the chosen speed (Space)"));
    updateClock();
}

void TimeControls::showMode()
{
    m_mode->setCurrentIndex(m_session.mode() == ClusterSession::Mode::Live ? 1 : 0);
}

void TimeControls::updateClock()
{
    m_clock->setText(QStringLiteral("t = ") + clockText(m_session.viewedElapsedMs()) + (m_session.isTimeRunning() ? QString() : tr(" · paused")));
}

void TimeControls::updateEnabled()
{
    const QString name = LabOnly::isLive(m_session) ? QString() : deployment();
    // Time travel: nothing that runs the cluster (or switches it to worker threads) in the past.
    const bool present = !m_session.isFrozen();
    m_play->setEnabled(present);
    m_runUntil->setToolTip(name.isEmpty() ? tr("Run until a Deployment's rollout is complete (apply one first)")
                                          : tr("Run virtual time until deployment \"%1\" is rolled out: updated = available = replicas, "
                                               "Progressing reason NewReplicaSetAvailable (at most 15 min)").arg(name));
    // A live session (a real cluster or its recording): what drives the simulator is off.
    const bool live = LabOnly::isLive(m_session);
    using R = LabOnly::Reason;
    LabOnly::set(m_step, live, present, R::Stepping);
    LabOnly::set(m_nextEvent, live, present, R::Stepping);
    LabOnly::set(m_runUntil, live, present && !name.isEmpty(), R::Stepping);
    LabOnly::set(m_mode, live, present, R::Mode);
    LabOnly::set(m_latency, live, true, R::Latency);
    for (QAction *a : m_latencyGroup->actions())
        LabOnly::set(a, live, true, R::Latency);
    // A recording plays at any speed; a real cluster runs in real time.
    const live::LiveSource *src = m_session.liveSource();
    LabOnly::set(m_speed, src && src->canWrite(), true, R::Speed);
}

} // namespace rlab::ui
