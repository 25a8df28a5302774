#pragma once
#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;

namespace rlab::ui {

class ClusterSession;
class SessionRecorder;

// Record / Stop and save… / Replay… for a toolbar or the time-travel dock. Record starts a
// SessionRecorder (which resets the session to a fresh cluster); Stop and save asks for a file
// and writes STEM.yaml + STEM.trace.jsonl + STEM.state.json; Replay asks for a STEM.yaml,
// replays it in the session (SessionReplayer) and reports whether the trace and the final state
// are identical to the recording's. stopAndSave(stem) / replay(stem) are the dialog-free halves
// (tests, scripts). Both throw the cluster away: setResetGuard's guard is asked first (the
// window asks during a lesson) and a "no" leaves everything as it was. GUI thread only.
class RecordControls : public QWidget
{
    Q_OBJECT
public:
    explicit RecordControls(ClusterSession &session, QWidget *parent = nullptr);

    SessionRecorder *recorder() const { return m_recorder; }
    QPushButton *recordButton() const { return m_record; }
    QPushButton *replayButton() const { return m_replay; }
    QString statusText() const;
    void setResetGuard(std::function<bool()> guard) { m_resetGuard = std::move(guard); }

public slots:
    void startRecording();
    bool stopAndSave(const QString &stem);
    bool replay(const QString &stem);

signals:
    void message(const QString &text);   // for the status bar

private:
    void chooseSaveFile();
    void chooseReplayFile();
    void updateLook();
    void say(const QString &text);

    ClusterSession &m_session;
    SessionRecorder *m_recorder;
    QPushButton *m_record;
    QPushButton *m_stop;
    QPushButton *m_replay;
    QLabel *m_status;
    std::function<bool()> m_resetGuard;
};

} // namespace rlab::ui
