// ClusterSession's intake (issues #16, #17): what a frame hands on to the panels — the feed's
// store writes and the new trace, within the frame's intake budget, held while an intake gate
// says busy. The class and its thread rules are in clustersession.h.
#include "ui/clustersession.h"

#include "core/sim/view/clusterview.h"
#include "core/sim/view/watchfeed.h"

#include <QElapsedTimer>

#include <algorithm>

namespace rlab::ui {

namespace {

// How many events fit in what is left of the budget at `nsPerEvent`, between `least` and `most`.
std::size_t batchFor(int budgetMs, const QElapsedTimer &clock, double nsPerEvent, std::size_t least, std::size_t most)
{
    const double leftNs = double(qint64(budgetMs) * 1'000'000 - clock.nsecsElapsed());
    return std::clamp<std::size_t>(std::size_t(std::max(leftNs, 0.0) / nsPerEvent), least, most);
}

// The newest batch counts half: the estimate follows what the panels do now (a reset model, a
// hidden panel) within a few batches.
void learnCost(double &nsPerEvent, qint64 spentNs, std::size_t events, double floorNs)
{
    if (events > 0)
        nsPerEvent = std::max(floorNs, (nsPerEvent + double(spentNs) / double(events)) / 2);
}

} // namespace

void ClusterSession::drain()
{
    settle();
    handOn(-1);
}

void ClusterSession::drainThen(QObject *context, std::function<void()> done)
{
    settle();
    if (!m_timer.isActive() || m_frozen || isIntakeCaughtUp()) {
        handOn(-1);
        done();
        return;
    }
    m_drainWaiters.emplace_back(context, std::move(done));
}

bool ClusterSession::isIntakeCaughtUp() const
{
    if (m_frozen)
        return true;   // nothing is handed on while frozen
    return intakeBacklog() == 0 && (!m_feed || m_feed->pending() == 0) && m_view->lastTraceSeq() <= m_traceSeq;
}

void ClusterSession::runDrainWaiters()
{
    if (m_drainWaiters.empty() || !isIntakeCaughtUp())
        return;
    const auto waiters = std::exchange(m_drainWaiters, {});
    for (const auto &[context, done] : waiters)
        if (context)
            done();
}

void ClusterSession::addIntakeGate(QObject *owner, std::function<bool()> busy)
{
    std::erase_if(m_gates, [](const auto &gate) { return gate.first.isNull(); });   // owners gone
    m_gates.emplace_back(owner, std::move(busy));
}

bool ClusterSession::isIntakeGated() const
{
    for (const auto &[owner, busy] : m_gates)
        if (owner && busy())
            return true;
    return false;
}

void ClusterSession::handOn(int budgetMs, bool store)
{
    if (m_frozen)
        return;   // the past holds back new writes and trace (unfreeze() starts from now)
    QElapsedTimer clock;   // one budget for both: the store's writes first, then the trace
    clock.start();
    if (m_feed && store)
        handOnStore(budgetMs, clock);
    handOnTrace(budgetMs, clock);
}

void ClusterSession::handOnStore(int budgetMs, const QElapsedTimer &clock)
{
    std::vector<view::WatchEvent> events = m_feed->take();
    if (m_backlogAt == m_backlog.size()) {
        m_backlog = std::move(events);
        m_backlogAt = 0;
    } else {
        m_backlog.insert(m_backlog.end(), std::make_move_iterator(events.begin()), std::make_move_iterator(events.end()));
    }
    const qint64 budgetNs = qint64(budgetMs) * 1'000'000;
    // The least batch shrinks with a frame's share (frameIntakeBudgetMs below the intake budget
    // while the canvas animates and paints much), down to a quarter: at 5,000 pods 256 writes
    // took ~6 ms, past a 2 ms share. E.g. a 2 ms share of 8: at least 64 writes.
    const std::size_t least = budgetMs < 0 || m_intakeBudgetMs <= 0 || budgetMs >= m_intakeBudgetMs
                                  ? kMinStoreBatch
                                  : std::max(kMinStoreBatch / 4, kMinStoreBatch * std::size_t(budgetMs) / std::size_t(m_intakeBudgetMs));
    while (m_backlogAt < m_backlog.size()) {
        const std::size_t left = m_backlog.size() - m_backlogAt;
        // Sized to what is left of the budget at the panels' recent cost per event (issue #17:
        // fixed batches of 1,024 ran up to a whole batch past the budget — 10,000 scenario steps
        // made frames of 26 ms with an 8 ms budget). E.g. 5 ms left at 12 µs/event: 416 events.
        // A delete costs apart (a row found and removed in every table: an Event-expiry sweep of
        // 256 deletes took 8-10 ms where 256 puts took 3), and `least` is in puts' worth.
        std::size_t n = left;
        std::size_t deletes = 0;   // in the batch (learnStoreCost)
        if (budgetMs < 0) {
            for (std::size_t i = m_backlogAt; i < m_backlog.size(); ++i)
                deletes += m_backlog[i].type == view::WatchEvent::Delete ? 1 : 0;
        } else {
            const double leftNs = double(budgetNs - clock.nsecsElapsed());
            // (Half a put over: `least` puts summed one by one must not round to one short.)
            const double wantNs = std::max(leftNs, m_nsPerStoreEvent * (double(least) + 0.5));
            const std::size_t most = std::min(left, kStoreBatch);
            double costNs = 0;
            n = 0;
            while (n < most) {
                const bool isDelete = m_backlog[m_backlogAt + n].type == view::WatchEvent::Delete;
                const double c = isDelete ? m_nsPerStoreDelete : m_nsPerStoreEvent;
                if (n > 0 && (costNs + c > wantNs || (isDelete && deletes == kMaxDeleteBatch)))
                    break;
                costNs += c;
                deletes += isDelete ? 1 : 0;
                ++n;
            }
        }
        std::vector<view::WatchEvent> batch;
        if (m_backlogAt == 0 && n == m_backlog.size()) {
            batch = std::move(m_backlog);
            m_backlog.clear();
        } else {
            const auto first = m_backlog.begin() + std::ptrdiff_t(m_backlogAt);
            batch.assign(std::make_move_iterator(first), std::make_move_iterator(first + std::ptrdiff_t(n)));
            m_backlogAt += n;
        }
        ++m_storeBatches;
        const qint64 before = clock.nsecsElapsed();
        emit storeEvents(batch);
        learnStoreCost(clock.nsecsElapsed() - before, n - deletes, deletes);
        if (budgetMs >= 0 && clock.nsecsElapsed() + qint64(m_nsPerStoreEvent * double(least)) >= budgetNs)
            break;
    }
    if (m_backlogAt >= m_backlog.size()) {
        m_backlog.clear();
        m_backlogAt = 0;
    }
}

void ClusterSession::learnStoreCost(qint64 spentNs, std::size_t puts, std::size_t deletes)
{
    // One batch gives one sum: what it took is shared in proportion to what was expected of
    // each kind. A batch of puts only (or deletes only) learns that kind's cost alone, as
    // learnCost; a mixed one scales both by how far off the expectation was.
    const double expected = double(puts) * m_nsPerStoreEvent + double(deletes) * m_nsPerStoreDelete;
    if (expected <= 0)
        return;
    const double ratio = double(spentNs) / expected;
    if (puts > 0)
        m_nsPerStoreEvent = std::max(kMinNsPerEvent, (m_nsPerStoreEvent + m_nsPerStoreEvent * ratio) / 2);
    // A delete's cost varies most (a scattered row moves the tail of a 30,000-row table): up at
    // once, down slowly, so that the next sweep's first batch is not sized on cheap pod deletes.
    if (deletes > 0)
        m_nsPerStoreDelete = std::max(kMinNsPerEvent, ratio > 1 ? m_nsPerStoreDelete * ratio : (3 * m_nsPerStoreDelete + m_nsPerStoreDelete * ratio) / 4);
}

void ClusterSession::handOnTrace(int budgetMs, const QElapsedTimer &clock)
{
    const qint64 last = m_view->lastTraceSeq();
    if (last <= m_traceSeq)
        return;
    m_traceSeq = qMax(m_traceSeq, last - kMaxTraceBatch);
    // What is left of the budget after the store's writes, at the trace panels' recent cost per
    // row (issue #17: 5,000 rows a frame were a third of the longest frames under 10,000
    // scenario steps), in chunks of at most kTraceChunk rows with the clock read between them
    // (one batch sized on a cheap run's cost took up to 16 ms when costlier rows followed); at
    // least kMinTraceBatch, so the trace keeps moving. A frame that falls further behind than
    // kMaxTraceBatch skips to the newest rows, as before. E.g. 10 ms left at 4 µs a row: a
    // chunk of 1,024 rows (~4 ms), then of 1,024 at most again, then what the last ~2 ms fit.
    const qint64 budgetNs = qint64(budgetMs) * 1'000'000;
    const auto maxRows = std::size_t(kMaxTraceBatch);
    const auto minRows = std::size_t(kMinTraceBatch);
    std::size_t handed = 0;
    while (handed < maxRows) {
        const std::size_t least = handed < minRows ? minRows - handed : 1;
        const std::size_t n = budgetMs < 0 ? maxRows - handed
                                            : std::min(batchFor(budgetMs, clock, m_nsPerTraceEvent, least, kTraceChunk), maxRows - handed);
        const qint64 before = clock.nsecsElapsed();
        std::size_t got = 0;
        {
            const std::vector<TraceEvent> batch = m_view->trace(m_traceSeq, n);
            if (!batch.empty()) {
                m_traceSeq = batch.back().seq;
                got = batch.size();
                emit traceEvents(batch);
            }
        }   // the batch's destruction counts too
        learnCost(m_nsPerTraceEvent, clock.nsecsElapsed() - before, got, kMinNsPerEvent);
        handed += got;
        if (got < n || budgetMs < 0)
            break;   // caught up (or everything at once)
        if (handed >= minRows && clock.nsecsElapsed() + qint64(m_nsPerTraceEvent * double(least)) >= budgetNs)
            break;
    }
}

} // namespace rlab::ui
