#pragma once
#include "core/base/traceevent.h"

#include <QHash>
#include <deque>
#include <optional>
#include <vector>

namespace rlab::ui {

// A bounded index of the store writes in the trace (component "etcd", type Put or Delete) by
// (revision, etcd key), fed with ClusterSession::traceEvents batches. Events it has already
// seen (seq <= the last one) are skipped, so re-sent batches (time travel) do no harm; when more
// than `capacity` writes are held the oldest go. E.g. add([seq 5 Put rev 9 /registry/x]) then
// find(9, "/registry/x") -> that event; find(9, "/registry/y") -> none. Its tables are sized
// for `capacity` from the start, so filling them never rehashes in one frame (issue #17), and
// clear() of a few writes keeps them.
// GUI thread only.
class TraceIndex
{
public:
    explicit TraceIndex(std::size_t capacity = 200'000);

    void add(const std::vector<TraceEvent> &events);
    std::optional<TraceEvent> find(qint64 revision, const QString &key) const;
    // The (first) write at `revision`, whatever its key.
    std::optional<TraceEvent> atRevision(qint64 revision) const;
    void clear();
    std::size_t size() const { return m_order.size(); }
    qint64 lastSeq() const { return m_lastSeq; }
    // How many writes the tables hold without growing (for tests: at least capacity, always).
    qsizetype tableCapacity() const { return qMin(m_byWrite.capacity(), m_firstAt.capacity()); }
    // For tests: how many times the tables were made (1 at construction; clear() of more than
    // kClearInPlace writes makes them again, of fewer keeps them).
    int tableAllocations() const { return m_tableAllocations; }
    static constexpr std::size_t kClearInPlace = 4'096;

private:
    void reserve();

    using Key = QPair<qint64, QString>;
    // The writes, oldest first (a deque keeps their addresses while it grows at the back and
    // drops at the front); the tables point into it. Small table entries: filling the tables
    // after a reset moves 40-byte entries as their spans grow, not whole events (issue #17:
    // a third of the first frame after opening a 20,000-pod lab).
    std::deque<TraceEvent> m_order;
    QHash<Key, const TraceEvent *> m_byWrite;   // the newest write of (revision, key)
    QHash<qint64, const TraceEvent *> m_firstAt;
    std::size_t m_capacity;
    qint64 m_lastSeq = 0;
    int m_tableAllocations = 0;
};

} // namespace rlab::ui
