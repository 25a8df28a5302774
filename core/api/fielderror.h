#pragma once
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

namespace rlab::api {

// k8s.io/apimachinery/pkg/util/validation/field.Error: one problem at one field path.
// message(): "spec.replicas: Invalid value: -1: must be greater than or equal to 0".
struct FieldError
{
    enum class Type { Invalid, Required, Duplicate, NotSupported, Forbidden, TooLong, TooMany, NotFound };
    Type type = Type::Invalid;
    QString field;        // "spec.template.spec.containers[0].image"
    QJsonValue badValue;  // Invalid/Duplicate/NotSupported
    QString detail;
    QStringList supported;   // NotSupported
    // Go's rendering of a value QJsonValue cannot express faithfully (a struct marshalled with its
    // fields in declaration order, e.g. {"Type":"Blue","RollingUpdate":null}); used verbatim
    // instead of badValue when set.
    QString renderedValue;

    static FieldError invalid(const QString &field, const QJsonValue &value, const QString &detail);
    static FieldError required(const QString &field, const QString &detail = {});
    static FieldError duplicate(const QString &field, const QJsonValue &value);
    static FieldError notSupported(const QString &field, const QJsonValue &value, const QStringList &supported);
    static FieldError forbidden(const QString &field, const QString &detail);
    static FieldError tooLong(const QString &field, const QJsonValue &value, int maxLength);

    QString typeString() const;   // "Invalid value", "Required value", …
    QString reason() const;       // Status cause reason: "FieldValueInvalid", …
    QString body() const;         // everything after "field: "
    QString message() const;      // "field: body"
};
using FieldErrors = QList<FieldError>;

// `The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be …` — what kubectl
// prints; several errors are listed as "[a, b]" like upstream's aggregate.
QString invalidMessage(const QString &kind, const QString &name, const FieldErrors &errors);
// The API server's Status message: `Deployment.apps "web" is invalid: …`.
QString statusInvalidMessage(const QString &qualifiedKind, const QString &name, const FieldErrors &errors);

} // namespace rlab::api
