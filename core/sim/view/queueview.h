#pragma once
#include "core/client/workqueuesnapshot.h"

#include <QString>

namespace rlab::view {

// One controller's workqueue as the window sees it at one instant: its name, how many workers
// it has (worker threads while threaded; the configured count on the deterministic runner, which
// drives the same processNextWorkItem on one thread), how many syncs it ran, and a copy of the
// queue's state (FIFO, processing, waiting, metrics). A value; may cross threads.
struct QueueView
{
    QString controller;       // "deployment", "replicaset", "scheduler", "kubelet/node-1", …
    int workers = 1;
    bool threaded = false;    // worker QThreads are running
    qint64 syncs = 0;         // reconciles since the controller started
    WorkQueueSnapshot snapshot;
};

} // namespace rlab::view
