#pragma once
#include "core/base/traceevent.h"

#include <QList>
#include <QString>

namespace rlab::ui {

// One decision of one syncDeployment, read back from the controller's ReconcileEnd trace
// sentence ("syncDeployment default/nginx: <phase> → <function>: <decision>; …"), with the
// formula spelled out. Example: the note "rolloutRolling → reconcileNewReplicaSet: scaled up
// nginx-7c5 from 3 to 6 (maxSurge 3: 13 allowed, 10 running)" gives step reconcileNewReplicaSet,
// replicaSet nginx-7c5, from 3, to 6, why "new RS may grow to maxTotal 13 (10 + maxSurge 3) −
// current 10 = 3; …". Decisions that moved nothing keep from = to = -1. Pure; any thread.
struct SyncStep
{
    qint64 t = 0;          // virtual ms
    qint64 rev = 0;
    QString key;           // "default/nginx"
    QString phase;         // rolloutRolling, sync, …
    QString step;          // reconcileNewReplicaSet, cleanupUnhealthyReplicas, …
    QString replicaSet;    // "" when no single RS moved
    int from = -1, to = -1;
    QString why;

    bool moved() const { return from >= 0 && to >= 0; }

    // Every step the deployment controller reports in `e` (component "deployment", or a live
    // session's "shadow/deployment"; type ReconcileEnd, or ReconcileError with the notes after
    // " after: "); empty otherwise. Only the rolling-update steps and scaling are kept:
    // reconcileNewReplicaSet, cleanupUnhealthyReplicas, scaleDownOldReplicaSetsForRollingUpdate,
    // reconcileOldReplicaSets, scale, getNewReplicaSet (creation), rolloutRecreate.
    static QList<SyncStep> fromTrace(const TraceEvent &e);
    // One note "<phase> → <function>: <decision>"; step empty when not a kept step.
    static SyncStep fromNote(const QString &note);
};

} // namespace rlab::ui
