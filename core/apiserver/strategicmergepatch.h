// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace rlab::apiserver {

// What k8s.io/api's struct tags say about one field (patchStrategy / patchMergeKey).
struct PatchMeta
{
    bool mergeList = false;   // patchStrategy "merge" on a list: merge element-wise
    QString mergeKey;         // patchMergeKey; empty for a merged list of scalars (finalizers)
    bool retainKeys = false;  // patchStrategy "retainKeys": "$retainKeys" clears unlisted fields
    bool replace = false;     // patchStrategy "replace": never merge, take the patch value
};

// Looks up a field by its path of field names from the object root; list levels are skipped,
// so a container's env is {"spec","template","spec","containers","env"}.
using PatchMetaLookup = std::function<PatchMeta(const QStringList &path)>;

// The built-in table (kubectl-protocol.md §9.1): containers, initContainers, ephemeralContainers,
// imagePullSecrets, volumes (+retainKeys), env on name; container ports on containerPort;
// volumeMounts on mountPath; volumeDevices on devicePath; hostAliases on ip; topologySpreadConstraints
// on topologyKey; schedulingGates on name; resourceClaims (+retainKeys) on name; status.conditions
// on type; Pod status.podIPs / hostIPs on ip and resourceClaimStatuses (+retainKeys) on name;
// Node status.addresses on type and spec.podCIDRs as a set; metadata.ownerReferences on uid;
// metadata.finalizers as a set; Deployment spec.strategy has retainKeys; other maps merge, other
// lists are replaced. Per kind: Service spec.ports on port. tst_patchstrategies lists every
// list-typed field of the simulated kinds with its upstream tag.
PatchMeta kubernetesPatchMeta(const QString &kind, const QStringList &path);
PatchMetaLookup kubernetesPatchMetaLookup(const QString &kind);

// Strategic merge patch (application/strategic-merge-patch+json), apimachinery's algorithm:
// maps merge, null deletes, merge lists merge by key, plus the $patch, $setElementOrder,
// $deleteFromPrimitiveList and $retainKeys directives; "$..." leftovers are dropped. On a bad
// patch: nullopt, *error = apimachinery's text. Pure functions: any thread. Example (log 16):
// {"spec":{"template":{"spec":{"containers":[{"image":"nginx:1.25","name":"nginx"}]}}}} changes
// only that container's image; its ports and every other container stay.
std::optional<QJsonObject> applyStrategicMergePatch(const QJsonObject &original,
                                                    const QJsonObject &patch, QString *error,
                                                    const QString &kind = QString());
std::optional<QJsonObject> applyStrategicMergePatch(const QJsonObject &original,
                                                    const QJsonObject &patch, QString *error,
                                                    const PatchMetaLookup &lookup);

// The patch that turns original into modified (CreateTwoWayMergePatch, what `kubectl set image`
// and `rollout pause` compute from the object before and after their edit). {} if equal.
std::optional<QJsonObject> createTwoWayMergePatch(const QJsonObject &original,
                                                  const QJsonObject &modified, QString *error,
                                                  const QString &kind = QString());
std::optional<QJsonObject> createTwoWayMergePatch(const QJsonObject &original,
                                                  const QJsonObject &modified, QString *error,
                                                  const PatchMetaLookup &lookup);

// kubectl's client-side apply patch (CreateThreeWayMergePatch, overwrite on): original is the
// last-applied file, modified the new file with its new last-applied annotation, current the
// live object. It sets what the file changes and deletes only what the file dropped since
// last-applied: labels {app,tier} -> {app} with live {app,tier,team} gives {"tier":null} and
// team stays (log 11f). {} means "unchanged" (log 35c).
std::optional<QJsonObject> createThreeWayMergePatch(const QJsonObject &original,
                                                    const QJsonObject &modified,
                                                    const QJsonObject &current, QString *error,
                                                    const QString &kind = QString());
std::optional<QJsonObject> createThreeWayMergePatch(const QJsonObject &original,
                                                    const QJsonObject &modified,
                                                    const QJsonObject &current, QString *error,
                                                    const PatchMetaLookup &lookup);

} // namespace rlab::apiserver
