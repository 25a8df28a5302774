// SPDX-License-Identifier: Apache-2.0
#include "core/apiserver/jsonpatch.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

// Error texts follow gopkg.in/evanphx/json-patch.v4 (patch.go), including pkg/errors' ": cause"
// suffixes, so a Status built from them reads like the real API server's.

namespace rlab::apiserver {
namespace {

const QString kMissingValue = QStringLiteral(": missing value");           // ErrMissing
const QString kInvalidIndex = QStringLiteral(": invalid index referenced"); // ErrInvalidIndex

QString goJsonTypeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Object:
        return QStringLiteral("object");
    case QJsonValue::Array:
        return QStringLiteral("array");
    case QJsonValue::String:
        return QStringLiteral("string");
    case QJsonValue::Double:
        return QStringLiteral("number");
    case QJsonValue::Bool:
        return QStringLiteral("bool");
    default:
        return QStringLiteral("null");
    }
}

// RFC 6901 §4: "~1" becomes "/" first, then "~0" becomes "~" (so "~01" is "~1").
QString decodeToken(QString token)
{
    return token.replace(QLatin1String("~1"), QLatin1String("/"))
        .replace(QLatin1String("~0"), QLatin1String("~"));
}

// Go's strconv.Atoi: optional sign, then decimal digits only.
std::optional<qint64> atoi(const QString &s, QString *error)
{
    int digitsFrom = (s.startsWith(u'+') || s.startsWith(u'-')) ? 1 : 0;
    bool digitsOnly = s.size() > digitsFrom;
    for (int i = digitsFrom; i < s.size() && digitsOnly; ++i)
        digitsOnly = s.at(i) >= u'0' && s.at(i) <= u'9';
    bool ok = false;
    const qint64 value = digitsOnly ? s.toLongLong(&ok) : 0;
    if (!ok) {
        *error = QStringLiteral("strconv.Atoi: parsing \"%1\": %2")
                     .arg(s, digitsOnly ? QStringLiteral("value out of range")
                                        : QStringLiteral("invalid syntax"));
        return std::nullopt;
    }
    return value;
}

QString invalidIndex(qint64 index)
{
    return QStringLiteral("Unable to access invalid index: %1").arg(index) + kInvalidIndex;
}

// partialArray.get/set: an existing index, negative ones counted from the end.
std::optional<qsizetype> existingIndex(const QJsonArray &array, const QString &key, QString *error)
{
    const std::optional<qint64> parsed = atoi(key, error);
    if (!parsed)
        return std::nullopt;
    qint64 index = *parsed;
    if (index < 0) {
        if (index < -array.size()) {
            *error = invalidIndex(index);
            return std::nullopt;
        }
        index += array.size();
    }
    if (index >= array.size()) {
        *error = invalidIndex(index);
        return std::nullopt;
    }
    return index;
}

// The value at key, or Undefined for a missing (or null) object member: v4's partialDoc.get
// never fails. Returns false with *error for a bad array index.
bool containerGet(const QJsonValue &container, const QString &key, QJsonValue *out, QString *error)
{
    if (container.isObject()) {
        *out = container.toObject().value(key);
        if (out->isNull())
            *out = QJsonValue(QJsonValue::Undefined);
        return true;
    }
    const QJsonArray array = container.toArray();
    const std::optional<qsizetype> index = existingIndex(array, key, error);
    if (!index)
        return false;
    *out = array.at(*index);
    if (out->isNull())
        *out = QJsonValue(QJsonValue::Undefined);
    return true;
}

QJsonValue stored(const QJsonValue &value)
{
    return value.isUndefined() ? QJsonValue(QJsonValue::Null) : value;
}

