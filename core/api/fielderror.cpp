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
    case QJsonValue::Object: {
        // Go prints structs as {…}; a map of strings as map[k:v].
        const QJsonObject o = v.toObject();
        QStringList parts;
        for (auto it = o.begin(); it != o.end(); ++it)
            parts << it.key() + QLatin1Char(':') + (it.value().isString() ? it.value().toString() : formatValue(it.value()));
        return QStringLiteral("map[%1]").arg(parts.join(QLatin1Char(' ')));
    }
    case QJsonValue::Array: {
        QStringList parts;
        for (const QJsonValue &e : v.toArray())
            parts << (e.isString() ? e.toString() : formatValue(e));
        return QStringLiteral("[%1]").arg(parts.join(QLatin1Char(' ')));
    }
    default: return QStringLiteral("<nil>");
    }
}
} // namespace

FieldError FieldError::invalid(const QString &field, const QJsonValue &value, const QString &detail)
{
    return FieldError{Type::Invalid, field, value, detail, {}};
}
FieldError FieldError::required(const QString &field, const QString &detail)
{
    return FieldError{Type::Required, field, QJsonValue::Undefined, detail, {}};
}
FieldError FieldError::duplicate(const QString &field, const QJsonValue &value)
{
    return FieldError{Type::Duplicate, field, value, {}, {}};
}
FieldError FieldError::notSupported(const QString &field, const QJsonValue &value, const QStringList &supported)
{
    return FieldError{Type::NotSupported, field, value, {}, supported};
}
FieldError FieldError::forbidden(const QString &field, const QString &detail)
{
    return FieldError{Type::Forbidden, field, QJsonValue::Undefined, detail, {}};
}
FieldError FieldError::tooLong(const QString &field, const QJsonValue &value, int maxLength)
{
    return FieldError{Type::TooLong, field, value,
                      QStringLiteral("must have at most %1 bytes").arg(maxLength), {}};
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
        s += QStringLiteral(": ") + formatValue(badValue);
        if (!supported.isEmpty()) {
            QStringList quoted;
            for (const QString &v : supported)
                quoted << QLatin1Char('"') + v + QLatin1Char('"');
            s += QStringLiteral(": supported values: ") + quoted.join(QStringLiteral(", "));
        }
        return s;
    }
    default:
        s += QStringLiteral(": ") + formatValue(badValue);
    }
    if (!detail.isEmpty())
        s += QStringLiteral(": ") + detail;
    return s;
}

QString FieldError::message() const
{
    return field.isEmpty() ? body() : field + QStringLiteral(": ") + body();
}

static QString aggregate(const FieldErrors &errors)
{
    if (errors.size() == 1)
        return errors.first().message();
    QStringList parts;
    for (const FieldError &e : errors)
        parts << e.message();
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
