#pragma once
#include "core/api/genericobject.h"
#include "core/store/kvstore.h"

#include <memory>
#include <vector>

namespace rlab::cli {

// The floor of `rlab bench --size` (issue #16): the bench's own store writes with none of the
// work around them — no API server, no controllers, no informer decoding. A capture watcher on
// the bench's store (prefix "/") collects what the lab writes; replayPending() puts or deletes
// each captured key, in order, in a second KvStore that has the same watchers (ranges and
// trigger indexes, as the lab's store had them when the floor began), and drains the watchers
// each write notified. That is the least any design spends on moving these writes to these
// watchers, so pipeline CPU / floor CPU says how far the lab is from it. E.g. 110,119 writes of
// which 50,110 reach a watcher cost the floor ~0.5 s; the lab's 9.7 s gives a ratio of ~19.
// A transaction's several keys at one revision replay as one write each (more floor revisions);
// every 20,000 writes the floor compacts to its newest versions (untimed), holding little history.
// A key no floor watcher covers is put with a placeholder value (nobody receives it): the floor
// holds none of the lab's Events alive.
// Taking the capture and that compaction are counted apart (overheadCpuS): the bench subtracts
// them from the pipeline's CPU, as it does the floor's own.
// Thread rules: one thread, the bench's (the runner's); the lab's store is not written meanwhile.
class BenchFloor
{
public:
    explicit BenchFloor(store::KvStore &lab);
    ~BenchFloor();
    BenchFloor(const BenchFloor &) = delete;
    BenchFloor &operator=(const BenchFloor &) = delete;

    // Replays what the lab wrote since the last call; returns the process CPU seconds it took.
    double replayPending();

    qint64 writes() const { return m_writes; }         // replayed so far
    qint64 delivered() const { return m_delivered; }   // events the floor's watchers took
    qint64 captured() const;   // events the capture watcher took from the lab (not the lab's work)
    qsizetype watchers() const { return qsizetype(m_watchers.size()); }
    // CPU seconds replayPending() spent beside the timed replay (taking the capture, compacting
    // the floor): the bench's own cost, neither the floor's nor the pipeline's.
    double overheadCpuS() const { return m_overheadCpuS; }

private:
    bool watched(const QByteArray &key) const;   // in some floor watcher's range

    store::KvStore m_floor;
    std::vector<store::KeyRange> m_ranges;   // the floor watchers' ranges
    const api::ObjectPtr m_placeholder = std::make_shared<api::GenericObject>();
    std::shared_ptr<store::Watcher> m_capture;
    std::vector<std::shared_ptr<store::Watcher>> m_watchers;
    std::shared_ptr<std::vector<std::size_t>> m_notified;   // indexes of m_watchers, by notify
    static constexpr qint64 kCompactEvery = 20'000;
    qint64 m_compactedAt = 0;
    qint64 m_writes = 0;
    qint64 m_delivered = 0;
    double m_overheadCpuS = 0;
};

} // namespace rlab::cli
