#pragma once
#include "core/live/capturedwrite.h"

#include <QString>
#include <QtGlobal>

namespace rlab::live {

// What the shadow controller said the cluster's Deployment controller would write next, and
// what became of it: Pending until an observed watch event does it (Matched), does something
// else to the same object (Mismatched), or the time window passes (Expired: not done). A newer
// prediction for the same object and verb supersedes an older pending one (Superseded: the
// controller would decide again on newer state). `text` is a learner's sentence ("scale up
// ReplicaSet web-7c5b4f from 1 to 2"), `why` syncDeployment's notes for it. A plain value.
struct Prediction
{
    enum class State { Pending, Matched, Mismatched, Expired, Superseded };
    quint64 id = 0;
    qint64 t = 0;               // made at (ms since the live session started)
    QString deployment;         // the synced key, "namespace/name"
    CapturedWrite write;
    QString signature;          // what must be observed, e.g. "replicasets/default/web-7c5b4f replicas=2"
    QString text, why;
    State state = State::Pending;
    qint64 resolvedAt = -1;
    QString outcome;            // "done after 0.2 s", "the cluster scaled it to 4 instead of 2", …

    static QString stateName(State state);   // "pending", "matched", …
};

} // namespace rlab::live
