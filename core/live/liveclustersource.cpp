#include "core/live/liveclustersource.h"

#include "core/base/clock.h"
#include "core/client/interface.h"
#include "core/live/shadowcontroller.h"

namespace rlab::live {

LiveClusterSource::LiveClusterSource(std::shared_ptr<client::Interface> source, LiveClusterInfo info,
                                     LiveMirrorOptions options)
    : m_source(std::move(source)), m_info(std::move(info)), m_options(std::move(options)),
      m_gate(*m_source, QStringLiteral("writes to context \"%1\" are off in Reconcile Lab (Live → Allow writes)").arg(m_info.context))
{
    m_options.namespace_ = m_info.namespace_;
}

void LiveClusterSource::setHistoryCap(qint64 maxEvents, qint64 maxBytes)
{
    m_options.maxHistoryEvents = maxEvents;
    m_options.maxHistoryBytes = maxBytes;
}

LiveClusterSource::~LiveClusterSource()
{
    detach();
}

SimulationConfig LiveClusterSource::mirrorConfig() const
{
    return LiveMirror::mirrorConfig(m_source->clock().now());
}

void LiveClusterSource::attach(Simulation &mirror)
{
    detach();
    m_mirror = std::make_unique<LiveMirror>(*m_source, mirror, m_options);
    m_shadow = std::make_unique<ShadowController>(mirror);
    if (!m_recordPath.isEmpty()) {
        RecordingHeader h;
        h.server = m_info.server;
        h.context = m_info.context;
        h.namespace_ = m_info.namespace_;
        h.serverVersion = m_info.serverVersion;
        h.startedAtMs = m_mirror->startedAt();
        m_recordError.clear();
        if (!m_recorder.open(m_recordPath, h, &m_recordError))
            m_recordPath.clear();
    }
    m_mirror->addListener([this](const LiveEvent &e, qint64) {
        m_recorder.write(e);
        m_shadow->observe(e);
    });
    m_mirror->start();
}

void LiveClusterSource::detach()
{
    m_shadow.reset();
    m_mirror.reset();
    m_recorder.close();
}

void LiveClusterSource::advance(qint64)
{
    if (!m_mirror)
        return;
    m_mirror->pump();
    m_shadow->tick(m_mirror->elapsed());
}

QString LiveClusterSource::banner() const
{
    return QStringLiteral("Live: context %1, namespace %2, %3")
        .arg(m_info.context.isEmpty() ? QStringLiteral("(none)") : m_info.context,
             m_info.namespace_.isEmpty() ? QStringLiteral("(all)") : m_info.namespace_,
             m_gate.isEnabled() ? QStringLiteral("writes enabled") : QStringLiteral("read-only"));
}

} // namespace rlab::live
