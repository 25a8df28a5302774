// SPDX-License-Identifier: Apache-2.0
#include "core/apiserver/strategicmergepatch.h"

#include "core/apiserver/strategicmergepatchinternal.h"

// A port of k8s.io/apimachinery/pkg/util/strategicpatch/patch.go (apply and diff halves) to
// QJson values. Function names follow upstream so the two can be read side by side. Where Go's
// in-place slice mutation decides the final list order, that effect is reproduced on purpose
// (see MergedSlice::originalView), because upstream's tests pin those orders.

// Files: strategicmergepatchutil.cpp (Go helpers, ordering), strategicmergepatchmerge.cpp (apply),
// strategicmergepatchdiff.cpp (diff); this file holds the field table and the entry points.

namespace rlab::apiserver {

using namespace strategicpatch;

PatchMeta kubernetesPatchMeta(const QString &kind, const QStringList &path)
{
    if (path.isEmpty())
        return {};
    const QString &field = path.last();
    const QString parent = path.size() >= 2 ? path.at(path.size() - 2) : QString();
    auto merge = [](const QString &key) { return PatchMeta{true, key, false, false}; };

    // Per-kind overrides: the same field name with another key in another type.
    if (kind == u"Service" && path == QStringList{QStringLiteral("spec"), QStringLiteral("ports")})
        return merge(QStringLiteral("port"));
    if ((kind.isEmpty() || kind == u"Deployment")
        && path == QStringList{QStringLiteral("spec"), QStringLiteral("strategy")})
        return PatchMeta{false, QString(), true, false};

    // Container fields (ports here means ContainerPort).
    const bool inContainer = parent == u"containers" || parent == u"initContainers"
        || parent == u"ephemeralContainers";
    if (inContainer) {
        if (field == u"ports")
            return merge(QStringLiteral("containerPort"));
        if (field == u"env")
            return merge(QStringLiteral("name"));
        if (field == u"volumeMounts")
            return merge(QStringLiteral("mountPath"));
        if (field == u"volumeDevices")
            return merge(QStringLiteral("devicePath"));
    }
    // PodSpec fields, wherever a pod spec sits (Pod, template, jobTemplate).
    if (field == u"containers" || field == u"initContainers" || field == u"ephemeralContainers"
        || field == u"imagePullSecrets")
        return merge(QStringLiteral("name"));
    if (field == u"volumes")
        return PatchMeta{true, QStringLiteral("name"), true, false};
    // Newer PodSpec lists (core/v1 types.go): topologySpreadConstraints on topologyKey,
    // schedulingGates on name, resourceClaims merge+retainKeys on name.
    if (parent == u"spec") {
        if (field == u"topologySpreadConstraints")
            return merge(QStringLiteral("topologyKey"));
        if (field == u"schedulingGates")
            return merge(QStringLiteral("name"));
        if (field == u"resourceClaims")
            return PatchMeta{true, QStringLiteral("name"), true, false};
    }
    // PodStatus: podIPs and hostIPs on ip, resourceClaimStatuses merge+retainKeys on name;
    // NodeStatus: addresses on type; NodeSpec: podCIDRs as a set.
    if (parent == u"status") {
        if ((kind.isEmpty() || kind == u"Pod") && (field == u"podIPs" || field == u"hostIPs"))
            return merge(QStringLiteral("ip"));
        if ((kind.isEmpty() || kind == u"Pod") && field == u"resourceClaimStatuses")
            return PatchMeta{true, QStringLiteral("name"), true, false};
        if ((kind.isEmpty() || kind == u"Node") && field == u"addresses")
            return merge(QStringLiteral("type"));
    }
    if ((kind.isEmpty() || kind == u"Node") && path == QStringList{QStringLiteral("spec"), QStringLiteral("podCIDRs")})
        return merge(QString());
    if (field == u"hostAliases")
        return merge(QStringLiteral("ip"));
    if (field == u"conditions" && parent == u"status")
        return merge(QStringLiteral("type"));
    if (parent == u"metadata" && field == u"ownerReferences")
        return merge(QStringLiteral("uid"));
    if (parent == u"metadata" && field == u"finalizers")
        return merge(QString());
    return {};
}

PatchMetaLookup kubernetesPatchMetaLookup(const QString &kind)
{
    return [kind](const QStringList &path) { return kubernetesPatchMeta(kind, path); };
}

std::optional<QJsonObject> applyStrategicMergePatch(const QJsonObject &original, const QJsonObject &patch,
                                                    QString *error, const QString &kind)
{
    return applyStrategicMergePatch(original, patch, error, kubernetesPatchMetaLookup(kind));
}

std::optional<QJsonObject> applyStrategicMergePatch(const QJsonObject &original, const QJsonObject &patch,
                                                    QString *error, const PatchMetaLookup &lookup)
{
    return guarded(error, [&] {
        const Merger merger(lookup, MergeOptions{true, true});
        const QJsonObject merged = merger.mergeMap(original, patch, QStringList());
        return stripDirectiveKeys(removeDirectives(merged).value_or(QJsonObject())).toObject();
    });
}

std::optional<QJsonObject> createTwoWayMergePatch(const QJsonObject &original, const QJsonObject &modified,
                                                  QString *error, const QString &kind)
{
    return createTwoWayMergePatch(original, modified, error, kubernetesPatchMetaLookup(kind));
}

std::optional<QJsonObject> createTwoWayMergePatch(const QJsonObject &original, const QJsonObject &modified,
                                                  QString *error, const PatchMetaLookup &lookup)
{
    return guarded(error, [&] {
        DiffOptions options;
        options.setElementOrder = true;
        return Differ(lookup).diffMaps(original, modified, QStringList(), options);
    });
}

std::optional<QJsonObject> createThreeWayMergePatch(const QJsonObject &original, const QJsonObject &modified,
                                                    const QJsonObject &current, QString *error,
                                                    const QString &kind)
{
    return createThreeWayMergePatch(original, modified, current, error, kubernetesPatchMetaLookup(kind));
}

std::optional<QJsonObject> createThreeWayMergePatch(const QJsonObject &original, const QJsonObject &modified,
                                                    const QJsonObject &current, QString *error,
                                                    const PatchMetaLookup &lookup)
{
    return guarded(error, [&] {
        // The patch is the change from current to modified without deletions, plus the
        // deletions from original (last-applied) to modified, merged as two patches.
        const Differ differ(lookup);
        DiffOptions deltaOptions;
        deltaOptions.setElementOrder = true;
        deltaOptions.ignoreDeletions = true;
        const QJsonObject delta = differ.diffMaps(current, modified, QStringList(), deltaOptions);
        DiffOptions deletionsOptions;
        deletionsOptions.setElementOrder = true;
        deletionsOptions.ignoreChangesAndAdditions = true;
        const QJsonObject deletions = differ.diffMaps(original, modified, QStringList(), deletionsOptions);
        return Merger(lookup, MergeOptions{false, false}).mergeMap(deletions, delta, QStringList());
    });
}

} // namespace rlab::apiserver
