#pragma once
#include <QString>
#include <QStringList>

namespace rlab::api {

// String format checks of k8s.io/apimachinery (pkg/util/validation, pkg/api/validate/content,
// pkg/api/validation/generic.go, path.ValidatePathSegmentName). Each returns upstream's messages,
// word for word, or an empty list when the value is valid. Lengths count UTF-8 bytes, like Go.
//   isDNS1123Subdomain("Web") -> {"a lowercase RFC 1123 subdomain must consist of … '[a-z0-9]…')"}

QString regexError(const QString &msg, const QString &fmt, const QStringList &examples = {});
QString maxLenError(int length);               // "must be no more than 63 characters"
QString inclusiveRangeError(qint64 lo, qint64 hi);  // "must be between 1 and 65535, inclusive"

QStringList isDNS1123Label(const QString &value);
QStringList isDNS1123Subdomain(const QString &value);
QStringList isQualifiedName(const QString &value);   // label keys, annotation keys, finalizers
QStringList isValidLabelValue(const QString &value);
QStringList isValidPercent(const QString &value);    // "25%"
QStringList isValidPortNum(qint64 port);
QStringList isValidPortName(const QString &port);

// ValidateNameFunc flavours; prefix = the value is a generateName (a trailing '-' is allowed).
QStringList nameIsDNSSubdomain(const QString &name, bool prefix);
QStringList nameIsDNSLabel(const QString &name, bool prefix);   // namespaces
QStringList validatePathSegmentName(const QString &name, bool prefix);

} // namespace rlab::api
