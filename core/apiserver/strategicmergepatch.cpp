// SPDX-License-Identifier: Apache-2.0
#include "core/apiserver/strategicmergepatch.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QList>

#include <algorithm>
#include <cmath>
#include <limits>

// A port of k8s.io/apimachinery/pkg/util/strategicpatch/patch.go (apply and diff halves) to
// QJson values. Function names follow upstream so the two can be read side by side. Where Go's
// in-place slice mutation decides the final list order, that effect is reproduced on purpose
// (see MergedSlice::originalView), because upstream's tests pin those orders.

namespace rlab::apiserver {
namespace {

const QString kDirectiveMarker = QStringLiteral("$patch");
const QString kDeleteDirective = QStringLiteral("delete");
const QString kReplaceDirective = QStringLiteral("replace");
const QString kMergeDirective = QStringLiteral("merge");
const QString kRetainKeysDirective = QStringLiteral("$retainKeys");
const QString kDeleteFromPrimitiveListPrefix = QStringLiteral("$deleteFromPrimitiveList");
const QString kSetElementOrderPrefix = QStringLiteral("$setElementOrder");

// mergepatch/errors.go
const QString kErrNoListOfLists = QStringLiteral("lists of lists are not supported");
const QString kErrBadPatchFormatForPrimitiveList = QStringLiteral("invalid patch format of primitive list");
const QString kErrBadPatchFormatForRetainKeys = QStringLiteral("invalid patch format of retainKeys");
const QString kErrBadPatchFormatForSetElementOrderList =
    QStringLiteral("invalid patch format of setElementOrder list");

struct PatchError
{
    QString message;
};

[[noreturn]] void fail(const QString &message)
{
    throw PatchError{message};
}

// ---- Go's view of decoded JSON (k8s util/json: integral numbers are int64) ----

enum class GoType { Nil, Bool, Int, Float, String, Slice, Map };

GoType goType(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool:
        return GoType::Bool;
    case QJsonValue::Double: {
        const double d = v.toDouble();
        return std::trunc(d) == d && std::abs(d) < 9.2e18 ? GoType::Int : GoType::Float;
    }
    case QJsonValue::String:
        return GoType::String;
    case QJsonValue::Array:
        return GoType::Slice;
    case QJsonValue::Object:
        return GoType::Map;
    default:
        return GoType::Nil;
    }
}

QString goTypeName(const QJsonValue &v)
{
    switch (goType(v)) {
    case GoType::Nil:
        return QStringLiteral("<nil>");
    case GoType::Bool:
        return QStringLiteral("bool");
    case GoType::Int:
        return QStringLiteral("int64");
    case GoType::Float:
        return QStringLiteral("float64");
    case GoType::String:
        return QStringLiteral("string");
    case GoType::Slice:
        return QStringLiteral("[]interface {}");
    case GoType::Map:
        break;
    }
    return QStringLiteral("map[string]interface {}");
}

// strconv 'g' with the shortest precision, as fmt's %v prints a float64 (1e+06, 0.5).
QString goFloat(double d)
{
    const QString e = QString::number(d, 'e', QLocale::FloatingPointShortest);
    const qsizetype at = e.indexOf(u'e');
    const int exponent = e.mid(at + 1).toInt();
    if (exponent < -4 || exponent >= 6)
        return e.left(at) + (exponent < 0 ? QStringLiteral("e-") : QStringLiteral("e+"))
            + QStringLiteral("%1").arg(std::abs(exponent), 2, 10, QLatin1Char('0'));
    return QString::number(d, 'f', QLocale::FloatingPointShortest);
}

// fmt's %v: map[a:1 b:[x y]], <nil>.
QString goFormat(const QJsonValue &v)
{
    switch (goType(v)) {
    case GoType::Nil:
        return QStringLiteral("<nil>");
    case GoType::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case GoType::Int:
        return QString::number(static_cast<qint64>(v.toDouble()));
    case GoType::Float:
        return goFloat(v.toDouble());
    case GoType::String:
        return v.toString();
    case GoType::Slice: {
        QStringList items;
        for (const QJsonValue &item : v.toArray())
            items << goFormat(item);
        return u'[' + items.join(u' ') + u']';
    }
    case GoType::Map:
        break;
    }
    QStringList items;
    const QJsonObject object = v.toObject();
    for (auto it = object.begin(); it != object.end(); ++it)
        items << it.key() + u':' + goFormat(it.value());
    return QStringLiteral("map[") + items.join(u' ') + u']';
}

// Interface equality (==) as upstream uses it on merge-key values and scalars.
bool goEqual(const QJsonValue &a, const QJsonValue &b)
{
    const GoType type = goType(a);
    if (type != goType(b))
        return false;
    return type == GoType::Nil || a == b;
}

QByteArray sortKey(const QJsonValue &v)
{
    return goFormat(v).toUtf8(); // Go compares the %v strings byte-wise
}

QString errNoMergeKey(const QJsonValue &m, const QString &key)
{
    return QStringLiteral("map: %1 does not contain declared merge key: %2").arg(goFormat(m), key);
}

QString errBadArgType(const QString &expected, const QJsonValue &actual)
{
    return QStringLiteral("expected a %1, but received a %2").arg(expected, goTypeName(actual));
}

const QString kMapType = QStringLiteral("map[string]interface {}");
const QString kSliceType = QStringLiteral("[]interface {}");

QString errBadPatchType(const QJsonValue &type, const QJsonValue &m)
{
    const QString shown = type.isString()
        ? type.toString()
        : QStringLiteral("%!s(%1=%2)").arg(goTypeName(type), goFormat(type));
    return QStringLiteral("unknown patch type: %1 in map: %2").arg(shown, goFormat(m));
}

// Returns the kind of the elements of all lists; they must agree and must not be lists.
GoType sliceElementType(std::initializer_list<const QJsonArray *> slices)
{
    std::optional<GoType> previous;
    for (const QJsonArray *slice : slices) {
        for (const QJsonValue &v : *slice) {
            const GoType current = goType(v);
            if (!previous) {
                previous = current;
                if (current == GoType::Slice)
                    fail(kErrNoListOfLists);
            } else if (*previous != current) {
                QStringList shown;
                for (const QJsonArray *s : slices)
                    shown << goFormat(*s);
                fail(QStringLiteral("list element types are not identical: [%1]").arg(shown.join(u' ')));
            }
        }
    }
    if (!previous)
        fail(QStringLiteral("no elements in any of the given slices"));
    return *previous;
}

QJsonArray sortedByKey(const QJsonArray &list, const std::function<QByteArray(const QJsonValue &)> &key)
{
    QList<QJsonValue> items(list.begin(), list.end());
    std::stable_sort(items.begin(), items.end(),
                     [&](const QJsonValue &a, const QJsonValue &b) { return key(a) < key(b); });
    QJsonArray sorted;
    for (const QJsonValue &v : items)
        sorted.append(v);
    return sorted;
}

QJsonArray sortScalars(const QJsonArray &list)
{
    return sortedByKey(list, sortKey);
}

// Upstream's in-place deduplication; it reorders the survivors.
QJsonArray deduplicateScalars(QJsonArray s)
{
    qsizetype length = s.size() - 1;
    for (qsizetype i = 0; i < length; ++i) {
        for (qsizetype j = i + 1; j <= length; ++j) {
            if (goEqual(s.at(i), s.at(j))) {
                s[j] = s.at(length);
                s.removeLast();
                --length;
                --j;
            }
        }
    }
    return s;
}

bool isDeleteItem(const QJsonValue &v)
{
    const QJsonValue directive = v.toObject().value(kDirectiveMarker);
    return directive.isString() && directive.toString() == kDeleteDirective;
}

QString extractKey(const QString &s, const QString &prefix)
{
    const qsizetype slash = s.indexOf(u'/');
    if (slash < 0 || s.left(slash) != prefix)
        fail(prefix == kDeleteFromPrimitiveListPrefix ? kErrBadPatchFormatForPrimitiveList
                                                      : kErrBadPatchFormatForSetElementOrderList);
    return s.mid(slash + 1);
}

// findMapInSliceBasedOnKeyValue: index of the first map whose key equals value, or -1.
qsizetype findMapInSlice(const QJsonArray &m, const QString &key, const QJsonValue &value)
{
    for (qsizetype k = 0; k < m.size(); ++k) {
        if (!m.at(k).isObject())
            fail(QStringLiteral("value for key %1 is not a map").arg(k));
        const QJsonObject typed = m.at(k).toObject();
        if (typed.contains(key) && goEqual(typed.value(key), value))
            return k;
    }
    return -1;
}

// ---- ordering helpers (normalizeElementOrder and friends) ----

qsizetype indexOf(const QJsonArray &list, const QJsonValue &value, const QString &mergeKey, GoType kind)
{
    auto keyOf = [&](const QJsonValue &item) {
        if (kind != GoType::Map)
            return item;
        return item.isObject() ? item.toObject().value(mergeKey) : QJsonValue(QJsonValue::Null);
    };
    const QJsonValue wanted = keyOf(value);
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (goEqual(wanted, keyOf(list.at(i))))
            return i;
    }
    return -1;
}

