// SPDX-License-Identifier: Apache-2.0
#include "core/apiserver/strategicmergepatchinternal.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QList>

#include <algorithm>
#include <cmath>
#include <limits>

// The diff half of strategicpatch/patch.go: diffMaps and diffLists (CreateTwoWayMergePatch /
// CreateThreeWayMergePatch).

namespace rlab::apiserver::strategicpatch {

// sortMergeListsByNameArray without recursion: maps sorted by the %v of their merge key.
static QJsonArray sortMergeList(const QJsonArray &list, const QString &mergeKey)
{
    if (list.isEmpty())
        return list;
    if (sliceElementType({&list}) != GoType::Map)
        return sortScalars(deduplicateScalars(list));
    return sortedByKey(list, [&](const QJsonValue &v) {
        const QJsonObject object = v.toObject();
        return object.contains(mergeKey) ? sortKey(object.value(mergeKey)) : QByteArray("<nil>");
    });
}

static QJsonValue mergeKeyValueAt(const QJsonArray &list, qsizetype index, const QString &mergeKey)
{
    const QJsonValue item = list.at(index);
    if (!item.isObject())
        fail(errBadArgType(kMapType, item));
    if (!item.toObject().contains(mergeKey))
        fail(errNoMergeKey(item, mergeKey));
    return item.toObject().value(mergeKey);
}

std::pair<QJsonArray, QJsonArray> Differ::diffListsOfMaps(const QJsonArray &original, const QJsonArray &modified,
                                                          const QString &mergeKey, const QStringList &path,
                                                          const DiffOptions &options) const
{
    QJsonArray patch;
    QJsonArray deletions;
    const QJsonArray originalSorted = sortMergeList(original, mergeKey);
    const QJsonArray modifiedSorted = sortMergeList(modified, mergeKey);
    qsizetype originalIndex = 0;
    qsizetype modifiedIndex = 0;
    while (originalIndex < originalSorted.size() || modifiedIndex < modifiedSorted.size()) {
        const bool originalInBounds = originalIndex < originalSorted.size();
        const bool modifiedInBounds = modifiedIndex < modifiedSorted.size();
        QJsonValue originalKey;
        QJsonValue modifiedKey;
        QByteArray originalString;
        QByteArray modifiedString;
        if (originalInBounds) {
            originalKey = mergeKeyValueAt(originalSorted, originalIndex, mergeKey);
            originalString = sortKey(originalKey);
        }
        if (modifiedInBounds) {
            modifiedKey = mergeKeyValueAt(modifiedSorted, modifiedIndex, mergeKey);
            modifiedString = sortKey(modifiedKey);
        }
        if (originalInBounds && modifiedInBounds && originalString == modifiedString) {
            QJsonObject patchValue = diffMaps(originalSorted.at(originalIndex).toObject(),
                                              modifiedSorted.at(modifiedIndex).toObject(), path, options);
            if (!patchValue.isEmpty()) {
                patchValue.insert(mergeKey, modifiedKey);
                patch.append(patchValue);
            }
            ++originalIndex;
            ++modifiedIndex;
        } else if (!originalInBounds || (modifiedInBounds && originalString > modifiedString)) {
            if (!options.ignoreChangesAndAdditions)
                patch.append(modifiedSorted.at(modifiedIndex));
            ++modifiedIndex;
        } else {
            if (!options.ignoreDeletions)
                deletions.append(QJsonObject{{mergeKey, originalKey}, {kDirectiveMarker, kDeleteDirective}});
            ++originalIndex;
        }
    }
    return {patch, deletions};
}

// diffListsOfScalars: additions and deletions between the sorted %v strings.
static std::pair<QJsonArray, QJsonArray> diffListsOfScalars(const QJsonArray &original, const QJsonArray &modified,
                                                            const DiffOptions &options)
{
    const QJsonArray originalScalars = sortScalars(original);
    const QJsonArray modifiedScalars = sortScalars(modified);
    QJsonArray additions;
    QJsonArray deletions;
    qsizetype originalIndex = 0;
    qsizetype modifiedIndex = 0;
    while (originalIndex < originalScalars.size() || modifiedIndex < modifiedScalars.size()) {
        const bool originalInBounds = originalIndex < originalScalars.size();
        const bool modifiedInBounds = modifiedIndex < modifiedScalars.size();
        const QByteArray originalString = originalInBounds ? sortKey(originalScalars.at(originalIndex)) : QByteArray();
        const QByteArray modifiedString = modifiedInBounds ? sortKey(modifiedScalars.at(modifiedIndex)) : QByteArray();
        if (originalInBounds && modifiedInBounds && originalString == modifiedString) {
            ++originalIndex;
            ++modifiedIndex;
        } else if (!originalInBounds || (modifiedInBounds && originalString > modifiedString)) {
            if (!options.ignoreChangesAndAdditions)
                additions.append(modifiedScalars.at(modifiedIndex));
            ++modifiedIndex;
        } else {
            if (!options.ignoreDeletions)
                deletions.append(originalScalars.at(originalIndex));
            ++originalIndex;
        }
    }
    return {additions, deduplicateScalars(deletions)};
}

static bool isOrderSame(const QJsonArray &original, const QJsonArray &modified, const QString &mergeKey)
{
    if (original.size() != modified.size())
        return false;
    for (qsizetype i = 0; i < modified.size(); ++i) {
        if (!goEqual(mergeKeyValueAt(original, i, mergeKey), mergeKeyValueAt(modified, i, mergeKey)))
            return false;
    }
    return true;
}

ListDiff Differ::diffLists(const QJsonArray &original, const QJsonArray &modified, const QString &mergeKey,
                           const QStringList &path, const DiffOptions &options) const
{
    ListDiff diff;
    if (original.isEmpty()) {
        if (!modified.isEmpty() && !options.ignoreChangesAndAdditions)
            diff.patchList = modified;
        return diff;
    }
    const GoType kind = sliceElementType({&original, &modified});
    if (kind == GoType::Map) {
        const auto [changes, deletions] = diffListsOfMaps(original, modified, mergeKey, path, options);
        diff.patchList = normalizeSliceOrder(changes, modified, mergeKey, kind);
        const bool orderSame = isOrderSame(original, modified, mergeKey);
        for (const QJsonValue &d : deletions)
            diff.patchList.append(d);
        const bool changed = !diff.patchList.isEmpty();
        if (options.setElementOrder && ((!options.ignoreChangesAndAdditions && (changed || !orderSame))
                                        || (!options.ignoreDeletions && changed))) {
            for (const QJsonValue &v : modified)
                diff.setOrderList.append(QJsonObject{{mergeKey, v.toObject().value(mergeKey)}});
        }
        return diff;
    }
    if (kind == GoType::Slice)
        fail(kErrNoListOfLists);
    const auto [additions, deletions] = diffListsOfScalars(original, modified, options);
    diff.patchList = normalizeSliceOrder(additions, modified, mergeKey, kind);
    diff.deleteList = deletions;
    // Upstream sorts original in place before this comparison, so a pure reordering of an
    // already sorted list does not count as a change.
    if (options.setElementOrder && ((!options.ignoreDeletions && !diff.deleteList.isEmpty())
                                    || (!options.ignoreChangesAndAdditions && sortScalars(original) != modified)))
        diff.setOrderList = modified;
    return diff;
}

QJsonObject Differ::diffMaps(const QJsonObject &original, const QJsonObject &modified,
                             const QStringList &path, DiffOptions options) const
{
    QJsonObject patch;
    QJsonArray retainKeysList;
    for (auto it = modified.begin(); it != modified.end(); ++it) {
        const QString &key = it.key();
        const QJsonValue modifiedValue = it.value();
        if (options.buildRetainKeysDirective && !modifiedValue.isNull())
            retainKeysList.append(key);
        const auto originalIt = original.constFind(key);
        if (originalIt == original.constEnd()) {
            if (!options.ignoreChangesAndAdditions)
                patch.insert(key, modifiedValue);
            continue;
        }
        const QJsonValue originalValue = originalIt.value();
        if (key == kDirectiveMarker) {
            if (!originalValue.isString() || !modifiedValue.isString())
                fail(QStringLiteral("invalid value for special key: %1").arg(kDirectiveMarker));
            if (originalValue != modifiedValue)
                patch.insert(key, modifiedValue);
            continue;
        }
        if (goType(originalValue) != goType(modifiedValue)) {
            if (!options.ignoreChangesAndAdditions)
                patch.insert(key, modifiedValue);
            continue;
        }
        const QStringList fieldPath = path + QStringList{key};
        if (originalValue.isObject()) {
            const PatchMeta fieldMeta = meta(fieldPath);
            DiffOptions nested = options;
            nested.buildRetainKeysDirective = fieldMeta.retainKeys;
            if (fieldMeta.replace) {
                if (!options.ignoreChangesAndAdditions)
                    patch.insert(key, modifiedValue);
            } else {
                const QJsonObject patchValue =
                    diffMaps(originalValue.toObject(), modifiedValue.toObject(), fieldPath, nested);
                if (!patchValue.isEmpty())
                    patch.insert(key, patchValue);
            }
            continue;
        }
        if (originalValue.isArray()) {
            const PatchMeta fieldMeta = meta(fieldPath);
            if (fieldMeta.mergeList) {
                DiffOptions nested = options;
                nested.buildRetainKeysDirective = fieldMeta.retainKeys;
                const ListDiff diff = diffLists(originalValue.toArray(), modifiedValue.toArray(),
                                                fieldMeta.mergeKey, fieldPath, nested);
                if (!diff.patchList.isEmpty())
                    patch.insert(key, diff.patchList);
                if (!diff.deleteList.isEmpty())
                    patch.insert(kDeleteFromPrimitiveListPrefix + u'/' + key, diff.deleteList);
                if (!diff.setOrderList.isEmpty())
                    patch.insert(kSetElementOrderPrefix + u'/' + key, diff.setOrderList);
                continue;
            }
        }
        if (!options.ignoreChangesAndAdditions && originalValue != modifiedValue)
            patch.insert(key, modifiedValue);
    }

    if (!options.ignoreDeletions) {
        for (auto it = original.begin(); it != original.end(); ++it) {
            if (!modified.contains(it.key()))
                patch.insert(it.key(), QJsonValue(QJsonValue::Null));
        }
    }
    // hasAdditionalNewField: original has a non-null field that modified lacks.
    bool hasAdditionalNewField = false;
    for (auto it = original.begin(); it != original.end() && !hasAdditionalNewField; ++it)
        hasAdditionalNewField = !it.value().isNull() && !modified.contains(it.key());
    if (!retainKeysList.isEmpty() && (!patch.isEmpty() || hasAdditionalNewField))
        patch.insert(kRetainKeysDirective, sortScalars(retainKeysList));
    return patch;
}

} // namespace rlab::apiserver::strategicpatch
