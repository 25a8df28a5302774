// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/podspec.h"
#include "core/api/replicaset.h"

#include <QList>
#include <QString>

#include <memory>

namespace rlab::client {
class Interface;
}

namespace rlab::kubectl::rollout {

// What one kubectl command printed: stdout on success, else the error. errorLine() is the
// line kubectl writes to stderr: "error: <error>" for its own refusals, "Error from server
// (<reason>): <error>" when the API server said no.
struct RolloutResult
{
    QString output;         // "deployment.apps/web rolled back"
    QString error;          // "unable to find container named \"x\""; empty on success
    QString serverReason;   // "NotFound", … when the error came from the API server
    bool ok() const { return error.isEmpty(); }
    QString errorLine() const;
};

// One revision of `kubectl rollout history`: the ReplicaSet holding it and its change-cause.
struct HistoryEntry
{
    qint64 revision = 0;
    QString changeCause;   // kubernetes.io/change-cause of the RS; "" if none
    std::shared_ptr<const api::ReplicaSet> replicaSet;
};

// kubectl's client-side rollout operations, talking to the ApiServer exactly as kubectl does
// (kubectl-protocol.md §5.12-§5.17, upstream-semantics.md §12-§13): a GET of the deployment,
// then kubectl's own checks, then one PATCH (or nothing). Each call is one command, traced as
// user agent "kubectl <command>". Thread rules: any thread (the ApiServer is thread-safe).

// kubectl scale deployment/<name> --replicas=N: PATCH …/scale (merge) {"spec":{"replicas":N}}.
RolloutResult scale(client::Interface &api, const QString &ns, const QString &name, int replicas);
// kubectl set image deployment/<name> <container>=<image> ("*" = every container): a strategic
// merge patch computed from the object before and after (fieldManager kubectl-set); "" output
// when the image is already set.
RolloutResult setImage(client::Interface &api, const QString &ns, const QString &name, const QString &container,
                       const QString &image);
// kubectl rollout undo deployment/<name> [--to-revision=N] (0 = the previous revision): one
// JSON patch replacing /spec/template (the RS's, minus pod-template-hash) and
// /metadata/annotations; "skipped rollback (current template already matches revision N)"
// without a write when the template is the same.
RolloutResult rolloutUndo(client::Interface &api, const QString &ns, const QString &name, qint64 toRevision = 0);
// kubectl rollout pause / resume: spec.paused through a strategic merge patch.
RolloutResult pause(client::Interface &api, const QString &ns, const QString &name);
RolloutResult resume(client::Interface &api, const QString &ns, const QString &name);
// kubectl rollout restart: template annotation kubectl.kubernetes.io/restartedAt = now
// (RFC 3339 on the virtual clock), i.e. a new template and a new rollout.
RolloutResult restart(client::Interface &api, const QString &ns, const QString &name);
// kubectl rollout history: the REVISION / CHANGE-CAUSE table under "deployment.apps/<name> ".
RolloutResult history(client::Interface &api, const QString &ns, const QString &name);
// The same revisions as data (ascending; the last RS listed wins a duplicate revision).
QList<HistoryEntry> historyEntries(client::Interface &api, const QString &ns, const QString &name,
                                   RolloutResult *error = nullptr);

} // namespace rlab::kubectl::rollout
