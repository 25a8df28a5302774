#include "core/live/replaysource.h"

#include "core/live/livemirror.h"
#include "core/live/shadowcontroller.h"

#include <QFileInfo>

namespace rlab::live {

ReplaySource::ReplaySource(Recording recording, QString fileName)
    : m_recording(std::move(recording)), m_fileName(std::move(fileName))
{
}

ReplaySource::~ReplaySource()
{
    detach();
}

std::unique_ptr<ReplaySource> ReplaySource::open(const QString &path, QString *error)
{
    Recording rec;
    if (!Recording::read(path, &rec, error))
        return nullptr;
    return std::make_unique<ReplaySource>(std::move(rec), QFileInfo(path).fileName());
}

SimulationConfig ReplaySource::mirrorConfig() const
{
    return LiveMirror::mirrorConfig(m_recording.header.startedAtMs);
}

void ReplaySource::attach(Simulation &mirror)
{
    detach();
    m_gate = std::make_unique<WriteGate>(mirror.client(),
                                         QStringLiteral("%1 is a recording: it replays what the cluster did and takes no commands").arg(m_fileName));
    m_player = std::make_unique<ReplayPlayer>(m_recording, mirror);
    m_shadow = std::make_unique<ShadowController>(mirror);
    m_player->addListener([this](const LiveEvent &e, qint64) { m_shadow->observe(e); });
    m_player->advance(0);
}

void ReplaySource::detach()
{
    m_shadow.reset();
    m_player.reset();
}

void ReplaySource::advance(qint64 ms)
{
    if (!m_player)
        return;
    m_player->advance(ms);
    m_shadow->tick(m_player->position());
}

QString ReplaySource::banner() const
{
    return QStringLiteral("Replay: %1 — context %2, namespace %3, recorded %4, read-only")
        .arg(m_fileName, m_recording.header.context.isEmpty() ? QStringLiteral("(none)") : m_recording.header.context,
             m_recording.header.namespace_.isEmpty() ? QStringLiteral("(all)") : m_recording.header.namespace_,
             m_recording.header.toJson().value(QStringLiteral("startedAt")).toString());
}

} // namespace rlab::live
