#pragma once
#include "core/api/labelselector.h"

#include <QList>
#include <QString>
#include <QStringList>

// The parts of the label selector port (labelselector.cpp) that its files share: the
// validation and labels.NewRequirement half (labelselectorrequirement.cpp) and the selector.go
// lexer and parser (labelselectorparser.cpp). Internal to core/api; pure functions: any thread.

namespace rlab::api::labelsel {

enum class Operator { In, NotIn, Equals, DoubleEquals, NotEquals, Exists, DoesNotExist, Invalid };

// Thrown inside the parser only, caught in parse(); carries the upstream error text.
struct ParseError
{
    QString message;
};

// validation.IsQualifiedName: the error messages, empty when valid.
QStringList isQualifiedName(const QString &value);
// Go's %q.
QString goQuote(const QString &s);
// field.Invalid(...).Error() text.
QString invalid(const QString &field, const QString &renderedValue, const QString &detail);
// Validates like labels.NewRequirement with no field path; returns the aggregated error text.
QString newRequirement(const QString &key, Operator op, const QStringList &values, bool nilValues,
                       const QString &operatorText, Selector::Requirement *out);
// selector.go Parser.parse: the requirements of `selector` in text order; throws ParseError.
QList<Selector::Requirement> parseRequirements(const QString &selector);

} // namespace rlab::api::labelsel
