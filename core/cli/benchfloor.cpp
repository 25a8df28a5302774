#include "core/cli/benchfloor.h"

#include "core/api/pod.h"
#include "core/cli/benchobjects.h"

#include <algorithm>

namespace rlab::cli {

using benchobjects::processCpuS;
using benchobjects::processKernelS;

BenchFloor::BenchFloor(store::KvStore &lab)
    : m_notified(std::make_shared<std::vector<std::size_t>>())
{
    // The lab's watchers as they are now: one floor watcher per range and trigger.
    for (const store::WatcherInfo &w : lab.watchers()) {
        m_watched.push_back({w.range, w.trigger});
        m_ranges.push_back(w.range);
    }
    makeStore();
    m_lab = &lab;
    m_labCompacted = lab.compactRevision();
    // The floor reads a pod's value (its node: which kubelet's watcher it reaches), nothing
    // else's: the log holds no other object, so the lab lets go of its values as it would
    // without the bench (an Event is packed as soon as it is written: KvStore::packNow).
    lab.startWriteLog(QByteArrayLiteral("/registry/pods/"));
}

void BenchFloor::makeStore()
{
    m_watchers.clear();
    m_floor = std::make_unique<store::KvStore>();
    for (const auto &[range, trigger] : m_watched) {
        const std::size_t index = m_watchers.size();
        const auto notified = m_notified;
        store::WatchResult r = m_floor->watch(range, 0, [notified, index] { notified->push_back(index); }, trigger);
        if (r.ok())
            m_watchers.push_back(std::move(r.watcher));
    }
}

BenchFloor::~BenchFloor()
{
    stopCapture();
}

void BenchFloor::stopCapture()
{
    if (!m_lab)
        return;
    spillPending();
    m_lab->stopWriteLog();
    m_lab = nullptr;
    m_recordsThroughRev.clear();
}

void BenchFloor::spillPending()
{
    if (!m_lab)
        return;
    const double start = processCpuS(), kernelStart = processKernelS();
    const std::vector<store::WatchEvent> written = m_lab->takeWriteLog();
    m_captured += qint64(written.size());
    for (const store::WatchEvent &e : written) {
        const bool put = e.type == store::WatchEvent::Put;
        QByteArray value;   // none: an empty object stands in
        if (const auto pod = put ? api::objectCast<api::Pod>(e.kv.value) : nullptr; pod && watched(e.kv.key))
            value = 'P' + pod->spec.nodeName.toUtf8();
        m_spill.append(put, e.kv.key, value);
        if (!m_recordsThroughRev.empty() && m_recordsThroughRev.back().first == e.revision.main)
            m_recordsThroughRev.back().second = m_spill.appended();
        else
            m_recordsThroughRev.emplace_back(e.revision.main, m_spill.appended());
    }
    noteLabCompaction();
    m_spillCpuS += processCpuS() - start;
    m_spillKernelS += processKernelS() - kernelStart;
}

void BenchFloor::noteLabCompaction()
{
    // E.g. the lab wrote revisions 100..180 (one record each, records 1..81) and compacted to
    // 150: the floor compacts to the revision it reaches with record 51, once it has replayed
    // all 81 (as late as the bench saw it). Several compactions in one slice: only the last
    // counts (it drops what the earlier ones would have).
    const qint64 compacted = m_lab->compactRevision();
    if (compacted <= m_labCompacted)
        return;
    m_labCompacted = compacted;
    qint64 through = 0;
    while (!m_recordsThroughRev.empty() && m_recordsThroughRev.front().first <= compacted) {
        through = m_recordsThroughRev.front().second;
        m_recordsThroughRev.pop_front();
    }
    if (through > 0 && (m_compactions.empty() || through > m_compactions.back().through))
        m_compactions.push_back({m_spill.appended(), through});
}

void BenchFloor::endPhase()
{
    spillPending();
    m_phaseEnds.push_back(m_spill.appended());
}

QList<BenchFloor::Phase> BenchFloor::replay(const std::function<void(double)> &progress, int rounds)
{
    stopCapture();
    rounds = std::max(1, rounds);
    m_roundCpuS.clear();
    std::vector<QList<Phase>> byRound;
    for (int round = 0; round < rounds; ++round) {
        if (round > 0 || !m_floor)
            makeStore();   // a fresh store and watchers: the same writes from the start
        m_spill.rewind();
        byRound.push_back(replayOnce([&](double done) {
            if (progress)
                progress((round + done) / rounds);
        }));
        if (byRound.back().isEmpty())
            return {};
        double total = 0;
        for (const Phase &p : byRound.back())
            total += p.cpuS;
        m_roundCpuS.push_back(total);
    }
    m_floor.reset();   // its memory goes before the caller's next step
    m_watchers.clear();
    // Each phase: the round of the median CPU (its kernel share with it); what the rounds spent
    // reading and compacting is overhead, counted once per round.
    QList<Phase> phases = byRound.front();
    for (qsizetype i = 0; i < phases.size(); ++i) {
        std::vector<Phase> seen;
        for (const QList<Phase> &r : byRound)
            seen.push_back(r[i]);
        std::sort(seen.begin(), seen.end(), [](const Phase &a, const Phase &b) { return a.cpuS < b.cpuS; });
        Phase median = seen[seen.size() / 2];
        median.overheadCpuS = 0;
        for (const Phase &p : seen)
            median.overheadCpuS += p.overheadCpuS;
        phases[i] = median;
    }
    return phases;
}

QList<BenchFloor::Phase> BenchFloor::replayOnce(const std::function<void(double)> &progress)
{
    QList<Phase> phases;
    qint64 read = 0;
    const qint64 total = m_phaseEnds.empty() ? 0 : m_phaseEnds.back();
    // The lab's compactions, in order: the floor revision each compacts to is noted when the
    // record it goes through is replayed (`through` <= `at`, both ascending).
    std::vector<qint64> compactTo(m_compactions.size(), 0);
    std::size_t nextThrough = 0, nextAt = 0;
    for (const qint64 end : m_phaseEnds) {
        Phase p;
        const qint64 visitsBefore = m_floor->stats().compactionVisits;
        while (read < end && m_spill.ok()) {
            // Untimed: the next records of this phase, a watched pod's value its stand-in.
            double untimed = processCpuS();
            std::vector<BenchSpill::Record> records = m_spill.readNext(std::min<qint64>(kReplayBatch, end - read));
            if (records.empty())
                break;
            std::vector<api::ObjectPtr> values;
            values.reserve(records.size());
            for (const BenchSpill::Record &r : records)
                values.push_back(!r.put ? nullptr : standIn(r.value));
            const double start = processCpuS(), kernelStart = processKernelS();
            p.overheadCpuS += start - untimed;
            for (std::size_t i = 0; i < records.size(); ++i) {
                if (records[i].put)
                    m_floor->put(records[i].key, std::move(values[i]));
                else
                    m_floor->deleteRange(store::KeyRange::single(records[i].key));
                for (const std::size_t w : *m_notified)
                    p.delivered += qint64(m_watchers[w]->take().size());
                m_notified->clear();
                const qint64 replayed = read + qint64(i) + 1;
                // Several compactions may follow one record (the lab compacted twice between
                // two of its writes); none goes through the same record as another.
                if (nextThrough < m_compactions.size() && m_compactions[nextThrough].through == replayed)
                    compactTo[nextThrough++] = m_floor->revision();
                while (nextAt < m_compactions.size() && m_compactions[nextAt].at == replayed) {
                    const double compactStart = processCpuS();
                    if (m_floor->compact(compactTo[nextAt]) == store::StoreError::None)
                        ++p.compactions;
                    p.compactionCpuS += processCpuS() - compactStart;
                    ++nextAt;
                }
            }
            untimed = processCpuS();
            p.cpuS += untimed - start;
            p.kernelS += processKernelS() - kernelStart;
            p.writes += qint64(records.size());
            read += qint64(records.size());
            records = {};
            values = {};
            p.overheadCpuS += processCpuS() - untimed;
            if (progress && total > 0)
                progress(double(read) / double(total));
        }
        p.compactionVisits = m_floor->stats().compactionVisits - visitsBefore;
        phases << p;
    }
    if (!m_spill.ok())
        return {};
    return phases;
}

api::ObjectPtr BenchFloor::standIn(const QByteArray &value)
{
    if (value.isEmpty())
        return std::make_shared<api::GenericObject>();
    auto pod = std::make_shared<api::Pod>();
    QString &node = m_nodeNames[value];   // one string per node, as the lab's pods share theirs
    if (node.isNull())
        node = QString::fromUtf8(value.mid(1));
    pod->spec.nodeName = node;
    return pod;
}

bool BenchFloor::watched(const QByteArray &key) const
{
    return std::any_of(m_ranges.begin(), m_ranges.end(), [&](const store::KeyRange &r) { return r.contains(key); });
}

} // namespace rlab::cli