bool containerAdd(QJsonValue &container, const QString &key, const QJsonValue &value, QString *error)
{
    if (container.isObject()) {
        QJsonObject object = container.toObject();
        object.insert(key, stored(value));
        container = object;
        return true;
    }
    QJsonArray array = container.toArray();
    if (key == u"-") {
        array.append(stored(value));
        container = array;
        return true;
    }
    QString atoiError;
    const std::optional<qint64> parsed = atoi(key, &atoiError);
    if (!parsed) {
        *error = QStringLiteral("value was not a proper array index: '%1': %2").arg(key, atoiError);
        return false;
    }
    qint64 index = *parsed;
    const qint64 size = array.size() + 1;
    if (index >= size || index < -size) {
        *error = invalidIndex(index);
        return false;
    }
    if (index < 0)
        index += size;
    array.insert(index, stored(value));
    container = array;
    return true;
}

bool containerSet(QJsonValue &container, const QString &key, const QJsonValue &value, QString *error)
{
    if (container.isObject()) {
        QJsonObject object = container.toObject();
        object.insert(key, stored(value));
        container = object;
        return true;
    }
    QJsonArray array = container.toArray();
    const std::optional<qsizetype> index = existingIndex(array, key, error);
    if (!index)
        return false;
    array.replace(*index, stored(value));
    container = array;
    return true;
}

bool containerRemove(QJsonValue &container, const QString &key, QString *error)
{
    if (container.isObject()) {
        QJsonObject object = container.toObject();
        if (!object.contains(key)) {
            *error = QStringLiteral("Unable to remove nonexistent key: %1").arg(key) + kMissingValue;
            return false;
        }
        object.remove(key);
        container = object;
        return true;
    }
    QJsonArray array = container.toArray();
    const std::optional<qsizetype> index = existingIndex(array, key, error);
    if (!index)
        return false;
    array.removeAt(*index);
    container = array;
    return true;
}

// Walks to the container holding the last token of path (evanphx findObject: the text before
// the first "/" is ignored, every parent must be an object or array) and runs fn on it.
// Returns false when that container does not exist.
template<typename Fn>
bool withParent(QJsonValue &node, const QStringList &parents, qsizetype depth, Fn &&fn)
{
    if (depth == parents.size()) {
        fn(node);
        return true;
    }
    QJsonValue child;
    QString ignored;
    if (!(node.isObject() || node.isArray()) || !containerGet(node, parents.at(depth), &child, &ignored))
        return false;
    if (!child.isObject() && !child.isArray())
        return false;
    if (!withParent(child, parents, depth + 1, fn))
        return false;
    containerSet(node, parents.at(depth), child, &ignored);
    return true;
}

template<typename Fn>
bool withParent(QJsonValue &document, const QString &path, Fn &&fn)
{
    const QStringList split = path.split(u'/');
    if (split.size() < 2)
        return false;
    QStringList parents;
    for (qsizetype i = 1; i + 1 < split.size(); ++i)
        parents << decodeToken(split.at(i));
    const QString key = decodeToken(split.last());
    return withParent(document, parents, 0, [&](QJsonValue &container) { fn(container, key); });
}

struct Operation
{
    QJsonObject fields;

    QString kind() const
    {
        const QJsonValue op = fields.value(QLatin1String("op"));
        return op.isString() ? op.toString() : QStringLiteral("unknown");
    }
    bool hasValue() const { return fields.contains(QLatin1String("value")); }
    QJsonValue value() const { return fields.value(QLatin1String("value")); }

    // Operation.Path() / From(): the error text when the member is missing or not a string.
    std::optional<QString> pointer(const QString &member, QString *error) const
    {
        const QJsonValue v = fields.value(member);
        if (v.isString())
            return v.toString();
        if (v.isUndefined() || v.isNull())
            *error = (member == u"path" ? QStringLiteral("operation missing path field")
                                        : QStringLiteral("operation, missing from field"))
                + kMissingValue;
        else
            *error = QStringLiteral("json: cannot unmarshal %1 into Go value of type string")
                         .arg(goJsonTypeName(v));
        return std::nullopt;
    }
};

// The ops return an empty string on success, else the error text.

