#include "core/base/tracelog.h"

#include "core/base/clock.h"

#include <algorithm>

namespace rlab {

TraceLog::TraceLog(std::size_t capacity)
    : m_capacity(std::max<std::size_t>(capacity, 1))
{
}

void TraceLog::setClock(const Clock *clock, qint64 epochMs)
{
    std::lock_guard lock(m_mutex);
    m_clock = clock;
    m_epochMs = epochMs;
}

void TraceLog::setRevisionSource(std::function<qint64()> source)
{
    std::lock_guard lock(m_mutex);
    m_revision = std::move(source);
}

void TraceLog::setEnabled(bool on)
{
    std::lock_guard lock(m_mutex);
    m_enabled = on;
}

bool TraceLog::isEnabled() const
{
    std::lock_guard lock(m_mutex);
    return m_enabled;
}

qint64 TraceLog::append(TraceEvent ev)
{
    // The revision source takes the store's lock: call it before ours to keep lock order simple.
    std::function<qint64()> revision;
    {
        std::lock_guard lock(m_mutex);
        if (!m_enabled)
            return 0;
        revision = m_revision;
    }
    if (ev.rev == 0 && revision)
        ev.rev = revision();
    std::lock_guard lock(m_mutex);
    if (ev.t == 0 && m_clock)
        ev.t = m_clock->now() - m_epochMs;
    ev.seq = m_nextSeq++;
    m_events.push_back(std::move(ev));
    while (m_events.size() > m_capacity) {
        m_events.pop_front();
        ++m_dropped;
    }
    return m_events.back().seq;
}

std::vector<TraceEvent> TraceLog::since(qint64 afterSeq, std::size_t max) const
{
    std::lock_guard lock(m_mutex);
    std::vector<TraceEvent> out;
    if (m_events.empty())
        return out;
    // seqs are contiguous: index = seq - firstSeq
    const qint64 first = m_events.front().seq;
    std::size_t start = afterSeq < first ? 0 : std::size_t(afterSeq - first + 1);
    for (std::size_t i = start; i < m_events.size() && out.size() < max; ++i)
        out.push_back(m_events[i]);
    return out;
}

qint64 TraceLog::lastSeq() const
{
    std::lock_guard lock(m_mutex);
    return m_nextSeq - 1;
}

qint64 TraceLog::dropped() const
{
    std::lock_guard lock(m_mutex);
    return m_dropped;
}

std::size_t TraceLog::size() const
{
    std::lock_guard lock(m_mutex);
    return m_events.size();
}

void TraceLog::clear()
{
    std::lock_guard lock(m_mutex);
    m_events.clear();
}

} // namespace rlab
