// SPDX-License-Identifier: Apache-2.0
#include "core/apiserver/strategicmergepatchinternal.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QList>

#include <algorithm>
#include <cmath>
#include <limits>

// The apply half of strategicpatch/patch.go: mergeMap, mergeSlice and the directives.

namespace rlab::apiserver::strategicpatch {

static QJsonValue discardNullValuesFromPatch(const QJsonValue &v)
{
    if (v.isObject()) {
        QJsonObject object = v.toObject();
        for (const QString &key : object.keys()) {
            if (object.value(key).isNull())
                object.remove(key);
            else
                object.insert(key, discardNullValuesFromPatch(object.value(key)));
        }
        return object;
    }
    if (v.isArray()) {
        QJsonArray array = v.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            array[i] = discardNullValuesFromPatch(array.at(i));
        return array;
    }
    return v;
}

// removeDirectives: a map carrying "$patch" disappears (from its parent map or list).
std::optional<QJsonValue> removeDirectives(const QJsonValue &v)
{
    if (v.isObject()) {
        QJsonObject object = v.toObject();
        if (object.contains(kDirectiveMarker))
            return std::nullopt;
        for (const QString &key : object.keys()) {
            if (const std::optional<QJsonValue> kept = removeDirectives(object.value(key)))
                object.insert(key, *kept);
            else
                object.remove(key);
        }
        return object;
    }
    if (v.isArray()) {
        QJsonArray out;
        for (const QJsonValue &item : v.toArray()) {
            if (const std::optional<QJsonValue> kept = removeDirectives(item))
                out.append(*kept);
        }
        return out;
    }
    return v;
}

// After removeDirectives, also drops "$..." keys the patch left in new subtrees; the typed
// decode of the real server does not keep them either.
QJsonValue stripDirectiveKeys(const QJsonValue &v)
{
    if (v.isObject()) {
        QJsonObject object = v.toObject();
        for (const QString &key : object.keys()) {
            if (key.startsWith(u'$'))
                object.remove(key);
            else
                object.insert(key, stripDirectiveKeys(object.value(key)));
        }
        return object;
    }
    if (v.isArray()) {
        QJsonArray array = v.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            array[i] = stripDirectiveKeys(array.at(i));
        return array;
    }
    return v;
}

void Merger::takePatchValue(QJsonObject &original, const QString &key, QJsonValue patchValue) const
{
    if (m_options.ignoreUnmatchedNulls)
        patchValue = discardNullValuesFromPatch(patchValue);
    if (const std::optional<QJsonValue> kept = removeDirectives(patchValue))
        original.insert(key, *kept);
    else
        original.remove(key);
}

static QJsonObject handleDirectiveInMergeMap(const QJsonValue &directive, QJsonObject patch)
{
    if (directive.isString() && directive.toString() == kReplaceDirective) {
        patch.remove(kDirectiveMarker);
        return patch;
    }
    if (directive.isString() && directive.toString() == kDeleteDirective)
        return {};
    fail(errBadPatchType(directive, patch));
}

QJsonObject Merger::mergeMap(QJsonObject original, QJsonObject patch, const QStringList &path) const
{
    if (patch.contains(kDirectiveMarker))
        return handleDirectiveInMergeMap(patch.value(kDirectiveMarker), patch);
    applyRetainKeysDirective(original, patch);
    mergePatchIntoOriginal(original, patch, path);

    for (auto it = patch.constBegin(); it != patch.constEnd(); ++it) {
        QString key = it.key();
        const QJsonValue patchValue = it.value();
        bool isDeleteList = false;
        if (key.startsWith(kDeleteFromPrimitiveListPrefix)) {
            if (!m_options.mergeParallelList) {
                original.insert(key, patchValue);
                continue;
            }
            key = extractKey(key, kDeleteFromPrimitiveListPrefix);
            isDeleteList = true;
        }
        if (patchValue.isNull()) {
            original.remove(key);
            if (m_options.ignoreUnmatchedNulls)
                continue;
        }
        const auto current = original.constFind(key);
        if (current == original.constEnd() || goType(current.value()) != goType(patchValue)) {
            if (!isDeleteList)
                takePatchValue(original, key, patchValue);
            continue;
        }
        const QStringList fieldPath = path + QStringList{key};
        if (patchValue.isObject()) {
            const PatchMeta fieldMeta = meta(fieldPath);
            original.insert(key, fieldMeta.replace
                                     ? patchValue.toObject()
                                     : mergeMap(current.value().toObject(), patchValue.toObject(), fieldPath));
        } else if (patchValue.isArray()) {
            const PatchMeta fieldMeta = meta(fieldPath);
            if (fieldMeta.mergeList || isDeleteList)
                original.insert(key, mergeSlice(current.value().toArray(), patchValue.toArray(),
                                                fieldMeta, fieldPath, isDeleteList)
                                         .merged);
            else
                original.insert(key, patchValue);
        } else {
            original.insert(key, patchValue);
        }
    }
    return original;
}

void Merger::applyRetainKeysDirective(QJsonObject &original, QJsonObject &patch) const
{
    if (!patch.contains(kRetainKeysDirective))
        return;
    const QJsonValue retainKeys = patch.take(kRetainKeysDirective);
    if (!m_options.mergeParallelList) {
        // original is itself a patch (three-way merge): the directive must agree.
        if (original.contains(kRetainKeysDirective)) {
            if (original.value(kRetainKeysDirective) != retainKeys)
                fail(QStringLiteral("%1 and %2 are not deep equal: this may happen when calculating "
                                    "the 3-way diff patch")
                         .arg(goFormat(original.value(kRetainKeysDirective)), goFormat(retainKeys)));
        } else {
            original.insert(kRetainKeysDirective, retainKeys);
        }
        return;
    }
    if (!retainKeys.isArray())
        fail(kErrBadPatchFormatForRetainKeys);
    const QJsonArray list = retainKeys.toArray();
    auto listed = [&](const QString &key) { return list.contains(QJsonValue(key)); };
    for (auto it = patch.constBegin(); it != patch.constEnd(); ++it) {
        if (it.value().isNull() || it.key().startsWith(kDeleteFromPrimitiveListPrefix)
            || it.key().startsWith(kSetElementOrderPrefix))
            continue;
        if (!listed(it.key()))
            fail(kErrBadPatchFormatForRetainKeys);
    }
    for (const QString &key : original.keys()) {
        if (!listed(key))
            original.remove(key);
    }
}

// validatePatchWithSetOrderList: the patch items must appear in the order list, in order.
static void validatePatchWithSetOrderList(const QJsonArray &patchList, const QJsonArray &setOrderList,
                                          const QString &mergeKey)
{
    if (setOrderList.isEmpty() || patchList.isEmpty())
        return;
    QJsonArray nonDeleteList;
    for (const QJsonValue &v : patchList) {
        if (mergeKey.isEmpty()) {
            nonDeleteList.append(v);
            continue;
        }
        if (!v.isObject())
            fail(errBadArgType(kMapType, v));
        if (!isDeleteItem(v))
            nonDeleteList.append(v);
    }
    qsizetype patchIndex = 0;
    qsizetype setOrderIndex = 0;
    while (patchIndex < nonDeleteList.size() && setOrderIndex < setOrderList.size()) {
        const QJsonValue item = nonDeleteList.at(patchIndex);
        if (item.isObject() && item.toObject().contains(kDirectiveMarker)) {
            ++patchIndex;
            continue;
        }
        const QJsonValue order = setOrderList.at(setOrderIndex);
        bool equal = false;
        if (mergeKey.isEmpty()) {
            equal = goEqual(item, order);
        } else {
            for (const QJsonValue &side : {item, order}) {
                if (!side.isObject())
                    fail(errBadArgType(kMapType, side));
                if (!side.toObject().contains(mergeKey))
                    fail(errNoMergeKey(side, mergeKey));
            }
            equal = goEqual(item.toObject().value(mergeKey), order.toObject().value(mergeKey));
        }
        if (equal)
            ++patchIndex;
        ++setOrderIndex;
    }
    if (patchIndex < nonDeleteList.size() && setOrderIndex >= setOrderList.size())
        fail(QStringLiteral("The order in patch list:\n%1\n doesn't match %2 list:\n%3\n")
                 .arg(goFormat(patchList), kSetElementOrderPrefix, goFormat(setOrderList)));
}

void Merger::mergePatchIntoOriginal(QJsonObject &original, QJsonObject &patch, const QStringList &path) const
{
    const QStringList keys = patch.keys();
    for (const QString &key : keys) {
        if (!key.startsWith(kSetElementOrderPrefix))
            continue;
        const QJsonValue setElementOrder = patch.value(key);
        if (!m_options.mergeParallelList) {
            // Keep the directive in original (itself a patch); both copies must agree.
            if (original.contains(key)) {
                if (original.value(key) != setElementOrder)
                    fail(kErrBadPatchFormatForSetElementOrderList);
            } else {
                original.insert(key, setElementOrder);
            }
        }
        patch.remove(key);

        if (!setElementOrder.isArray())
            fail(errBadArgType(kSliceType, setElementOrder));
        const QJsonArray orderList = setElementOrder.toArray();
        const QString originalKey = extractKey(key, kSetElementOrderPrefix);
        const bool foundOriginal = original.contains(originalKey);
        const bool foundPatch = patch.contains(originalKey);
        QJsonArray originalList;
        QJsonArray patchList;
        if (foundOriginal) {
            if (!original.value(originalKey).isArray())
                fail(errBadArgType(kSliceType, original.value(originalKey)));
            originalList = original.value(originalKey).toArray();
        }
        if (foundPatch) {
            if (!patch.value(originalKey).isArray())
                fail(errBadArgType(kSliceType, patch.value(originalKey)));
            patchList = patch.value(originalKey).toArray();
        }
        const QStringList fieldPath = path + QStringList{originalKey};
        const PatchMeta fieldMeta = meta(fieldPath);
        validatePatchWithSetOrderList(patchList, orderList, fieldMeta.mergeKey);

        QJsonArray merged;
        QJsonArray serverOrder;
        if (foundOriginal && !foundPatch) {
            merged = originalList;
            serverOrder = originalList;
        } else if (!foundOriginal && foundPatch) {
            merged = patchList;
        } else if (foundOriginal && foundPatch) {
            if (fieldMeta.mergeList) {
                const MergedSlice result = mergeSlice(originalList, patchList, fieldMeta, fieldPath, false);
                merged = result.merged;
                serverOrder = result.originalView;
            } else {
                merged = patchList;
                serverOrder = originalList;
            }
        } else {
            continue;
        }

        const auto [patchItems, serverOnlyItems] = partition(merged, orderList, fieldMeta.mergeKey);
        const GoType kind = sliceElementType({&originalList, &patchList});
        original.insert(originalKey, normalizeElementOrder(patchItems, serverOnlyItems, orderList,
                                                           serverOrder, fieldMeta.mergeKey, kind));
        patch.remove(originalKey);
    }
}

MergedSlice Merger::mergeSlice(const QJsonArray &original, const QJsonArray &patch, const PatchMeta &meta,
                               const QStringList &path, bool isDeleteList) const
{
    if (original.isEmpty() && patch.isEmpty())
        return {original, original};
    const GoType kind = sliceElementType({&original, &patch});
    const QString &mergeKey = meta.mergeKey;

    if (kind != GoType::Map) {
        if (m_options.mergeParallelList && isDeleteList) {
            QJsonArray kept;
            for (const QJsonValue &v : original) {
                if (std::none_of(patch.begin(), patch.end(), [&](const QJsonValue &d) { return goEqual(d, v); }))
                    kept.append(v);
            }
            return {kept, original};
        }
        QJsonArray both = original;
        for (const QJsonValue &v : patch)
            both.append(v);
        const QJsonArray merged = deduplicateScalars(both);
        const auto [patchItems, serverOnlyItems] = partition(merged, patch, QString());
        return {normalizeElementOrder(patchItems, serverOnlyItems, patch, original, QString(), kind), original};
    }

    if (mergeKey.isEmpty())
        fail(QStringLiteral("cannot merge lists without merge key for %1").arg(path.join(u'.')));

    // mergeSliceWithSpecialElements: "$patch: delete" items remove every match from original;
    // "$patch: replace" makes the remaining patch items the whole list.
    QJsonArray view = original; // Go's backing array as the caller sees it
    qsizetype viewLength = original.size();
    QJsonArray remaining = original;
    QJsonArray plainPatch;
    bool replaced = false;
    for (const QJsonValue &v : patch) {
        const QJsonObject item = v.toObject();
        if (!item.contains(kDirectiveMarker)) {
            plainPatch.append(v);
            continue;
        }
        const QJsonValue directive = item.value(kDirectiveMarker);
        const QString name = directive.isString() ? directive.toString() : QString();
        if (directive.isString() && name == kDeleteDirective) {
            if (!item.contains(mergeKey))
                fail(errNoMergeKey(v, mergeKey));
            for (qsizetype at; (at = findMapInSlice(remaining, mergeKey, item.value(mergeKey))) >= 0;) {
                remaining.removeAt(at);
                for (qsizetype j = at; j + 1 < viewLength; ++j)
                    view[j] = view.at(j + 1);
                --viewLength;
            }
        } else if (directive.isString() && name == kReplaceDirective) {
            replaced = true;
        } else if (directive.isString() && name == kMergeDirective) {
            fail(QStringLiteral("merging lists cannot yet be specified in the patch"));
        } else {
            fail(errBadPatchType(directive, v));
        }
    }
    QJsonArray base = remaining;
    QJsonArray toMerge = plainPatch;
    if (replaced) {
        base = plainPatch;
        toMerge = QJsonArray();
    }

    // mergeSliceWithoutSpecialElements: merge items with the same key, append the others.
    QJsonArray merged = base;
    for (const QJsonValue &v : toMerge) {
        const QJsonObject item = v.toObject();
        if (!item.contains(mergeKey))
            fail(errNoMergeKey(v, mergeKey));
        const qsizetype at = findMapInSlice(merged, mergeKey, item.value(mergeKey));
        if (at >= 0) {
            merged[at] = mergeMap(merged.at(at).toObject(), item, path);
        } else {
            merged.append(v);
            if (!replaced && viewLength < original.size())
                view[viewLength] = v;
            ++viewLength;
        }
    }

    const auto [patchItems, serverOnlyItems] = partition(merged, toMerge, mergeKey);
    return {normalizeElementOrder(patchItems, serverOnlyItems, toMerge, base, mergeKey, kind), view};
}

} // namespace rlab::apiserver::strategicpatch
