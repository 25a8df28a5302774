#pragma once
#include <QList>
#include <QtGlobal>

namespace rlab::ui {

// Turns the virtual time a GUI session moved between observations (one per frame, one per user
// step) into scenario `advance` steps that replay to the very same trace. The deterministic
// runner gives the same result for any split of an advance, except for the periodic etcd
// compaction: its idle task runs at the first idle moment >= its due time (every
// `intervalMs`), and a frame's end is such a moment. So frames are merged into one advance,
// except those that may hold a compaction check: they stay separate steps.
// Worked example (interval 300000 ms, frames of 16 ms): 0..299984 merge into advance 299984;
// the frame (299984, 300000] reaches the due time and stays alone (advance 16); after it the
// next check lies in [600000, 600000], so frames merge again until 599984. Each window of
// uncertainty grows by at most one frame per check. A plain value; any thread.
class AdvanceChunker
{
public:
    explicit AdvanceChunker(qint64 intervalMs);

    // Virtual time (ms since start) after a frame. Returns the advances finished by it.
    QList<qint64> observe(qint64 elapsedMs);
    // A step happens now: returns the pending advance (0 or 1 value) to write before it.
    QList<qint64> flush();

    qint64 windowStart() const { return m_low; }
    qint64 windowEnd() const { return m_high; }

private:
    qint64 m_interval;
    qint64 m_last = 0;          // the last observed time
    qint64 m_pendingFrom = 0;   // start of the advance being merged
    qint64 m_low, m_high;       // the next compaction check lies in [m_low, m_high]
};

} // namespace rlab::ui
