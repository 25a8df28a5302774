#pragma once
#include "core/base/traceevent.h"
#include "core/sim/view/queueview.h"

#include <vector>

namespace rlab::ui {

// Every controller's workqueue as it was at a past moment, rebuilt from the trace's Queue*
// events (QueueAdd, QueueDedup, QueueGet, QueueDone, QueueRequeue, QueueAddAfter) up to that
// moment: what time travel shows in the Workqueues panel instead of the live queues. `live`
// gives the controllers, their order and worker counts; syncs count the ReconcileStart events.
// E.g. QueueAdd default/nginx, QueueGet (worker 2) -> deployment's processing [default/nginx @2].
// A pure function of values; any thread.
struct QueueReplay
{
    // `events` in seq order, all with rev <= the viewed revision; `startTimeMs` is the clock's
    // t = 0 (trace t is relative to it, snapshots use clock ms); `atElapsedMs` the viewed time.
    static std::vector<view::QueueView> at(const std::vector<TraceEvent> &events, const std::vector<view::QueueView> &live,
                                           qint64 startTimeMs, qint64 atElapsedMs);
    // The trace event types at() reads (the rest may be left out of `events`).
    static const QStringList &eventTypes();
};

} // namespace rlab::ui
