#pragma once
#include "core/api/genericobject.h"
#include "core/cli/benchspill.h"
#include "core/store/kvstore.h"

#include <QHash>
#include <QList>

#include <deque>
#include <functional>
#include <memory>
#include <vector>

namespace rlab::cli {

// The floor of `rlab bench --size` (issue #16): the bench's own store writes with none of the
// work around them — no API server, no controllers, no informer decoding. The lab's store
// keeps what the lab writes in its write log (KvStore::startWriteLog; a watcher of "/" did, at
// ~2 % of the lab's timed instructions); spillPending() moves it to a BenchSpill file,
// endPhase() closes a phase, and once the lab is gone replay() puts or deletes each key, in
// order, in a second KvStore that has the same watchers (ranges and trigger indexes, as the
// lab's store had them when the floor began), draining the watchers each write notified. That is the least any design spends on moving these writes to these watchers, so
// pipeline CPU / floor CPU says how far the lab is from it. E.g. --size medium: 326,133 writes
// cost the floor ~0.19-0.30 s against the lab's ~2.9-3.2 s: a ratio of 10.7-15 (session 35).
// The floor varies more than the lab: one replay is short and memory-bound, and on the VM
// measured its level moved by half from one run (or minute) to the next while the lab moved
// by a tenth, and by ~10 % between replays of one run. So it replays 3 times, each in a fresh
// store, and each phase takes its median. Replaying after the
// lab keeps the floor's index (1.65 M keys at --size large, ~190 MB) out of the lab's peak
// memory; it runs in the same process on the same allocator. The spill file is unnamed
// (QTemporaryFile: gone with the process, even a killed one).
// A transaction's several keys at one revision replay as one write each (more floor revisions).
// The floor compacts where the lab's store did, to the same point of the history: when the lab
// compacted to revision R, the floor compacts to the revision it reached at the last write the
// lab made at or below R, at the place in the writes where the bench saw it (the end of the lab's
// 100 ms slice), and that is timed as the lab's compaction is: the store's cost of holding the
// writes' history, which any design with the lab's history pays. The lab's compaction also packs
// its cold objects (its memory device, ~6 % of the lab at --size medium); the floor holds no
// objects and packs nothing. E.g. --size medium: 5 compactions, 0.04-0.05 s of a floor of
// 0.30-0.49 s (session 37; untimed before, when the floor compacted every 20,000 writes).
// A store reads a value only through its watchers' triggers (a pod's spec.nodeName, the watch
// cache's index): each put replays with a fresh stand-in made just before its batch (untimed,
// as a writer hands the store a new object), a watched pod's a Pod on the same node, any other
// an empty object; nothing is encoded, the floor holds none of the lab's objects, and its
// watchers hear exactly the lab's events (tst_benchsize).
// Untimed, counted apart: spilling (spillCpuS: the bench subtracts it from the phase's CPU), and
// in replay() reading the records (Phase::overheadCpuS).
// Thread rules: one thread, the bench's (the runner's); the lab's store is not written meanwhile.
class BenchFloor
{
public:
    explicit BenchFloor(store::KvStore &lab);
    ~BenchFloor();
    BenchFloor(const BenchFloor &) = delete;
    BenchFloor &operator=(const BenchFloor &) = delete;

    // Moves what the lab wrote since the last call to the spill file.
    void spillPending();
    // The writes spilled since the last endPhase() are one phase.
    void endPhase();
    // Cancels the capture: call before the lab's store goes (replay() does it too).
    void stopCapture();

    struct Phase
    {
        double cpuS = 0;           // the timed replay, its compactions included
        double kernelS = 0;        // of cpuS, in the kernel (benchobjects::processKernelS)
        double compactionCpuS = 0; // of cpuS, compacting where the lab did
        double overheadCpuS = 0;   // reading the spill: in no figure
        qint64 writes = 0;         // replayed
        qint64 delivered = 0;      // events the floor's watchers took
        qint64 compactions = 0;    // the lab's compactions replayed
        qint64 compactionVisits = 0;   // keys those visited (StoreStats::compactionVisits)
    };
    // Replays the phases in order, `rounds` times, each round in a fresh store with fresh
    // watchers; one figure a phase, that of its median round (its CPU: one replay of ~0.07 s
    // varied by up to half between runs). `progress` hears the share done (0..1). Empty (and
    // error() says why) when the spill failed.
    static constexpr int kRounds = 3;
    QList<Phase> replay(const std::function<void(double)> &progress = {}, int rounds = kRounds);
    // Each round's CPU, every phase together, in the order replay() ran them.
    const std::vector<double> &roundCpuS() const { return m_roundCpuS; }

    QString error() const { return m_spill.errorString(); }
    qint64 captured() const { return m_captured; }   // write events taken from the lab's write log
    qsizetype watchers() const { return qsizetype(m_watchers.size()); }   // until replay() ends
    // CPU seconds spent spilling so far (the bench's own cost during a phase).
    double spillCpuS() const { return m_spillCpuS; }
    double spillKernelS() const { return m_spillKernelS; }   // of spillCpuS()

private:
    bool watched(const QByteArray &key) const;   // in some floor watcher's range
    void noteLabCompaction();   // a compaction of the lab's since the last call becomes one of the floor's
    void makeStore();   // m_floor and m_watchers made anew from m_watched
    QList<Phase> replayOnce(const std::function<void(double)> &progress);
    // A new object for a put: 'P' + node name -> a Pod on that node; empty -> an empty object.
    api::ObjectPtr standIn(const QByteArray &value);

    std::unique_ptr<store::KvStore> m_floor;
    std::vector<std::pair<store::KeyRange, store::WatchTrigger>> m_watched;   // the lab's watchers' ranges and triggers
    std::vector<store::KeyRange> m_ranges;   // the floor watchers' ranges
    QHash<QByteArray, QString> m_nodeNames;
    store::KvStore *m_lab = nullptr;   // while capturing (its write log on)
    // The lab's revisions not yet compacted, each with the records spilled through it (a
    // revision may hold several: a transaction's keys); what noteLabCompaction() looks up.
    std::deque<std::pair<qint64, qint64>> m_recordsThroughRev;
    qint64 m_labCompacted = 0;   // the lab's compaction revision when last looked at
    // The floor compacts after replaying `at` records to the revision it reached after `through`
    // (through <= at; both grow from one to the next).
    struct Compaction
    {
        qint64 at = 0, through = 0;
    };
    std::vector<Compaction> m_compactions;
    qint64 m_captured = 0;   // events taken from the lab's write log
    std::vector<std::shared_ptr<store::Watcher>> m_watchers;
    std::shared_ptr<std::vector<std::size_t>> m_notified;   // indexes of m_watchers, by notify
    BenchSpill m_spill;
    std::vector<qint64> m_phaseEnds;   // records spilled when each phase ended
    static constexpr qsizetype kReplayBatch = 20'000;
    double m_spillCpuS = 0, m_spillKernelS = 0;
    std::vector<double> m_roundCpuS;
};

} // namespace rlab::cli