QString add(QJsonValue &doc, const Operation &op)
{
    QString error;
    const std::optional<QString> path = op.pointer(QStringLiteral("path"), &error);
    if (!path)
        return QStringLiteral("add operation failed to decode path") + kMissingValue;
    QString failure;
    const bool found = withParent(doc, *path, [&](QJsonValue &container, const QString &key) {
        if (!containerAdd(container, key, op.value(), &error))
            failure = QStringLiteral("error in add for path: '%1': %2").arg(*path, error);
    });
    if (!found)
        return QStringLiteral("add operation does not apply: doc is missing path: \"%1\"").arg(*path)
            + kMissingValue;
    return failure;
}

QString remove(QJsonValue &doc, const Operation &op)
{
    QString error;
    const std::optional<QString> path = op.pointer(QStringLiteral("path"), &error);
    if (!path)
        return QStringLiteral("remove operation failed to decode path") + kMissingValue;
    QString failure;
    const bool found = withParent(doc, *path, [&](QJsonValue &container, const QString &key) {
        if (!containerRemove(container, key, &error))
            failure = QStringLiteral("error in remove for path: '%1': %2").arg(*path, error);
    });
    if (!found)
        return QStringLiteral("remove operation does not apply: doc is missing path: \"%1\"")
                   .arg(*path)
            + kMissingValue;
    return failure;
}

QString replace(QJsonValue &doc, const Operation &op)
{
    QString error;
    const std::optional<QString> path = op.pointer(QStringLiteral("path"), &error);
    if (!path)
        return QStringLiteral("replace operation failed to decode path: ") + error;
    if (path->isEmpty()) {
        // v4 swaps the whole document for an object or array and ignores anything else.
        if (op.value().isObject() || op.value().isArray())
            doc = op.value();
        return {};
    }
    const QString missingKey =
        QStringLiteral("replace operation does not apply: doc is missing key: %1").arg(*path)
        + kMissingValue;
    QString failure;
    const bool found = withParent(doc, *path, [&](QJsonValue &container, const QString &key) {
        if (container.isObject() && !container.toObject().contains(key)) {
            failure = missingKey; // RFC 6902 §4.3: the target location MUST exist
            return;
        }
        QJsonValue current;
        if (!containerGet(container, key, &current, &error)) {
            failure = missingKey;
            return;
        }
        containerSet(container, key, op.value(), &error);
    });
    if (!found)
        return QStringLiteral("replace operation does not apply: doc is missing path: %1").arg(*path)
            + kMissingValue;
    return failure;
}

QString move(QJsonValue &doc, const Operation &op)
{
    QString error;
    const std::optional<QString> from = op.pointer(QStringLiteral("from"), &error);
    if (!from)
        return QStringLiteral("move operation failed to decode from: ") + error;
    QJsonValue moved;
    QString failure;
    bool found = withParent(doc, *from, [&](QJsonValue &container, const QString &key) {
        if (!containerGet(container, key, &moved, &error)
            || !containerRemove(container, key, &error))
            failure = QStringLiteral("error in move for path: '%1': %2").arg(key, error);
    });
    if (!found)
        return QStringLiteral("move operation does not apply: doc is missing from path: %1").arg(*from)
            + kMissingValue;
    if (!failure.isEmpty())
        return failure;
    const std::optional<QString> path = op.pointer(QStringLiteral("path"), &error);
    if (!path)
        return QStringLiteral("move operation failed to decode path: ") + error;
    found = withParent(doc, *path, [&](QJsonValue &container, const QString &key) {
        if (!containerAdd(container, key, moved, &error))
            failure = QStringLiteral("error in move for path: '%1': %2").arg(*path, error);
    });
    if (!found)
        return QStringLiteral("move operation does not apply: doc is missing destination path: %1")
                   .arg(*path)
            + kMissingValue;
    return failure;
}

