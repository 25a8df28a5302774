#include "core/live/replayplayer.h"

namespace rlab::live {

ReplayPlayer::ReplayPlayer(Recording recording, Simulation &mirror)
    : m_recording(std::move(recording)), m_writer(mirror)
{
}

qsizetype ReplayPlayer::advance(qint64 ms)
{
    m_position += qMax<qint64>(ms, 0);
    qsizetype applied = 0;
    while (m_next < m_recording.events.size() && m_recording.events[m_next].t <= m_position) {
        const LiveEvent &e = m_recording.events[m_next++];
        const qint64 rev = m_writer.apply(e);
        ++applied;
        for (const LiveMirror::Listener &l : m_listeners)
            l(e, rev);
    }
    m_writer.advanceTo(m_position);
    return applied;
}

} // namespace rlab::live