void validateMergeKeyInLists(const QString &mergeKey, std::initializer_list<const QJsonArray *> lists)
{
    for (const QJsonArray *list : lists) {
        for (const QJsonValue &item : *list) {
            if (!item.isObject())
                fail(errBadArgType(kMapType, item));
            if (!item.toObject().contains(mergeKey))
                fail(errNoMergeKey(item, mergeKey));
        }
    }
}

// Sorts toSort by the position of each item in order (stable); "$patch: delete" items go last.
// Every item is found in order whenever the patch passed validation; stragglers would go last.
QJsonArray normalizeSliceOrder(const QJsonArray &toSort, const QJsonArray &order,
                               const QString &mergeKey, GoType kind)
{
    QList<std::pair<qsizetype, QJsonValue>> items;
    QJsonArray toDelete;
    if (kind == GoType::Map)
        validateMergeKeyInLists(mergeKey, {&toSort, &order});
    for (const QJsonValue &v : toSort) {
        if (kind == GoType::Map && isDeleteItem(v)) {
            toDelete.append(v);
            continue;
        }
        const qsizetype at = indexOf(order, v, mergeKey, kind);
        items.append({at >= 0 ? at : std::numeric_limits<qsizetype>::max(), v});
    }
    std::stable_sort(items.begin(), items.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    QJsonArray result;
    for (const auto &item : items)
        result.append(item.second);
    for (const QJsonValue &v : toDelete)
        result.append(v);
    return result;
}

// Interleaves server-only items (left) into the patch items (right), keeping both relative
// orders; an item goes before another only if the live list says so.
QJsonArray mergeSortedSlice(const QJsonArray &left, const QJsonArray &right,
                            const QJsonArray &serverOrder, const QString &mergeKey, GoType kind)
{
    QJsonArray s;
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < left.size() || j < right.size()) {
        if (i >= left.size()) {
            s.append(right.at(j++));
        } else if (j >= right.size()) {
            s.append(left.at(i++));
        } else {
            const qsizetype li = indexOf(serverOrder, left.at(i), mergeKey, kind);
            const qsizetype ri = indexOf(serverOrder, right.at(j), mergeKey, kind);
            if (li >= 0 && ri >= 0 && li < ri)
                s.append(left.at(i++));
            else
                s.append(right.at(j++));
        }
    }
    return s;
}

