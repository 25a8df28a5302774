// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/apiserver/strategicmergepatch.h"

#include <QJsonArray>
#include <QJsonValue>

#include <functional>
#include <initializer_list>
#include <optional>
#include <utility>

// The parts of the strategic merge patch port (strategicmergepatch.cpp) that its files share:
// k8s.io/apimachinery/pkg/util/strategicpatch constants and errors, Go's view of decoded JSON
// and the list-ordering helpers (strategicmergepatchutil.cpp), the apply half Merger
// (strategicmergepatchmerge.cpp) and the diff half Differ (strategicmergepatchdiff.cpp).
// Internal to core/apiserver; pure functions and stateless classes: any thread.

namespace rlab::apiserver::strategicpatch {

inline const QString kDirectiveMarker = QStringLiteral("$patch");
inline const QString kDeleteDirective = QStringLiteral("delete");
inline const QString kReplaceDirective = QStringLiteral("replace");
inline const QString kMergeDirective = QStringLiteral("merge");
inline const QString kRetainKeysDirective = QStringLiteral("$retainKeys");
inline const QString kDeleteFromPrimitiveListPrefix = QStringLiteral("$deleteFromPrimitiveList");
inline const QString kSetElementOrderPrefix = QStringLiteral("$setElementOrder");

// mergepatch/errors.go
inline const QString kErrNoListOfLists = QStringLiteral("lists of lists are not supported");
inline const QString kErrBadPatchFormatForPrimitiveList = QStringLiteral("invalid patch format of primitive list");
inline const QString kErrBadPatchFormatForRetainKeys = QStringLiteral("invalid patch format of retainKeys");
inline const QString kErrBadPatchFormatForSetElementOrderList =
    QStringLiteral("invalid patch format of setElementOrder list");

struct PatchError
{
    QString message;
};
[[noreturn]] void fail(const QString &message);

inline const QString kMapType = QStringLiteral("map[string]interface {}");
inline const QString kSliceType = QStringLiteral("[]interface {}");

// ---- Go's view of decoded JSON (k8s util/json: integral numbers are int64) ----

enum class GoType { Nil, Bool, Int, Float, String, Slice, Map };

GoType goType(const QJsonValue &v);
QString goTypeName(const QJsonValue &v);
QString goFloat(double d);
QString goFormat(const QJsonValue &v);
bool goEqual(const QJsonValue &a, const QJsonValue &b);
QByteArray sortKey(const QJsonValue &v);
QString errNoMergeKey(const QJsonValue &m, const QString &key);
QString errBadArgType(const QString &expected, const QJsonValue &actual);
QString errBadPatchType(const QJsonValue &type, const QJsonValue &m);
GoType sliceElementType(std::initializer_list<const QJsonArray *> slices);
QJsonArray sortedByKey(const QJsonArray &list, const std::function<QByteArray(const QJsonValue &)> &key);
QJsonArray sortScalars(const QJsonArray &list);
QJsonArray deduplicateScalars(QJsonArray s);
bool isDeleteItem(const QJsonValue &v);
QString extractKey(const QString &s, const QString &prefix);
qsizetype findMapInSlice(const QJsonArray &m, const QString &key, const QJsonValue &value);
qsizetype indexOf(const QJsonArray &list, const QJsonValue &value, const QString &mergeKey, GoType kind);
void validateMergeKeyInLists(const QString &mergeKey, std::initializer_list<const QJsonArray *> lists);
QJsonArray normalizeSliceOrder(const QJsonArray &toSort, const QJsonArray &order,
                               const QString &mergeKey, GoType kind);
QJsonArray mergeSortedSlice(const QJsonArray &left, const QJsonArray &right,
                            const QJsonArray &serverOrder, const QString &mergeKey, GoType kind);
QJsonArray normalizeElementOrder(const QJsonArray &patch, const QJsonArray &serverOnly,
                                 const QJsonArray &patchOrder, const QJsonArray &serverOrder,
                                 const QString &mergeKey, GoType kind);
std::pair<QJsonArray, QJsonArray> partition(const QJsonArray &list, const QJsonArray &partitionBy,
                                            const QString &mergeKey);

// ---- apply (mergeMap and friends) ----

struct MergeOptions
{
    bool mergeParallelList = false;    // server: apply $deleteFromPrimitiveList / merge order lists
    bool ignoreUnmatchedNulls = false; // server: a null for a missing key is just dropped
};

struct MergedSlice
{
    QJsonArray merged;
    // What Go's caller still sees through its slice header after mergeSlice deleted and appended
    // in place: survivors shifted left, appended items filling the freed tail. Used as the live
    // order when a $setElementOrder list is normalized.
    QJsonArray originalView;
};

class Merger
{
public:
    Merger(const PatchMetaLookup &lookup, MergeOptions options) : m_lookup(lookup), m_options(options) {}

    QJsonObject mergeMap(QJsonObject original, QJsonObject patch, const QStringList &path) const;
    MergedSlice mergeSlice(const QJsonArray &original, const QJsonArray &patch, const PatchMeta &meta,
                           const QStringList &path, bool isDeleteList) const;

private:
    PatchMeta meta(const QStringList &path) const { return m_lookup ? m_lookup(path) : PatchMeta{}; }
    void applyRetainKeysDirective(QJsonObject &original, QJsonObject &patch) const;
    void mergePatchIntoOriginal(QJsonObject &original, QJsonObject &patch, const QStringList &path) const;
    void takePatchValue(QJsonObject &original, const QString &key, QJsonValue patchValue) const;

    const PatchMetaLookup &m_lookup;
    MergeOptions m_options;
};

// removeDirectives: a map carrying "$patch" disappears (from its parent map or list).
std::optional<QJsonValue> removeDirectives(const QJsonValue &v);
// After removeDirectives, also drops "$..." keys the patch left in new subtrees.
QJsonValue stripDirectiveKeys(const QJsonValue &v);

// ---- diff (CreateTwoWayMergePatch / CreateThreeWayMergePatch) ----

struct DiffOptions
{
    bool setElementOrder = false;
    bool ignoreChangesAndAdditions = false;
    bool ignoreDeletions = false;
    bool buildRetainKeysDirective = false;
};

struct ListDiff
{
    QJsonArray patchList;
    QJsonArray deleteList;
    QJsonArray setOrderList;
};

class Differ
{
public:
    explicit Differ(const PatchMetaLookup &lookup) : m_lookup(lookup) {}

    QJsonObject diffMaps(const QJsonObject &original, const QJsonObject &modified,
                         const QStringList &path, DiffOptions options) const;

private:
    PatchMeta meta(const QStringList &path) const { return m_lookup ? m_lookup(path) : PatchMeta{}; }
    ListDiff diffLists(const QJsonArray &original, const QJsonArray &modified, const QString &mergeKey,
                       const QStringList &path, const DiffOptions &options) const;
    std::pair<QJsonArray, QJsonArray> diffListsOfMaps(const QJsonArray &original, const QJsonArray &modified,
                                                      const QString &mergeKey, const QStringList &path,
                                                      const DiffOptions &options) const;

    const PatchMetaLookup &m_lookup;
};

// Runs fn; a PatchError becomes nullopt and *error.
template<typename Fn>
auto guarded(QString *error, Fn &&fn) -> std::optional<decltype(fn())>
{
    try {
        return fn();
    } catch (const PatchError &e) {
        if (error)
            *error = e.message;
        return std::nullopt;
    }
}

} // namespace rlab::apiserver::strategicpatch
