#include "ui/timetravel/traceindex.h"

namespace rlab::ui {

TraceIndex::TraceIndex(std::size_t capacity) : m_capacity(capacity)
{
    reserve();
}

void TraceIndex::reserve()
{
    // Room for the whole capacity at once: a table that grows rehashes every write it holds in
    // one go (131,072 of them: a ~50 ms frame in the middle of a long run).
    m_byWrite.reserve(qsizetype(m_capacity) + 1);
    m_firstAt.reserve(qsizetype(m_capacity) + 1);
}

void TraceIndex::add(const std::vector<TraceEvent> &events)
{
    for (const TraceEvent &e : events) {
        if (e.seq <= m_lastSeq)
            continue;
        m_lastSeq = e.seq;
        if (e.component != QLatin1String("etcd") || (e.type != QLatin1String("Put") && e.type != QLatin1String("Delete")))
            continue;
        const Key key{e.rev, e.key};
        if (!m_byWrite.contains(key))
            m_order.push_back(key);
        if (!m_firstAt.contains(e.rev))
            m_firstAt.insert(e.rev, key);
        m_byWrite.insert(key, e);
        while (m_order.size() > m_capacity) {
            m_byWrite.remove(m_order.front());
            if (m_firstAt.value(m_order.front().first) == m_order.front())
                m_firstAt.remove(m_order.front().first);
            m_order.pop_front();
        }
    }
}

std::optional<TraceEvent> TraceIndex::find(qint64 revision, const QString &key) const
{
    const auto it = m_byWrite.constFind(Key{revision, key});
    if (it == m_byWrite.cend())
        return std::nullopt;
    return *it;
}

std::optional<TraceEvent> TraceIndex::atRevision(qint64 revision) const
{
    const auto it = m_firstAt.constFind(revision);
    return it == m_firstAt.cend() ? std::nullopt : find(it->first, it->second);
}

void TraceIndex::clear()
{
    m_byWrite.clear();
    m_firstAt.clear();
    m_order.clear();
    m_lastSeq = 0;
    reserve();
}

} // namespace rlab::ui
