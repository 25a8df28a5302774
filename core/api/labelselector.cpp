#include "core/api/labelselectorinternal.h"

#include <algorithm>

// Port of k8s.io/apimachinery/pkg/labels/selector.go (Requirement.Matches, String) and
// metav1.LabelSelectorAsSelector; validation lives in labelselectorrequirement.cpp, the lexer
// and parser in labelselectorparser.cpp.

namespace rlab::api {

using labelsel::goQuote;
using labelsel::newRequirement;
using labelsel::Operator;
using labelsel::ParseError;

namespace {

void sortByKey(QList<Selector::Requirement> &requirements)
{
    std::stable_sort(requirements.begin(), requirements.end(),
                     [](const Selector::Requirement &a, const Selector::Requirement &b) { return a.key < b.key; });
}

bool hasValue(const Selector::Requirement &r, const QString &v)
{
    // Most requirements hold one value (matchLabels' key=value): compared directly, sizes first.
    return r.values.size() == 1 ? r.values.front() == v : r.values.contains(v);
}

bool requirementMatches(const Selector::Requirement &r, const Labels &labels)
{
    const auto it = labels.constFind(r.key);
    const bool has = it != labels.cend();
    switch (r.op) {
    case Selector::Op::Equals:
    case Selector::Op::In:
        return has && hasValue(r, *it);
    case Selector::Op::NotEquals:
    case Selector::Op::NotIn:
        return !has || !hasValue(r, *it);
    case Selector::Op::Exists:
        return has;
    case Selector::Op::DoesNotExist:
        return !has;
    }
    return false;
}

QString requirementString(const Selector::Requirement &r)
{
    QString s;
    if (r.op == Selector::Op::DoesNotExist)
        s += QLatin1Char('!');
    s += r.key;
    switch (r.op) {
    case Selector::Op::Equals: s += QLatin1Char('='); break;
    case Selector::Op::NotEquals: s += QStringLiteral("!="); break;
    case Selector::Op::In: s += QStringLiteral(" in "); break;
    case Selector::Op::NotIn: s += QStringLiteral(" notin "); break;
    case Selector::Op::Exists:
    case Selector::Op::DoesNotExist: return s;
    }
    const bool set = r.op == Selector::Op::In || r.op == Selector::Op::NotIn;
    if (set)
        s += QLatin1Char('(');
    QStringList values = r.values;
    std::sort(values.begin(), values.end());
    s += values.join(QLatin1Char(','));
    if (set)
        s += QLatin1Char(')');
    return s;
}

} // namespace

Selector Selector::nothing()
{
    Selector s;
    s.m_nothing = true;
    return s;
}

std::optional<Selector> Selector::parse(const QString &text, QString *error)
{
    try {
        Selector s;
        s.m_requirements = labelsel::parseRequirements(text);
        sortByKey(s.m_requirements);
        return s;
    } catch (const ParseError &e) {
        if (error)
            *error = e.message;
        return std::nullopt;
    }
}

std::optional<Selector> Selector::fromLabelSelector(const LabelSelector &ls, QString *error)
{
    Selector s;
    if (ls.isEmpty())
        return s;
    for (auto it = ls.matchLabels.cbegin(); it != ls.matchLabels.cend(); ++it) {
        Requirement r;
        const QString err = newRequirement(it.key(), Operator::Equals, {it.value()}, false, {}, &r);
        if (!err.isEmpty()) {
            if (error)
                *error = err;
            return std::nullopt;
        }
        s.m_requirements.append(r);
    }
    for (const LabelSelectorRequirement &expr : ls.matchExpressions) {
        Operator op;
        if (expr.operator_ == QLatin1String("In"))
            op = Operator::In;
        else if (expr.operator_ == QLatin1String("NotIn"))
            op = Operator::NotIn;
        else if (expr.operator_ == QLatin1String("Exists"))
            op = Operator::Exists;
        else if (expr.operator_ == QLatin1String("DoesNotExist"))
            op = Operator::DoesNotExist;
        else {
            if (error)
                *error = QStringLiteral("%1 is not a valid label selector operator").arg(goQuote(expr.operator_));
            return std::nullopt;
        }
        Requirement r;
        const QString err = newRequirement(expr.key, op, expr.values, expr.values.isEmpty(), {}, &r);
        if (!err.isEmpty()) {
            if (error)
                *error = err;
            return std::nullopt;
        }
        s.m_requirements.append(r);
    }
    sortByKey(s.m_requirements);
    return s;
}

bool Selector::matches(const Labels &labels) const
{
    if (m_nothing)
        return false;
    for (const Requirement &r : m_requirements) {
        if (!requirementMatches(r, labels))
            return false;
    }
    return true;
}

QString Selector::toString() const
{
    QStringList parts;
    for (const Requirement &r : m_requirements)
        parts << requirementString(r);
    return parts.join(QLatin1Char(','));
}

} // namespace rlab::api

