#include "core/api/labelselector.h"

#include <QRegularExpression>

#include <algorithm>

// Port of k8s.io/apimachinery/pkg/labels/selector.go (lexer, parser, NewRequirement) and
// metav1.LabelSelectorAsSelector, with their error messages.

namespace rlab::api {

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

QString invalid(const QString &field, const QString &renderedValue, const QString &detail)
{
    return QStringLiteral("%1: Invalid value: %2: %3").arg(field, renderedValue, detail);
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

enum class Operator { In, NotIn, Equals, DoubleEquals, NotEquals, Exists, DoesNotExist, Invalid };

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

// Validates like labels.NewRequirement with no field path; returns the aggregated error text.
QString newRequirement(const QString &key, Operator op, const QStringList &values, bool nilValues,
                       const QString &operatorText, Selector::Requirement *out)
{
    QStringList errs;
    if (const QStringList e = isQualifiedName(key); !e.isEmpty())
        errs << invalid(QStringLiteral("key"), goQuote(key), e.join(QStringLiteral("; ")));
    const QString valuesText = jsonStrings(values, nilValues);
    switch (op) {
    case Operator::In:
    case Operator::NotIn:
        if (values.isEmpty())
            errs << invalid(QStringLiteral("values"), valuesText, QStringLiteral("for 'in', 'notin' operators, values set can't be empty"));
        break;
    case Operator::Equals:
    case Operator::DoubleEquals:
    case Operator::NotEquals:
        if (values.size() != 1)
            errs << invalid(QStringLiteral("values"), valuesText, QStringLiteral("exact-match compatibility requires one single value"));
        break;
    case Operator::Exists:
    case Operator::DoesNotExist:
        if (!values.isEmpty())
            errs << invalid(QStringLiteral("values"), valuesText,
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

// ---- Lexer and parser (selector.go) ----------------------------------------------------------

enum class Token {
    Error, EndOfString, ClosedPar, Comma, DoesNotExist, DoubleEquals, Equals, GreaterThan, Identifier, In,
    LessThan, NotEquals, NotIn, OpenPar
};

struct ScannedItem
{
    Token tok;
    QByteArray literal;
};

bool isWhitespace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool isSpecialSymbol(char c)
{
    switch (c) {
    case '=': case '!': case '(': case ')': case ',': case '>': case '<': return true;
    default: return false;
    }
}

Token string2token(const QByteArray &s)
{
    static const struct { const char *s; Token t; } table[] = {
        {")", Token::ClosedPar}, {",", Token::Comma}, {"!", Token::DoesNotExist}, {"==", Token::DoubleEquals},
        {"=", Token::Equals}, {">", Token::GreaterThan}, {"in", Token::In}, {"<", Token::LessThan},
        {"!=", Token::NotEquals}, {"notin", Token::NotIn}, {"(", Token::OpenPar},
    };
    for (const auto &e : table) {
        if (s == e.s)
            return e.t;
    }
    return Token::Error;
}

class Lexer
{
public:
    explicit Lexer(QByteArray s)
        : m_s(std::move(s))
    {
    }

    ScannedItem lex()
    {
        char ch = read();
        while (isWhitespace(ch))
            ch = read();
        if (ch == 0)
            return {Token::EndOfString, {}};
        unread();
        return isSpecialSymbol(ch) ? scanSpecialSymbol() : scanIdOrKeyword();
    }

private:
    // Like Go's Lexer.read: a NUL byte reads as the end of the string.
    char read()
    {
        if (m_pos < m_s.size())
            return m_s.at(m_pos++);
        return 0;
    }
    void unread() { --m_pos; }

    ScannedItem scanIdOrKeyword()
    {
        QByteArray buffer;
        for (;;) {
            const char ch = read();
            if (ch == 0)
                break;
            if (isSpecialSymbol(ch) || isWhitespace(ch)) {
                unread();
                break;
            }
            buffer.append(ch);
        }
        const Token t = string2token(buffer);
        return {t == Token::Error ? Token::Identifier : t, buffer};
    }

    ScannedItem scanSpecialSymbol()
    {
        ScannedItem last{Token::Error, {}};
        QByteArray buffer;
        for (;;) {
            const char ch = read();
            if (ch == 0)
                break;
            if (!isSpecialSymbol(ch)) {
                unread();
                break;
            }
            buffer.append(ch);
            const Token t = string2token(buffer);
            if (t != Token::Error) {
                last = {t, buffer};
            } else if (last.tok != Token::Error) {
                unread();
                break;
            }
        }
        if (last.tok == Token::Error)
            return {Token::Error, "error expected: keyword found '" + buffer + "'"};
        return last;
    }

    QByteArray m_s;
    qsizetype m_pos = 0;
};

enum class Context { KeyAndOperator, Values };

// Thrown inside the parser only, caught in parse(); carries the upstream error text.
struct ParseError
{
    QString message;
};

class Parser
{
public:
    explicit Parser(const QString &selector)
    {
        Lexer l(selector.toUtf8());
        for (;;) {
            m_items.append(l.lex());
            if (m_items.last().tok == Token::EndOfString)
                break;
        }
    }

    QList<Selector::Requirement> parse()
    {
        QList<Selector::Requirement> requirements;
        for (;;) {
            const ScannedItem it = lookahead(Context::Values);
            switch (it.tok) {
            case Token::Identifier:
            case Token::DoesNotExist: {
                try {
                    requirements.append(parseRequirement());
                } catch (const ParseError &e) {
                    throw ParseError{QStringLiteral("unable to parse requirement: ") + e.message};
                }
                const ScannedItem t = consume(Context::Values);
                if (t.tok == Token::EndOfString)
                    return requirements;
                if (t.tok == Token::Comma) {
                    const ScannedItem t2 = lookahead(Context::Values);
                    if (t2.tok != Token::Identifier && t2.tok != Token::DoesNotExist)
                        fail(QStringLiteral("found '%1', expected: identifier after ','").arg(text(t2)));
                } else {
                    fail(QStringLiteral("found '%1', expected: ',' or 'end of string'").arg(text(t)));
                }
                break;
            }
            case Token::EndOfString:
                return requirements;
            default:
                fail(QStringLiteral("found '%1', expected: !, identifier, or 'end of string'").arg(text(it)));
            }
        }
    }

private:
    [[noreturn]] static void fail(const QString &message) { throw ParseError{message}; }
    static QString text(const ScannedItem &item) { return QString::fromUtf8(item.literal); }

    ScannedItem lookahead(Context context) const
    {
        ScannedItem it = m_items.at(m_position);
        if (context == Context::Values && (it.tok == Token::In || it.tok == Token::NotIn))
            it.tok = Token::Identifier;
        return it;
    }
    ScannedItem consume(Context context)
    {
        ScannedItem it = lookahead(context);
        if (m_position + 1 < m_items.size())
            ++m_position;
        return it;
    }

    Selector::Requirement parseRequirement()
    {
        auto [key, op] = parseKeyAndInferOperator();
        Selector::Requirement r;
        if (op == Operator::Exists || op == Operator::DoesNotExist) {
            const QString err = newRequirement(key, op, {}, false, {}, &r);
            if (!err.isEmpty())
                fail(err);
            return r;
        }
        QByteArray opLiteral;
        op = parseOperator(&opLiteral);
        QStringList values = (op == Operator::In || op == Operator::NotIn) ? parseValues() : parseExactValue();
        // sets.String.List(): sorted, without duplicates.
        std::sort(values.begin(), values.end());
        values.erase(std::unique(values.begin(), values.end()), values.end());
        const QString err = newRequirement(key, op, values, false, QString::fromUtf8(opLiteral), &r);
        if (!err.isEmpty())
            fail(err);
        return r;
    }

    std::pair<QString, Operator> parseKeyAndInferOperator()
    {
        Operator op = Operator::Invalid;
        ScannedItem t = consume(Context::Values);
        if (t.tok == Token::DoesNotExist) {
            op = Operator::DoesNotExist;
            t = consume(Context::Values);
        }
        if (t.tok != Token::Identifier)
            fail(QStringLiteral("found '%1', expected: identifier").arg(text(t)));
        const QString key = text(t);
        if (const QStringList e = isQualifiedName(key); !e.isEmpty())
            fail(invalid(QStringLiteral("<nil>"), goQuote(key), e.join(QStringLiteral("; "))));
        const Token next = lookahead(Context::Values).tok;
        if ((next == Token::EndOfString || next == Token::Comma) && op != Operator::DoesNotExist)
            op = Operator::Exists;
        return {key, op};
    }

    Operator parseOperator(QByteArray *literal)
    {
        const ScannedItem t = consume(Context::KeyAndOperator);
        *literal = t.literal;
        switch (t.tok) {
        case Token::In: return Operator::In;
        case Token::Equals: return Operator::Equals;
        case Token::DoubleEquals: return Operator::DoubleEquals;
        case Token::NotIn: return Operator::NotIn;
        case Token::NotEquals: return Operator::NotEquals;
        case Token::GreaterThan:
        case Token::LessThan:
            // Upstream parses `x>1` / `x<1` (selection.GreaterThan / LessThan); Selector::Op
            // has no such operators, so they are refused rather than silently mismatched.
            fail(QStringLiteral("operator '%1' (gt/lt) is not supported in label selectors here, expected: in, notin, =, ==, !=")
                     .arg(text(t)));
        default:
            fail(QStringLiteral("found '%1', expected: in, notin, =, ==, !=, gt, lt").arg(text(t)));
        }
    }

    QStringList parseValues()
    {
        ScannedItem t = consume(Context::Values);
        if (t.tok != Token::OpenPar)
            fail(QStringLiteral("found '%1' expected: '('").arg(text(t)));
        t = lookahead(Context::Values);
        switch (t.tok) {
        case Token::Identifier:
        case Token::Comma: {
            const QStringList s = parseIdentifiersList();
            if (consume(Context::Values).tok != Token::ClosedPar)
                fail(QStringLiteral("found '%1', expected: ')'").arg(text(t)));
            return s;
        }
        case Token::ClosedPar:
            consume(Context::Values);
            return {QString()};
        default:
            fail(QStringLiteral("found '%1', expected: ',', ')' or identifier").arg(text(t)));
        }
    }

    QStringList parseIdentifiersList()
    {
        QStringList s;
        auto insert = [&s](const QString &v) {
            if (!s.contains(v))
                s << v;
        };
        for (;;) {
            const ScannedItem t = consume(Context::Values);
            switch (t.tok) {
            case Token::Identifier: {
                insert(text(t));
                const ScannedItem t2 = lookahead(Context::Values);
                if (t2.tok == Token::Comma)
                    continue;
                if (t2.tok == Token::ClosedPar)
                    return s;
                fail(QStringLiteral("found '%1', expected: ',' or ')'").arg(text(t2)));
            }
            case Token::Comma: {
                if (s.isEmpty())
                    insert(QString());
                const Token t2 = lookahead(Context::Values).tok;
                if (t2 == Token::ClosedPar) {
                    insert(QString());
                    return s;
                }
                if (t2 == Token::Comma) {
                    consume(Context::Values);
                    insert(QString());
                }
                break;
            }
            default:
                fail(QStringLiteral("found '%1', expected: ',', or identifier").arg(text(t)));
            }
        }
    }

    QStringList parseExactValue()
    {
        const Token next = lookahead(Context::Values).tok;
        if (next == Token::EndOfString || next == Token::Comma)
            return {QString()};
        const ScannedItem t = consume(Context::Values);
        if (t.tok == Token::Identifier)
            return {text(t)};
        fail(QStringLiteral("found '%1', expected: identifier").arg(text(t)));
    }

    QList<ScannedItem> m_items;
    qsizetype m_position = 0;
};

void sortByKey(QList<Selector::Requirement> &requirements)
{
    std::stable_sort(requirements.begin(), requirements.end(),
                     [](const Selector::Requirement &a, const Selector::Requirement &b) { return a.key < b.key; });
}

bool hasValue(const Selector::Requirement &r, const QString &v) { return r.values.contains(v); }

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
        Parser p(text);
        Selector s;
        s.m_requirements = p.parse();
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
