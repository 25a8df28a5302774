#include "ui/scenarioplayer.h"

#include "core/sim/scenariorunner.h"
#include "ui/clustersession.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QLocale>
#include <QPointer>
#include <QProgressDialog>

namespace rlab::ui {

ScenarioPlayer::ScenarioPlayer(const Scenario &scenario, ClusterSession &session, QObject *parent)
    : QObject(parent), m_scenario(scenario), m_session(session),
      m_runner(std::make_unique<ScenarioRunner>(m_scenario, session.simulation()))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &ScenarioPlayer::slice);
}

ScenarioPlayer::~ScenarioPlayer()
{
    if (m_inFlight)
        m_session.settle();   // the slice uses m_runner and m_scenario
    if (m_running)
        m_session.setTimeHeld(false);
}

QStringList ScenarioPlayer::failures() const
{
    QStringList out = m_runner->failures();
    if (m_cancelled)
        out << tr("%1: cancelled after %2 of %3 steps").arg(m_scenario.file).arg(m_next).arg(stepCount());
    return out;
}

void ScenarioPlayer::start()
{
    if (m_running)
        return;
    m_running = true;
    m_session.setTimeHeld(true);
    m_timer.start();
}

void ScenarioPlayer::cancel()
{
    if (m_running && !m_finishing)
        m_cancelled = true;
}

void ScenarioPlayer::slice()
{
    if (!m_running || m_inFlight)
        return;
    if (m_cancelled) {
        finish(false);
        return;
    }
    ++m_slices;
    const bool restore = !m_restored;
    m_restored = true;
    m_inFlight = true;
    ScenarioRunner *runner = m_runner.get();
    const Scenario *scenario = &m_scenario;
    auto result = std::make_shared<SliceResult>();
    result->next = m_next;
    // On the runner thread: reads only the runner and the scenario, writes only `result`.
    auto work = [runner, scenario, restore, result] {
        QElapsedTimer wall;
        wall.start();
        SliceResult &r = *result;
        r.thread = std::this_thread::get_id();
        if (restore && !runner->restoreObjects()) {
            r.failed = true;
            r.ms = wall.elapsed();
            return;
        }
        const int total = int(scenario->steps.size());
        do {
            if (r.next >= total)
                break;
            if (!runner->runStep(scenario->steps[std::size_t(r.next++)])) {
                r.failed = true;
                break;
            }
        } while (wall.elapsed() < kSliceBudgetMs);
        r.ms = wall.elapsed();
    };
    const QPointer<ScenarioPlayer> self(this);
    m_session.runOnRunnerThread(std::move(work), [self, result] {
        if (self)
            self->sliceEnded(*result);
    });
}

void ScenarioPlayer::sliceEnded(const SliceResult &r)
{
    m_inFlight = false;
    m_next = r.next;
    m_longestSliceMs = qMax(m_longestSliceMs, r.ms);
    if (r.thread != std::this_thread::get_id())
        ++m_slicesOffThread;
    if (r.failed) {
        finish(false);
        return;
    }
    const int total = stepCount();
    emit progress(m_next, total);
    if (m_next >= total)
        finish(true);
    else
        m_timer.start();
}

void ScenarioPlayer::finish(bool ok)
{
    m_ok = ok && !m_cancelled;
    m_finishing = true;   // still running (time held) until the panels have taken the last writes
    m_session.drainThen(this, [this] {
        m_running = false;
        m_finishing = false;
        m_session.setTimeHeld(false);
        emit finished(m_ok);
    });
}

bool ScenarioPlayer::play(const Scenario &scenario, ClusterSession &session, QWidget *dialogParent, QStringList *failures)
{
    ScenarioPlayer player(scenario, session);
    QProgressDialog dialog(dialogParent);
    dialog.setObjectName(QStringLiteral("scenarioProgressDialog"));
    dialog.setWindowTitle(tr("Running scenario"));
    dialog.setRange(0, qMax(player.stepCount(), 1));
    dialog.setMinimumDuration(500);   // a short scenario does not flash a dialog
    dialog.setAutoClose(false);
    dialog.setAutoReset(false);
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setLabelText(tr("Running %1…").arg(scenario.name));
    connect(&dialog, &QProgressDialog::canceled, &player, &ScenarioPlayer::cancel);
    connect(&player, &ScenarioPlayer::progress, &dialog, [&dialog, &scenario](int done, int total) {
        const QLocale locale;
        dialog.setLabelText(tr("Running %1: step %2 of %3…").arg(scenario.name, locale.toString(done), locale.toString(total)));
        dialog.setValue(done);
    });
    QEventLoop wait;
    connect(&player, &ScenarioPlayer::finished, &wait, &QEventLoop::quit);
    player.start();
    if (player.isRunning())
        wait.exec();
    if (failures)
        *failures << player.failures();
    return player.ok();
}

} // namespace rlab::ui
