#include "core/cli/benchfloor.h"

#include "core/cli/benchobjects.h"

#include <algorithm>

namespace rlab::cli {

BenchFloor::BenchFloor(store::KvStore &lab)
    : m_notified(std::make_shared<std::vector<std::size_t>>())
{
    // The lab's watchers as they are now: one floor watcher per range and trigger.
    for (const store::WatcherInfo &w : lab.watchers()) {
        const std::size_t index = m_watchers.size();
        const auto notified = m_notified;
        store::WatchResult r = m_floor.watch(w.range, 0, [notified, index] { notified->push_back(index); }, w.trigger);
        if (r.ok()) {
            m_watchers.push_back(std::move(r.watcher));
            m_ranges.push_back(w.range);
        }
    }
    m_capture = lab.watch(store::KeyRange::prefix(QByteArrayLiteral("/"))).watcher;
}

BenchFloor::~BenchFloor()
{
    if (m_capture)
        m_capture->cancel();
}

qint64 BenchFloor::captured() const
{
    return m_capture ? m_capture->info().appended : 0;
}

double BenchFloor::replayPending()
{
    if (!m_capture)
        return 0;
    const double taken = benchobjects::processCpuS();
    std::vector<store::WatchEvent> events = m_capture->take();
    // Untimed: a key none of the floor's watchers covers (the Events, here) is put with one
    // shared placeholder, so the floor does not hold the lab's objects alive (the lab's store
    // packs a version only it holds); nobody receives the placeholder.
    for (store::WatchEvent &e : events)
        if (e.type == store::WatchEvent::Put && !watched(e.kv.key))
            e.kv.value = m_placeholder;
    const double start = benchobjects::processCpuS();
    for (const store::WatchEvent &e : events) {
        if (e.type == store::WatchEvent::Put)
            m_floor.put(e.kv.key, e.kv.value);
        else
            m_floor.deleteRange(store::KeyRange::single(e.kv.key));
        ++m_writes;
        for (const std::size_t i : *m_notified)
            m_delivered += qint64(m_watchers[i]->take().size());
        m_notified->clear();
    }
    const double spent = benchobjects::processCpuS() - start;
    // Untimed: every 20,000 writes only the newest version of each key is kept (the floor needs
    // no history and must not hold the peak RSS up; compaction visits every key, so not often).
    if (m_floor.revision() - m_compactedAt >= kCompactEvery) {
        m_floor.compact(m_floor.revision());
        m_compactedAt = m_floor.revision();
    }
    m_overheadCpuS += benchobjects::processCpuS() - taken - spent;
    return spent;
}

bool BenchFloor::watched(const QByteArray &key) const
{
    return std::any_of(m_ranges.begin(), m_ranges.end(), [&](const store::KeyRange &r) { return r.contains(key); });
}

} // namespace rlab::cli
