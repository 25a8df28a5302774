// SPDX-License-Identifier: Apache-2.0
#include "core/apiserver/jsonmergepatch.h"

namespace rlab::apiserver {

QJsonValue applyMergePatch(const QJsonValue &target, const QJsonValue &patch)
{
    if (!patch.isObject())
        return patch;
    QJsonObject result = target.isObject() ? target.toObject() : QJsonObject();
    const QJsonObject patchObject = patch.toObject();
    for (auto it = patchObject.begin(); it != patchObject.end(); ++it) {
        if (it.value().isNull())
            result.remove(it.key());
        else
            result.insert(it.key(), applyMergePatch(result.value(it.key()), it.value()));
    }
    return result;
}

std::optional<QJsonObject> applyMergePatchToObject(const QJsonObject &target,
                                                   const QJsonValue &patch, QString *error)
{
    if (!patch.isObject()) {
        if (error)
            *error = QStringLiteral("Invalid JSON Patch");
        return std::nullopt;
    }
    return applyMergePatch(target, patch).toObject();
}

QJsonValue createMergePatch(const QJsonValue &original, const QJsonValue &modified)
{
    if (!original.isObject() || !modified.isObject())
        return modified;
    const QJsonObject from = original.toObject();
    const QJsonObject to = modified.toObject();
    QJsonObject patch;
    for (auto it = to.begin(); it != to.end(); ++it) {
        const auto old = from.constFind(it.key());
        if (old == from.constEnd()) {
            patch.insert(it.key(), it.value());
        } else if (old.value().isObject() && it.value().isObject()) {
            const QJsonObject sub = createMergePatch(old.value(), it.value()).toObject();
            if (!sub.isEmpty())
                patch.insert(it.key(), sub);
        } else if (old.value() != it.value()) {
            patch.insert(it.key(), it.value());
        }
    }
    for (auto it = from.begin(); it != from.end(); ++it) {
        if (!to.contains(it.key()))
            patch.insert(it.key(), QJsonValue::Null);
    }
    return patch;
}

} // namespace rlab::apiserver
