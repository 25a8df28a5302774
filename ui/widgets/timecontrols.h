#pragma once
#include "ui/commands/timecommands.h"

#include <QToolBar>
#include <functional>

class QAction;
class QActionGroup;
class QComboBox;
class QLabel;

namespace rlab::ui {

class ClusterSession;
class SpeedSlider;

// The time toolbar: Play/Pause (Space), Step one reconcile (→), Step to next event (Shift+→),
// Run until complete (for the chosen Deployment), the speed slider (×0.1 … ×100), the mode
// (Step-by-step = deterministic runner / Live threads = worker QThreads) and the virtual clock.
// The step buttons pause time and switch to Step-by-step. Each button's outcome is emitted
// as message() for the status bar. Shortcuts do not fire while a text field has the focus
// (text widgets take Space and arrows first). While the session views the past (time travel)
// Play, the steps, Run until and the mode are disabled and refused. GUI thread only.
class TimeControls : public QToolBar
{
    Q_OBJECT
public:
    explicit TimeControls(ClusterSession &session, QWidget *parent = nullptr);

    // The Deployment "Run until complete" waits for; "" = the first one in the store.
    void setDeployment(const QString &name);
    QString deployment() const;

    TimeCommands::Report stepOneReconcile();
    TimeCommands::Report stepToNextEvent();
    TimeCommands::Report runUntilComplete();
    void togglePlay();
    // Asked first by togglePlay(): true = it handled Play itself (a lesson runs its step).
    void setPlayHandler(std::function<bool()> handler) { m_playHandler = std::move(handler); }
    TimeCommands::Report lastReport() const { return m_last; }

    QAction *playAction() const { return m_play; }
    QAction *stepAction() const { return m_step; }
    QAction *nextEventAction() const { return m_nextEvent; }
    QAction *runUntilAction() const { return m_runUntil; }
    QComboBox *modeBox() const { return m_mode; }
    // The latency presets (classroom, realistic, instant) as a toolbar box and as checkable
    // actions for the Time menu; both follow ClusterSession::latency().
    QComboBox *latencyBox() const { return m_latency; }
    QList<QAction *> latencyActions() const;
    SpeedSlider *speedSlider() const { return m_speed; }
    QLabel *clockLabel() const { return m_clock; }

signals:
    void message(const QString &text, bool ok);

private:
    TimeCommands::Report finish(const TimeCommands::Report &report);
    void showPlaying(bool running);
    void showMode();
    void showLatency();
    void updateClock();
    void updateEnabled();

    ClusterSession &m_session;
    TimeCommands m_commands;
    QString m_deployment;
    TimeCommands::Report m_last;
    QAction *m_play;
    QAction *m_step;
    QAction *m_nextEvent;
    QAction *m_runUntil;
    QComboBox *m_latency = nullptr;
    QActionGroup *m_latencyGroup = nullptr;
    QComboBox *m_mode;
    SpeedSlider *m_speed;
    QLabel *m_clock;
    std::function<bool()> m_playHandler;
};

} // namespace rlab::ui
