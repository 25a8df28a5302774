// SPDX-License-Identifier: Apache-2.0
#include "core/apiserver/strategicmergepatchinternal.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QList>

#include <algorithm>
#include <cmath>
#include <limits>

// strategicpatch helpers: Go formatting and equality of decoded JSON, list sorting and the
// $setElementOrder normalization (normalizeElementOrder and friends).

namespace rlab::apiserver::strategicpatch {

[[noreturn]] void fail(const QString &message)
{
    throw PatchError{message};
}

// ---- Go's view of decoded JSON (k8s util/json: integral numbers are int64) ----

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

} // namespace rlab::apiserver::strategicpatch
