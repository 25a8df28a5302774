#pragma once
#include "core/base/traceevent.h"

#include <deque>
#include <functional>
#include <mutex>
#include <vector>

namespace rlab {

class Clock;

// Append-only, bounded log of TraceEvents shared by every component. append() is cheap (one
// short lock); readers take batches by sequence number (`since(seq)`), so the GUI can drain
// it once per frame and files can be written at the end. When more than `capacity` events are
// held the oldest are dropped and counted (dropped()). Any thread may call anything.
class TraceLog
{
public:
    explicit TraceLog(std::size_t capacity = 1'000'000);

    // Stamps seq (and t from the clock, relative to the epoch set by setEpoch, when a clock is
    // set and ev.t == 0) and stores the event. Returns the seq.
    qint64 append(TraceEvent ev);
    void setClock(const Clock *clock, qint64 epochMs);
    // Optional: current store revision supplier, used when ev.rev == 0.
    void setRevisionSource(std::function<qint64()> source);
    void setEnabled(bool on);
    bool isEnabled() const;

    // Events with seq > afterSeq, at most max, in order.
    std::vector<TraceEvent> since(qint64 afterSeq, std::size_t max = SIZE_MAX) const;
    qint64 lastSeq() const;
    qint64 dropped() const;
    std::size_t size() const;
    void clear();

private:
    mutable std::mutex m_mutex;
    std::deque<TraceEvent> m_events;
    std::size_t m_capacity;
    qint64 m_nextSeq = 1;
    qint64 m_dropped = 0;
    bool m_enabled = true;
    const Clock *m_clock = nullptr;
    qint64 m_epochMs = 0;
    std::function<qint64()> m_revision;
};

} // namespace rlab
