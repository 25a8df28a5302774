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
    ++m_tableAllocations;
}

void TraceIndex::add(const std::vector<TraceEvent> &events)
{
    for (const TraceEvent &e : events) {
        if (e.seq <= m_lastSeq)
            continue;
        m_lastSeq = e.seq;
        if (e.component != QLatin1String("etcd") || (e.type != QLatin1String("Put") && e.type != QLatin1String("Delete")))
            continue;
        const TraceEvent *added = &m_order.emplace_back(e);
        m_byWrite.insert(Key{e.rev, e.key}, added);
        if (!m_firstAt.contains(e.rev))
            m_firstAt.insert(e.rev, added);
        while (m_order.size() > m_capacity) {
            const TraceEvent *oldest = &m_order.front();
            const Key key{oldest->rev, oldest->key};
            if (const auto it = m_byWrite.constFind(key); it != m_byWrite.cend() && *it == oldest)
                m_byWrite.erase(it);
            if (const auto it = m_firstAt.constFind(oldest->rev); it != m_firstAt.cend() && *it == oldest)
                m_firstAt.erase(it);
            m_order.pop_front();
        }
    }
}

std::optional<TraceEvent> TraceIndex::find(qint64 revision, const QString &key) const
{
    const auto it = m_byWrite.constFind(Key{revision, key});
    if (it == m_byWrite.cend())
        return std::nullopt;
    return **it;
}

std::optional<TraceEvent> TraceIndex::atRevision(qint64 revision) const
{
    const auto it = m_firstAt.constFind(revision);
    if (it == m_firstAt.cend())
        return std::nullopt;
    return **it;
}

void TraceIndex::clear()
{
    m_lastSeq = 0;
    if (m_order.size() <= kClearInPlace) {
        // A few writes: removed one by one, the tables keep their room. Made again, they are
        // ~1 MB of fresh pages faulted in and filled (~8 ms of the 13-14 ms handover when a
        // 20,000-pod lab is opened in a new window: issue #17).
        for (const TraceEvent &e : m_order) {
            m_byWrite.remove(Key{e.rev, e.key});
            m_firstAt.remove(e.rev);
        }
        m_order.clear();
        return;
    }
    m_byWrite.clear();
    m_firstAt.clear();
    m_order.clear();
    reserve();
}

} // namespace rlab::ui
