#include "core/api/fielderror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace rlab::api {

namespace {
QString formatValue(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String: return QLatin1Char('"') + v.toString() + QLatin1Char('"');
    case QJsonValue::Double: {
        const double d = v.toDouble();
        return d == double(qint64(d)) ? QString::number(qint64(d)) : QString::number(d);
    }
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Null: return QStringLiteral("null");
    // Current apimachinery (field.Error.ErrorBody) prints maps, slices and structs as
    // json.Marshal does: compact, map keys sorted ({"app":"web"}, ["a","b"]).
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    case QJsonValue::Array:
        return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    default: return QStringLiteral("<nil>");
    }
}
} // namespace

FieldError FieldError::invalid(const QString &field, const QJsonValue &value, const QString &detail)
{
    return FieldError{Type::Invalid, field, value, detail, {}, {}};
}
FieldError FieldError::required(const QString &field, const QString &detail)
{
    return FieldError{Type::Required, field, QJsonValue::Undefined, detail, {}, {}};
}
FieldError FieldError::duplicate(const QString &field, const QJsonValue &value)
{
    return FieldError{Type::Duplicate, field, value, {}, {}, {}};
}
FieldError FieldError::notSupported(const QString &field, const QJsonValue &value, const QStringList &supported)
{
    return FieldError{Type::NotSupported, field, value, {}, supported, {}};
}
FieldError FieldError::forbidden(const QString &field, const QString &detail)
{
    return FieldError{Type::Forbidden, field, QJsonValue::Undefined, detail, {}, {}};
}
FieldError FieldError::tooLong(const QString &field, const QJsonValue &value, int maxLength)
{
    // apimachinery field.TooLong: "may not be more than N bytes" (the value is never printed).
    return FieldError{Type::TooLong, field, value,
                      QStringLiteral("may not be more than %1 %2")
                          .arg(maxLength)
                          .arg(maxLength == 1 ? QStringLiteral("byte") : QStringLiteral("bytes")),
                      {}, {}};
}

QString FieldError::typeString() const
{
    switch (type) {
    case Type::Invalid: return QStringLiteral("Invalid value");
    case Type::Required: return QStringLiteral("Required value");
    case Type::Duplicate: return QStringLiteral("Duplicate value");
    case Type::NotSupported: return QStringLiteral("Unsupported value");
    case Type::Forbidden: return QStringLiteral("Forbidden");
    case Type::TooLong: return QStringLiteral("Too long");
    case Type::TooMany: return QStringLiteral("Too many");
    case Type::NotFound: return QStringLiteral("Not found");
    }
    return {};
}

QString FieldError::reason() const
{
    switch (type) {
    case Type::Invalid: return QStringLiteral("FieldValueInvalid");
    case Type::Required: return QStringLiteral("FieldValueRequired");
    case Type::Duplicate: return QStringLiteral("FieldValueDuplicate");
    case Type::NotSupported: return QStringLiteral("FieldValueNotSupported");
    case Type::Forbidden: return QStringLiteral("FieldValueForbidden");
    case Type::TooLong: return QStringLiteral("FieldValueTooLong");
    case Type::TooMany: return QStringLiteral("FieldValueTooMany");
    case Type::NotFound: return QStringLiteral("FieldValueNotFound");
    }
    return {};
}

QString FieldError::body() const
{
    QString s = typeString();
    switch (type) {
    case Type::Required:
    case Type::Forbidden:
    case Type::TooMany:
        break;
    case Type::TooLong:
        // upstream: "Too long: may not be more than N bytes" (value omitted)
        return s + QStringLiteral(": ") + detail;
    case Type::NotSupported: {
        s += QStringLiteral(": ") + (renderedValue.isEmpty() ? formatValue(badValue) : renderedValue);
        if (!supported.isEmpty()) {
            QStringList quoted;
            for (const QString &v : supported)
                quoted << QLatin1Char('"') + v + QLatin1Char('"');
            s += QStringLiteral(": supported values: ") + quoted.join(QStringLiteral(", "));
        }
        return s;
    }
    default:
        s += QStringLiteral(": ") + (renderedValue.isEmpty() ? formatValue(badValue) : renderedValue);
    }
    if (!detail.isEmpty())
        s += QStringLiteral(": ") + detail;
    return s;
}

QString FieldError::message() const
{
    return field.isEmpty() ? body() : field + QStringLiteral(": ") + body();
}

// utilerrors.aggregate.Error(): identical messages are printed once; brackets only when more
// than one distinct message remains.
static QString aggregate(const FieldErrors &errors)
{
    QStringList parts;
    for (const FieldError &e : errors)
        if (const QString m = e.message(); !parts.contains(m))
            parts << m;
    if (parts.size() == 1)
        return parts.first();
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QString invalidMessage(const QString &kind, const QString &name, const FieldErrors &errors)
{
    return QStringLiteral("The %1 \"%2\" is invalid: %3").arg(kind, name, aggregate(errors));
}

QString statusInvalidMessage(const QString &qualifiedKind, const QString &name, const FieldErrors &errors)
{
    return QStringLiteral("%1 \"%2\" is invalid: %3").arg(qualifiedKind, name, aggregate(errors));
}

} // namespace rlab::api
