// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>

namespace rlab {

// How a key got into the FIFO.
enum class QueuedVia {
    Add,      // add()
    AddAfter, // an addAfter / addRateLimited delay came due
    Done,     // done() requeued it: it was re-added while being processed
};

// A key waiting in the FIFO.
struct QueuedItem
{
    QString key;
    qint64 addedAtMs = 0;   // when it became dirty (queue latency counts from here)
    int dedups = 0;         // adds collapsed into this entry
    QueuedVia via = QueuedVia::Add;
    int numRequeues = 0;    // rate-limiting queue: the limiter's failure count
};

// A key handed to a worker and not yet done.
struct ProcessingItem
{
    QString key;
    int worker = -1;        // the id passed to get(), -1 if none
    qint64 startedAtMs = 0; // get time
    qint64 queueLatencyMs = 0; // add -> get of this round
    bool reAdded = false;   // added again while processing: done() will requeue it once
    int dedups = 0;         // further adds collapsed into that re-add
    int numRequeues = 0;
};

// A key parked by addAfter until readyAtMs.
struct WaitingItem
{
    QString key;
    qint64 readyAtMs = 0;
    qint64 sinceMs = 0;     // first addAfter of this waiting period
    int addAfterCount = 0;  // addAfter calls merged into this entry (earliest time kept)
    int numRequeues = 0;
};

// Counters since construction, and gauges at snapshot time. Times are Clock milliseconds.
// Words follow client-go's workqueue metrics (adds, retries, queue latency, work duration,
// longest running processor, unfinished work).
struct WorkQueueMetrics
{
    int depth = 0;          // len()
    int processing = 0;
    int waiting = 0;        // delaying queues only
    quint64 adds = 0;       // adds that made a key dirty
    quint64 dedups = 0;     // adds of an already dirty key
    quint64 gets = 0;
    quint64 dones = 0;
    quint64 requeues = 0;   // done() requeued a key re-added while processing
    quint64 retries = 0;    // addAfter / addRateLimited calls
    qint64 lastQueueLatencyMs = 0;
    qint64 maxQueueLatencyMs = 0;
    qint64 totalQueueLatencyMs = 0;  // / gets = mean
    qint64 lastWorkDurationMs = 0;
    qint64 maxWorkDurationMs = 0;
    qint64 totalWorkDurationMs = 0;  // / dones = mean
    qint64 longestRunningProcessorMs = 0; // age of the oldest key being processed
    qint64 unfinishedWorkMs = 0;          // sum of the ages of all keys being processed
};

// WorkQueueSnapshot is the whole visible state of one queue at one instant, as a value that
// may be handed to the GUI thread. Lists are in a stable order: queued in FIFO order,
// processing in the order get() handed them out, waiting by (ready time, addAfter order).
// A bounded snapshot (WorkQueue::snapshot(maxItems)) lists only the first maxItems queued and
// waiting keys; metrics.depth and metrics.waiting still count them all.
struct WorkQueueSnapshot
{
    QString name;
    qint64 atMs = 0;
    bool shuttingDown = false;
    bool draining = false;  // shutDownWithDrain() is waiting for processing keys
    QList<QueuedItem> queued;
    QList<ProcessingItem> processing;
    QList<WaitingItem> waiting;
    WorkQueueMetrics metrics;
};

} // namespace rlab
