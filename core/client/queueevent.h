// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace rlab {

// What a workqueue did, for the trace and the GUI.
enum class QueueEventType {
    Add,      // key became dirty: pushed to the FIFO, or parked because it is being processed
    Dedup,    // add of a key that was already dirty: collapsed, nothing changed
    Get,      // a worker took the key (durationMs = queue latency)
    Done,     // the worker finished it (durationMs = work duration)
    Requeue,  // done() pushed the key back: it was re-added while being processed
    AddAfter, // key waits until readyAtMs (durationMs = requested delay)
    Forget,   // rate limiter forgot the key's failures
    ShutDown, // the queue stopped accepting adds
};

// The upstream word for a type: "add", "dedup", "get", "done", "requeue", "addAfter", ...
QString toString(QueueEventType type);

// QueueEvent is one thing a workqueue did, as a value. seq is strictly increasing per queue and
// events are delivered in seq order (the hook runs under the queue's lock, see WorkQueue).
struct QueueEvent
{
    QueueEventType type = QueueEventType::Add;
    quint64 seq = 0;
    qint64 atMs = 0;          // Clock time of the event
    QString queue;            // WorkQueue::name()
    QString key;
    int worker = -1;          // Get / Done / Requeue: the worker that holds or held the key
    int depth = 0;            // len() after the event
    qint64 durationMs = 0;    // see QueueEventType
    qint64 readyAtMs = 0;     // AddAfter: the (earliest) time the key will be added
    bool whileProcessing = false; // Add / Dedup: the key is being processed right now
    bool delayed = false;     // Add / Dedup: caused by an addAfter timer coming due
    bool rateLimited = false; // AddAfter: from addRateLimited
    int numRequeues = 0;      // rate-limiting queue: the limiter's failure count for key
};

} // namespace rlab
