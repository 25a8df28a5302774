#pragma once
#include "core/live/liveevent.h"

namespace rlab {
class Simulation;
}

namespace rlab::live {

// Writes received watch events into a mirror Simulation (one whose controllers, scheduler and
// kubelets do not run, see LiveMirror::mirrorConfig): each event is one etcd revision of the
// mirror's own store — PUT of the object exactly as the cluster sent it (its resourceVersion,
// uid and managedFields kept), DELETE of its key — plus a "live/<resource>" WatchEvent trace
// row, after the mirror's clock has moved to the event's receive time (startTime + t). So the
// window's canvas, inspector, history and time travel read a real cluster like a lab.
// Thread rules: one writing thread (the mirror has no other writer); readers anywhere.
class MirrorWriter
{
public:
    explicit MirrorWriter(Simulation &mirror);

    // The mirror revision after the event (unchanged when there was nothing to do, e.g. a
    // DELETED for a key the mirror does not hold, or an unknown resource).
    qint64 apply(const LiveEvent &event);
    // Compacts the mirror's store to `revision` (older revisions are gone; it stays readable)
    // and traces it as an etcd Compact row saying `why`.
    void compact(qint64 revision, const QString &why);
    // Moves the mirror's clock to startTime + t (never backwards); fires its timers.
    void advanceTo(qint64 t);
    qint64 startTime() const { return m_startTime; }

private:
    Simulation &m_mirror;
    qint64 m_startTime;
};

} // namespace rlab::live
