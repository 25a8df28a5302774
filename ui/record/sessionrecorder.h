#pragma once
#include "ui/record/advancechunker.h"
#include "ui/record/recording.h"

#include <QJsonArray>
#include <QObject>
#include <QVariantMap>

namespace rlab::ui {

class ClusterSession;

// Records what the user does in a ClusterSession as a scenario: start() resets the session to a
// fresh cluster (the recording's starting state: seed, start time, nodes of the session's
// config), then every ClusterSession::stepPerformed() becomes a step, preceded by `advance`
// steps for the virtual time that passed (AdvanceChunker keeps frames that may hold an etcd
// compaction check apart, so the replay's trace is byte-identical). stop() returns the
// Recording: scenario, the whole trace, the final state. A reset() while recording ends it
// (recordingChanged(false)); stop() then returns nothing. Exact replay needs the session's
// Deterministic mode. GUI thread only.
class SessionRecorder : public QObject
{
    Q_OBJECT
public:
    explicit SessionRecorder(ClusterSession &session, QObject *parent = nullptr);

    void start();
    std::optional<Recording> stop();
    bool isRecording() const { return m_recording; }
    int stepCount() const { return int(m_steps.size()); }
    qint64 recordedMs() const;

    // The scenario of what was recorded so far (with a final advance up to now).
    QJsonObject scenario();

signals:
    void recordingChanged(bool recording);
    void stepRecorded(int steps);

private:
    void observe();
    void onStep(const QVariantMap &step);
    void onReset();
    void appendAdvances(const QList<qint64> &advances);

    ClusterSession &m_session;
    AdvanceChunker m_chunker;
    QJsonArray m_steps;
    qint64 m_epoch = 0;
    bool m_recording = false;
};

} // namespace rlab::ui
