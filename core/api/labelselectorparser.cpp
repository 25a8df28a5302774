#include "core/api/labelselectorinternal.h"

#include <algorithm>

// Port of the lexer and parser of k8s.io/apimachinery/pkg/labels/selector.go, with their
// error messages.

namespace rlab::api::labelsel {

namespace {

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

} // namespace

QList<Selector::Requirement> parseRequirements(const QString &selector)
{
    Parser p(selector);
    return p.parse();
}

} // namespace rlab::api::labelsel