QJsonArray normalizeElementOrder(const QJsonArray &patch, const QJsonArray &serverOnly,
                                 const QJsonArray &patchOrder, const QJsonArray &serverOrder,
                                 const QString &mergeKey, GoType kind)
{
    const QJsonArray sortedPatch = normalizeSliceOrder(patch, patchOrder, mergeKey, kind);
    const QJsonArray sortedServerOnly = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind);
    return mergeSortedSlice(sortedServerOnly, sortedPatch, serverOrder, mergeKey, kind);
}

// Splits list into items present in partitionBy and the rest (server-only).
std::pair<QJsonArray, QJsonArray> partition(const QJsonArray &list, const QJsonArray &partitionBy,
                                            const QString &mergeKey)
{
    QJsonArray present;
    QJsonArray serverOnly;
    for (const QJsonValue &v : list) {
        bool found = false;
        if (mergeKey.isEmpty()) {
            found = std::any_of(partitionBy.begin(), partitionBy.end(),
                                [&](const QJsonValue &p) { return goEqual(p, v); });
        } else {
            if (!v.isObject())
                fail(errBadArgType(kMapType, v));
            if (!v.toObject().contains(mergeKey))
                fail(errNoMergeKey(v, mergeKey));
            found = findMapInSlice(partitionBy, mergeKey, v.toObject().value(mergeKey)) >= 0;
        }
        (found ? present : serverOnly).append(v);
    }
    return {present, serverOnly};
}

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

QJsonValue discardNullValuesFromPatch(const QJsonValue &v)
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

QJsonObject handleDirectiveInMergeMap(const QJsonValue &directive, QJsonObject patch)
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
void validatePatchWithSetOrderList(const QJsonArray &patchList, const QJsonArray &setOrderList,
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

// sortMergeListsByNameArray without recursion: maps sorted by the %v of their merge key.
QJsonArray sortMergeList(const QJsonArray &list, const QString &mergeKey)
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

QJsonValue mergeKeyValueAt(const QJsonArray &list, qsizetype index, const QString &mergeKey)
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
std::pair<QJsonArray, QJsonArray> diffListsOfScalars(const QJsonArray &original, const QJsonArray &modified,
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

bool isOrderSame(const QJsonArray &original, const QJsonArray &modified, const QString &mergeKey)
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

} // namespace

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
    if (field == u"hostAliases")
        return merge(QStringLiteral("ip"));
    if (field == u"conditions")
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
