#pragma once
#include "core/api/object.h"

#include <QString>

namespace rlab::ui {

// The one-line status a learner reads in the object tree, from the stored object only (no
// guessing at what a controller would do): Deployment / ReplicaSet "0/3 ready", plus "not yet
// reconciled" while status.observedGeneration < metadata.generation; Pod phase ("Pending ·
// unscheduled", "Running on node-2", "Terminating"); Node "Ready" / "NotReady"; Namespace phase;
// any other kind "stored only (not simulated)". Pure functions; any thread.
class ObjectSummary
{
public:
    static QString status(const api::Object &obj);
    // A longer explanation for the tooltip.
    static QString explanation(const api::Object &obj);
    // True when a controller still has to act on the object (Deployment / ReplicaSet whose
    // observedGeneration lags its generation).
    static bool awaitsController(const api::Object &obj);
};

} // namespace rlab::ui
