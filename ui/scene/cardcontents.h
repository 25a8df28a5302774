#pragma once
#include "ui/scene/carditem.h"

#include <QString>

namespace rlab::api {
class Deployment;
class Pod;
class ReplicaSet;
} // namespace rlab::api

namespace rlab::ui {

// What the canvas writes about each object, from the stored object only. A ReplicaSet card:
// name, "rev 2" (deployment.kubernetes.io/revision), image and pod-template-hash, counters
// desired (spec.replicas) / current / ready / available (status); blue when it is its
// Deployment's new ReplicaSet, grey (and faded at 0 replicas) when old. A Deployment card:
// strategy with maxSurge / maxUnavailable (default 25%), counters desired / updated / ready /
// available; presenter mode's summary line: "2/3 ready" (ReplicaSet), "2/3 ready · 1 updated"
// (Deployment; "2/3 ready" on a card too narrow for it). Pure functions; any thread.
struct CardContents
{
    static CardContent replicaSet(const api::ReplicaSet &rs, qint64 revision, bool isNew);
    static CardContent deployment(const api::Deployment &d);
    static QString podTooltip(const api::Pod &pod);
    static QColor newReplicaSetAccent();
    static QColor oldReplicaSetAccent();
};

} // namespace rlab::ui
