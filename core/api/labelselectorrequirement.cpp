#include "core/api/labelselectorinternal.h"

#include <QRegularExpression>

#include <algorithm>

// Port of k8s.io/apimachinery/pkg/util/validation (IsQualifiedName, IsValidLabelValue), the
// field.Error / utilerrors.Aggregate error text and labels.NewRequirement, with their messages.

namespace rlab::api::labelsel {

namespace {

// ---- k8s.io/apimachinery/pkg/util/validation -------------------------------------------------

const char *const kQualifiedNameFmt = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const char *const kLabelValueFmt = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
const char *const kDns1123SubdomainFmt = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";

QString regexError(const QString &msg, const char *fmt, const QStringList &examples)
{
    QString out = msg + QStringLiteral(" (e.g. ");
    for (qsizetype i = 0; i < examples.size(); ++i) {
        if (i > 0)
            out += QStringLiteral(" or ");
        out += QLatin1Char('\'') + examples[i] + QStringLiteral("', ");
    }
    return out + QStringLiteral("regex used for validation is '") + QLatin1String(fmt) + QStringLiteral("')");
}

bool fullMatch(const char *fmt, const QString &value)
{
    // One compiled expression per format; QRegularExpression::match is thread-safe.
    static const QRegularExpression qualifiedName(QStringLiteral("^(?:%1)$").arg(QLatin1String(kQualifiedNameFmt)));
    static const QRegularExpression labelValue(QStringLiteral("^(?:%1)$").arg(QLatin1String(kLabelValueFmt)));
    static const QRegularExpression subdomain(QStringLiteral("^(?:%1)$").arg(QLatin1String(kDns1123SubdomainFmt)));
    const QRegularExpression &re = fmt == kQualifiedNameFmt ? qualifiedName : fmt == kLabelValueFmt ? labelValue : subdomain;
    return re.match(value).hasMatch();
}

QStringList isDns1123Subdomain(const QString &value)
{
    QStringList errs;
    if (value.toUtf8().size() > 253)
        errs << QStringLiteral("must be no more than 253 characters");
    if (!fullMatch(kDns1123SubdomainFmt, value)) {
        errs << regexError(QStringLiteral("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
                                          "characters, '-' or '.', and must start and end with an alphanumeric character"),
                           kDns1123SubdomainFmt, {QStringLiteral("example.com")});
    }
    return errs;
}

const QString kQualifiedNameErrMsg = QStringLiteral(
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character");

QStringList isValidLabelValue(const QString &value)
{
    QStringList errs;
    if (value.toUtf8().size() > 63)
        errs << QStringLiteral("must be no more than 63 characters");
    if (!fullMatch(kLabelValueFmt, value)) {
        errs << regexError(QStringLiteral("a valid label must be an empty string or consist of alphanumeric characters, "
                                          "'-', '_' or '.', and must start and end with an alphanumeric character"),
                           kLabelValueFmt,
                           {QStringLiteral("MyValue"), QStringLiteral("my_value"), QStringLiteral("12345")});
    }
    return errs;
}

// ---- field.Error and utilerrors.Aggregate text -----------------------------------------------

// json.Marshal of a []string; `nil` renders as null.
QString jsonStrings(const QStringList &values, bool nil)
{
    if (nil)
        return QStringLiteral("null");
    QStringList quoted;
    for (const QString &v : values) {
        QString q = goQuote(v);
        quoted << q;
    }
    return QLatin1Char('[') + quoted.join(QLatin1Char(',')) + QLatin1Char(']');
}

QString aggregate(const QStringList &errs)
{
    QStringList seen;
    for (const QString &e : errs) {
        if (!seen.contains(e))
            seen << e;
    }
    if (seen.size() == 1)
        return seen.first();
    return QLatin1Char('[') + seen.join(QStringLiteral(", ")) + QLatin1Char(']');
}

// ---- NewRequirement --------------------------------------------------------------------------

Selector::Op toOp(Operator op)
{
    switch (op) {
    case Operator::In: return Selector::Op::In;
    case Operator::NotIn: return Selector::Op::NotIn;
    case Operator::Equals:
    case Operator::DoubleEquals: return Selector::Op::Equals;
    case Operator::NotEquals: return Selector::Op::NotEquals;
    case Operator::Exists: return Selector::Op::Exists;
    case Operator::DoesNotExist:
    case Operator::Invalid: break;
    }
    return Selector::Op::DoesNotExist;
}

} // namespace

QStringList isQualifiedName(const QString &value)
{
    QStringList errs;
    const QStringList parts = value.split(QLatin1Char('/'));
    QString name;
    if (parts.size() == 1) {
        name = parts[0];
    } else if (parts.size() == 2) {
        const QString &prefix = parts[0];
        name = parts[1];
        if (prefix.isEmpty()) {
            errs << QStringLiteral("prefix part must be non-empty");
        } else {
            for (const QString &m : isDns1123Subdomain(prefix))
                errs << QStringLiteral("prefix part ") + m;
        }
    } else {
        return {QStringLiteral("a qualified name ")
                + regexError(kQualifiedNameErrMsg, kQualifiedNameFmt,
                             {QStringLiteral("MyName"), QStringLiteral("my.name"), QStringLiteral("123-abc")})
                + QStringLiteral(" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")};
    }
    if (name.isEmpty())
        errs << QStringLiteral("name part must be non-empty");
    else if (name.toUtf8().size() > 63)
        errs << QStringLiteral("name part must be no more than 63 characters");
    if (!fullMatch(kQualifiedNameFmt, name)) {
        errs << QStringLiteral("name part ")
                + regexError(kQualifiedNameErrMsg, kQualifiedNameFmt,
                             {QStringLiteral("MyName"), QStringLiteral("my.name"), QStringLiteral("123-abc")});
    }
    return errs;
}

// Go's %q.
QString goQuote(const QString &s)
{
    QString out = QStringLiteral("\"");
    for (const char32_t c : s.toUcs4()) {
        switch (c) {
        case '"': out += QStringLiteral("\\\""); break;
        case '\\': out += QStringLiteral("\\\\"); break;
        case '\a': out += QStringLiteral("\\a"); break;
        case '\b': out += QStringLiteral("\\b"); break;
        case '\f': out += QStringLiteral("\\f"); break;
        case '\n': out += QStringLiteral("\\n"); break;
        case '\r': out += QStringLiteral("\\r"); break;
        case '\t': out += QStringLiteral("\\t"); break;
        case '\v': out += QStringLiteral("\\v"); break;
        default:
            if (c < 0x20 || c == 0x7F)
                out += QStringLiteral("\\x%1").arg(uint(c), 2, 16, QLatin1Char('0'));
            else if (QChar::isPrint(c))
                out += QString::fromUcs4(&c, 1);
            else if (c <= 0xFFFF)
                out += QStringLiteral("\\u%1").arg(uint(c), 4, 16, QLatin1Char('0'));
            else
                out += QStringLiteral("\\U%1").arg(uint(c), 8, 16, QLatin1Char('0'));
        }
    }
    return out + QLatin1Char('"');
}

QString invalid(const QString &field, const QString &renderedValue, const QString &detail)
{
    return QStringLiteral("%1: Invalid value: %2: %3").arg(field, renderedValue, detail);
}

// Validates like labels.NewRequirement with no field path; returns the aggregated error text.
QString newRequirement(const QString &key, Operator op, const QStringList &values, bool nilValues,
                       const QString &operatorText, Selector::Requirement *out)
{
    QStringList errs;
    if (const QStringList e = isQualifiedName(key); !e.isEmpty())
        errs << invalid(QStringLiteral("key"), goQuote(key), e.join(QStringLiteral("; ")));
    // Rendered only for an error message (goQuote per value: most of a valid requirement's cost).
    const auto valuesText = [&] { return jsonStrings(values, nilValues); };
    switch (op) {
    case Operator::In:
    case Operator::NotIn:
        if (values.isEmpty())
            errs << invalid(QStringLiteral("values"), valuesText(), QStringLiteral("for 'in', 'notin' operators, values set can't be empty"));
        break;
    case Operator::Equals:
    case Operator::DoubleEquals:
    case Operator::NotEquals:
        if (values.size() != 1)
            errs << invalid(QStringLiteral("values"), valuesText(), QStringLiteral("exact-match compatibility requires one single value"));
        break;
    case Operator::Exists:
    case Operator::DoesNotExist:
        if (!values.isEmpty())
            errs << invalid(QStringLiteral("values"), valuesText(),
                            QStringLiteral("values set must be empty for exists and does not exist"));
        break;
    case Operator::Invalid:
        errs << QStringLiteral("operator: Unsupported value: %1: supported values: \"in\", \"notin\", \"=\", \"==\", \"!=\", "
                               "\"gt\", \"lt\", \"exists\", \"!\"")
                    .arg(goQuote(operatorText));
        break;
    }
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (const QStringList e = isValidLabelValue(values[i]); !e.isEmpty())
            errs << invalid(QStringLiteral("values[%1][%2]").arg(i).arg(key), goQuote(values[i]), e.join(QStringLiteral("; ")));
    }
    if (!errs.isEmpty())
        return aggregate(errs);
    out->key = key;
    out->op = toOp(op);
    out->values = values;
    std::sort(out->values.begin(), out->values.end());
    return {};
}

} // namespace rlab::api::labelsel
