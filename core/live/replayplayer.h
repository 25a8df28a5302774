#pragma once
#include "core/live/livemirror.h"
#include "core/live/recording.h"
#include "core/live/mirrorwriter.h"

#include <functional>
#include <vector>

namespace rlab {
class Simulation;
}

namespace rlab::live {

// Plays a Recording into a mirror Simulation (built with LiveMirror::mirrorConfig(header's
// startedAt)) in virtual time: advance(ms) applies every event whose t is reached, so a rollout
// recorded on a real cluster replays at any speed, pauses, and — since each event is one mirror
// revision — rewinds with the window's time travel. Listeners as LiveMirror's.
// Thread rules: the mirror's owning thread only.
class ReplayPlayer
{
public:
    ReplayPlayer(Recording recording, Simulation &mirror);

    void addListener(LiveMirror::Listener listener) { m_listeners.push_back(std::move(listener)); }
    // Plays `ms` more of the recording; returns the events applied.
    qsizetype advance(qint64 ms);
    qsizetype playToEnd() { return advance(m_recording.durationMs() - m_position + 1); }
    qint64 position() const { return m_position; }
    bool atEnd() const { return m_next >= m_recording.events.size(); }
    const Recording &recording() const { return m_recording; }

private:
    Recording m_recording;
    MirrorWriter m_writer;
    std::vector<LiveMirror::Listener> m_listeners;
    std::size_t m_next = 0;
    qint64 m_position = 0;
};

} // namespace rlab::live
