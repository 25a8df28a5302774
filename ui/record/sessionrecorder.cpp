#include "ui/record/sessionrecorder.h"

#include "core/sim/simulation.h"
#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/record/statedump.h"

#include <QDateTime>
#include <QJsonDocument>

namespace rlab::ui {

SessionRecorder::SessionRecorder(ClusterSession &session, QObject *parent)
    : QObject(parent), m_session(session), m_chunker(Simulation::kCompactionIntervalMs)
{
    connect(&session, &ClusterSession::frameDone, this, [this] { observe(); });
    connect(&session, &ClusterSession::stepPerformed, this, &SessionRecorder::onStep);
    connect(&session, &ClusterSession::clusterReset, this, &SessionRecorder::onReset);
}

void SessionRecorder::start()
{
    m_recording = false;   // the reset below is ours
    m_session.reset();
    m_chunker = AdvanceChunker(Simulation::kCompactionIntervalMs);
    m_steps = {};
    m_epoch = m_session.clusterEpoch();
    m_recording = true;
    emit recordingChanged(true);
}

qint64 SessionRecorder::recordedMs() const
{
    return m_recording ? m_session.elapsedMs() : 0;
}

void SessionRecorder::observe()
{
    if (m_recording)
        appendAdvances(m_chunker.observe(m_session.elapsedMs()));
}

void SessionRecorder::appendAdvances(const QList<qint64> &advances)
{
    for (qint64 ms : advances)
        m_steps.append(QJsonObject{{QStringLiteral("advance"), QStringLiteral("%1ms").arg(ms)}});
}

void SessionRecorder::onStep(const QVariantMap &step)
{
    if (!m_recording)
        return;
    observe();   // time moved without a frame (advance, step commands)
    appendAdvances(m_chunker.flush());
    m_steps.append(QJsonObject::fromVariantMap(step));
    emit stepRecorded(stepCount());
}

void SessionRecorder::onReset()
{
    if (m_recording && m_session.clusterEpoch() != m_epoch) {
        m_recording = false;
        emit recordingChanged(false);
    }
}

QJsonObject SessionRecorder::scenario()
{
    AdvanceChunker chunker = m_chunker;
    QJsonArray steps = m_steps;
    QList<qint64> tail = chunker.observe(m_session.elapsedMs());
    tail += chunker.flush();
    for (qint64 ms : tail)
        steps.append(QJsonObject{{QStringLiteral("advance"), QStringLiteral("%1ms").arg(ms)}});
    const SimulationConfig config = m_session.view().config();
    QStringList controllers(config.controllers.begin(), config.controllers.end());
    controllers.sort();
    const QString start = QDateTime::fromMSecsSinceEpoch(config.cluster.startTimeMs, Qt::UTC).toString(Qt::ISODate);
    QJsonObject spec{{QStringLiteral("seed"), qint64(config.cluster.seed)},
                     {QStringLiteral("startTime"), start},
                     {QStringLiteral("controllers"), QJsonArray::fromStringList(controllers)},
                     {QStringLiteral("steps"), steps}};
    if (config.nodes.isEmpty())
        spec.insert(QStringLiteral("nodes"), config.cluster.nodes);
    return QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("rlab.dev/v1alpha1")},
                       {QStringLiteral("kind"), QStringLiteral("Scenario")},
                       {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), QStringLiteral("recorded-session")}}},
                       {QStringLiteral("spec"), spec}};
}

std::optional<Recording> SessionRecorder::stop()
{
    if (!m_recording)
        return std::nullopt;
    Recording r;
    r.scenario = scenario();
    for (const TraceEvent &e : m_session.view().trace(0))
        r.trace += QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact) + '\n';
    r.finalState = StateDump::objects(m_session.client());
    m_recording = false;
    emit recordingChanged(false);
    return r;
}

} // namespace rlab::ui