QString copy(QJsonValue &doc, const Operation &op)
{
    QString error;
    const std::optional<QString> from = op.pointer(QStringLiteral("from"), &error);
    if (!from)
        return QStringLiteral("copy operation failed to decode from: ") + error;
    QJsonValue copied;
    QString failure;
    bool found = withParent(doc, *from, [&](QJsonValue &container, const QString &key) {
        if (!containerGet(container, key, &copied, &error))
            failure = QStringLiteral("error in copy for from: '%1': %2").arg(*from, error);
    });
    if (!found)
        return QStringLiteral("copy operation does not apply: doc is missing from path: %1").arg(*from)
            + kMissingValue;
    if (!failure.isEmpty())
        return failure;
    const std::optional<QString> path = op.pointer(QStringLiteral("path"), &error);
    if (!path)
        return QStringLiteral("copy operation failed to decode path") + kMissingValue;
    found = withParent(doc, *path, [&](QJsonValue &container, const QString &key) {
        if (!containerAdd(container, key, copied, &error))
            failure = QStringLiteral("error while adding value during copy: ") + error;
    });
    if (!found)
        return QStringLiteral("copy operation does not apply: doc is missing destination path: %1")
                   .arg(*path)
            + kMissingValue;
    return failure;
}

QString test(QJsonValue &doc, const Operation &op)
{
    QString error;
    const std::optional<QString> path = op.pointer(QStringLiteral("path"), &error);
    if (!path)
        return QStringLiteral("test operation failed to decode path: ") + error;
    const QString failed = QStringLiteral("testing value %1 failed: test failed").arg(*path);
    if (path->isEmpty())
        return doc == op.value() ? QString() : failed;
    QString failure;
    const bool found = withParent(doc, *path, [&](QJsonValue &container, const QString &key) {
        QJsonValue actual;
        if (!containerGet(container, key, &actual, &error)) {
            failure = QStringLiteral("error in test for path: '%1': %2").arg(*path, error);
            return;
        }
        if (actual.isUndefined()) // missing or null: only "value": null matches
            failure = op.hasValue() && op.value().isNull() ? QString() : failed;
        else if (!op.hasValue() || actual != op.value())
            failure = failed;
    });
    if (!found)
        return QStringLiteral("test operation does not apply: is missing path: %1").arg(*path)
            + kMissingValue;
    return failure;
}

} // namespace

std::optional<QJsonValue> applyJsonPatch(const QJsonValue &document, const QJsonValue &patch,
                                         QString *error)
{
    auto fail = [error](const QString &message) -> std::optional<QJsonValue> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (!patch.isArray() && !patch.isNull())
        return fail(QStringLiteral("json: cannot unmarshal %1 into Go value of type jsonpatch.Patch")
                        .arg(goJsonTypeName(patch)));
    if (!document.isObject() && !document.isArray() && !document.isNull())
        return fail(QStringLiteral("json: cannot unmarshal %1 into Go value of type jsonpatch.partialDoc")
                        .arg(goJsonTypeName(document)));
    const QJsonArray operations = patch.toArray();
    for (const QJsonValue &element : operations) {
        if (!element.isObject() && !element.isNull())
            return fail(QStringLiteral("json: cannot unmarshal %1 into Go value of type jsonpatch.Operation")
                            .arg(goJsonTypeName(element)));
    }

    QJsonValue doc = document.isNull() ? QJsonValue(QJsonObject()) : document;
    for (const QJsonValue &element : operations) {
        const Operation op{element.toObject()};
        const QString kind = op.kind();
        QString failure;
        if (kind == u"add")
            failure = add(doc, op);
        else if (kind == u"remove")
            failure = remove(doc, op);
        else if (kind == u"replace")
            failure = replace(doc, op);
        else if (kind == u"move")
            failure = move(doc, op);
        else if (kind == u"test")
            failure = test(doc, op);
        else if (kind == u"copy")
            failure = copy(doc, op);
        else
            failure = QStringLiteral("Unexpected kind: ") + kind;
        if (!failure.isEmpty())
            return fail(failure);
    }
    return doc;
}

} // namespace rlab::apiserver
