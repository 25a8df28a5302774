#include "core/api/yamlwriter.h"

#include "core/api/yamlwriterinternal.h"

#include <QJsonArray>
#include <QJsonObject>

#include <utility>

namespace rlab::api {

namespace {

using namespace yamlwrite;

class Emitter
{
public:
    QByteArray take()
    {
        writeIndent(0);   // document end
        return m_out;
    }

    void root(const QJsonValue &v)
    {
        if (isEmptyCollection(v)) {
            flowEmpty(v);
        } else if (v.isObject()) {
            blockMapping(v.toObject(), 0);
        } else if (v.isArray()) {
            blockSequence(v.toArray(), 0);
        } else {
            scalar(v, 2, false);
        }
    }

private:
    enum class Context { MappingValue, SequenceItem, ComplexValue };
    static constexpr int kBestWidth = 80;

    static bool isEmptyCollection(const QJsonValue &v)
    {
        return (v.isObject() && v.toObject().isEmpty()) || (v.isArray() && v.toArray().isEmpty());
    }

    void put(char c)
    {
        m_out.append(c);
        ++m_column;
    }
    void putBreak()
    {
        m_out.append('\n');
        m_column = 0;
    }
    // Copies one UTF-8 character; advances *i.
    void write(const Bytes &b, qsizetype *i)
    {
        const int w = width(at(b, *i));
        m_out.append(b.constData() + *i, std::min<qsizetype>(w, b.size() - *i));
        *i += w;
        ++m_column;
    }
    void writeBreak(const Bytes &b, qsizetype *i)
    {
        if (at(b, *i) == '\n') {
            putBreak();
            ++*i;
        } else {
            write(b, i);
            m_column = 0;
        }
    }
    void writeIndent(int indent)
    {
        indent = std::max(indent, 0);
        if (!m_indention || m_column > indent || (m_column == indent && !m_whitespace))
            putBreak();
        while (m_column < indent)
            put(' ');
        m_whitespace = true;
        m_indention = true;
    }
    void writeIndicator(const char *indicator, bool needWhitespace, bool isWhitespace, bool isIndention)
    {
        if (needWhitespace && !m_whitespace)
            put(' ');
        for (const char *p = indicator; *p; ++p)
            put(*p);
        m_whitespace = isWhitespace;
        m_indention = m_indention && isIndention;
    }

    void flowEmpty(const QJsonValue &v)
    {
        writeIndicator(v.isObject() ? "{" : "[", true, true, false);
        writeIndicator(v.isObject() ? "}" : "]", false, false, false);
    }

    void blockMapping(const QJsonObject &o, int indent)
    {
        for (const QString &key : sortedKeys(o)) {
            writeIndent(indent);
            const Bytes k = key.toUtf8();
            const Analysis a = analyze(k);
            if (!a.multiline && k.size() <= 128) {
                stringScalar(key, k, a, indent + 2, true, true);
                writeIndicator(":", false, false, false);
                node(o.value(key), indent, Context::MappingValue);
            } else {
                writeIndicator("?", true, false, true);
                stringScalar(key, k, a, indent + 2, false, true);
                writeIndent(indent);
                writeIndicator(":", true, false, true);
                node(o.value(key), indent, Context::ComplexValue);
            }
        }
    }

    void blockSequence(const QJsonArray &a, int indent)
    {
        for (const QJsonValue &item : a) {
            writeIndent(indent);
            writeIndicator("-", true, false, true);
            node(item, indent, Context::SequenceItem);
        }
    }

    // A value after "key:", "- " or a complex key's ":"; `indent` is the enclosing collection's.
    void node(const QJsonValue &v, int indent, Context context)
    {
        if (isEmptyCollection(v)) {
            flowEmpty(v);
        } else if (v.isObject()) {
            blockMapping(v.toObject(), indent + 2);
        } else if (v.isArray()) {
            // Under a simple mapping key a sequence is not indented (go-yaml's "indentless").
            blockSequence(v.toArray(), context == Context::MappingValue ? indent : indent + 2);
        } else {
            scalar(v, indent + 2, false);
        }
    }

    void scalar(const QJsonValue &v, int indent, bool simpleKey)
    {
        switch (v.type()) {
        case QJsonValue::String: {
            const QString s = v.toString();
            const Bytes b = s.toUtf8();
            stringScalar(s, b, analyze(b), indent, simpleKey);
            return;
        }
        case QJsonValue::Bool:
            plain(v.toBool() ? QByteArrayLiteral("true") : QByteArrayLiteral("false"), indent, false);
            return;
        case QJsonValue::Double:
            plain(formatNumber(v).toUtf8(), indent, false);
            return;
        default:
            plain(QByteArrayLiteral("null"), indent, false);
            return;
        }
    }

    void stringScalar(const QString &s, const Bytes &b, const Analysis &a, int indent, bool simpleKey, bool isKey = false)
    {
        switch (selectStyle(s, b, a, simpleKey, isKey)) {
        case Style::Plain: plain(b, indent, !simpleKey); break;
        case Style::SingleQuoted: singleQuoted(b, indent, !simpleKey); break;
        case Style::DoubleQuoted: doubleQuoted(b, indent, !simpleKey); break;
        case Style::Literal: literal(b, indent); break;
        }
    }

    void plain(const Bytes &v, int indent, bool allowBreaks)
    {
        if (!v.isEmpty() && !m_whitespace)
            put(' ');
        bool spaces = false;
        bool breaks = false;
        for (qsizetype i = 0; i < v.size();) {
            if (isSpace(v, i)) {
                if (allowBreaks && !spaces && m_column > kBestWidth && i + 1 < v.size() && !isSpace(v, i + 1)) {
                    writeIndent(indent);
                    i += 1;
                } else {
                    write(v, &i);
                }
                spaces = true;
            } else if (isBreak(v, i)) {
                if (!breaks && at(v, i) == '\n')
                    putBreak();
                writeBreak(v, &i);
                m_indention = true;
                breaks = true;
            } else {
                if (breaks)
                    writeIndent(indent);
                write(v, &i);
                m_indention = false;
                spaces = false;
                breaks = false;
            }
        }
        if (!v.isEmpty())
            m_whitespace = false;
        m_indention = false;
    }

    void singleQuoted(const Bytes &v, int indent, bool allowBreaks)
    {
        writeIndicator("'", true, false, false);
        bool spaces = false;
        bool breaks = false;
        for (qsizetype i = 0; i < v.size();) {
            if (isSpace(v, i)) {
                if (allowBreaks && !spaces && m_column > kBestWidth && i > 0 && i < v.size() - 1 && !isSpace(v, i + 1)) {
                    writeIndent(indent);
                    i += 1;
                } else {
                    write(v, &i);
                }
                spaces = true;
            } else if (isBreak(v, i)) {
                if (!breaks && at(v, i) == '\n')
                    putBreak();
                writeBreak(v, &i);
                m_indention = true;
                breaks = true;
            } else {
                if (breaks)
                    writeIndent(indent);
                if (at(v, i) == '\'')
                    put('\'');
                write(v, &i);
                m_indention = false;
                spaces = false;
                breaks = false;
            }
        }
        writeIndicator("'", false, false, false);
        m_whitespace = false;
        m_indention = false;
    }

    void doubleQuoted(const Bytes &v, int indent, bool allowBreaks)
    {
        static const char hex[] = "0123456789ABCDEF";
        bool spaces = false;
        writeIndicator("\"", true, false, false);
        for (qsizetype i = 0; i < v.size();) {
            const unsigned char c = at(v, i);
            if (!isPrintable(v, i) || isBom(v, i) || isBreak(v, i) || c == '"' || c == '\\') {
                int w = width(c);
                char32_t r = w == 1 ? c : w == 2 ? (c & 0x1F) : w == 3 ? (c & 0x0F) : (c & 0x07);
                for (int k = 1; k < w; ++k)
                    r = (r << 6) | (at(v, i + k) & 0x3F);
                i += w;
                put('\\');
                switch (r) {
                case 0x00: put('0'); break;
                case 0x07: put('a'); break;
                case 0x08: put('b'); break;
                case 0x09: put('t'); break;
                case 0x0A: put('n'); break;
                case 0x0B: put('v'); break;
                case 0x0C: put('f'); break;
                case 0x0D: put('r'); break;
                case 0x1B: put('e'); break;
                case 0x22: put('"'); break;
                case 0x5C: put('\\'); break;
                case 0x85: put('x'); put('8'); put('5'); break;   // go-yaml: "\N", which yaml-cpp misreads
                case 0xA0: put('x'); put('A'); put('0'); break;   // go-yaml: "\_", which yaml-cpp misreads
                case 0x2028: put('L'); break;
                case 0x2029: put('P'); break;
                default: {
                    int digits;
                    if (r <= 0xFF) {
                        put('x');
                        digits = 2;
                    } else if (r <= 0xFFFF) {
                        put('u');
                        digits = 4;
                    } else {
                        put('U');
                        digits = 8;
                    }
                    for (int k = (digits - 1) * 4; k >= 0; k -= 4)
                        put(hex[(r >> k) & 0x0F]);
                    break;
                }
                }
                spaces = false;
            } else if (isSpace(v, i)) {
                if (allowBreaks && !spaces && m_column > kBestWidth && i > 0 && i < v.size() - 1) {
                    writeIndent(indent);
                    if (isSpace(v, i + 1))
                        put('\\');
                    i += 1;
                } else {
                    write(v, &i);
                }
                spaces = true;
            } else {
                write(v, &i);
                spaces = false;
            }
        }
        writeIndicator("\"", false, false, false);
        m_whitespace = false;
        m_indention = false;
    }

    void literal(const Bytes &v, int indent)
    {
        writeIndicator("|", true, false, false);
        // Block scalar hints: an indentation indicator when the text starts with a space or a
        // line break, and chomping: "-" without a final newline, "+" with more than one.
        if (isSpace(v, 0) || isBreak(v, 0)) {
            const char hint[] = {char('0' + 2), '\0'};
            writeIndicator(hint, false, false, false);
        }
        const char *chomp = nullptr;
        if (v.isEmpty()) {
            chomp = "-";
        } else {
            qsizetype i = v.size() - 1;
            while (i > 0 && (at(v, i) & 0xC0) == 0x80)
                --i;
            if (!isBreak(v, i)) {
                chomp = "-";
            } else if (i == 0) {
                chomp = "+";
            } else {
                --i;
                while (i > 0 && (at(v, i) & 0xC0) == 0x80)
                    --i;
                if (isBreak(v, i))
                    chomp = "+";
            }
        }
        if (chomp)
            writeIndicator(chomp, false, false, false);
        putBreak();
        m_indention = true;
        m_whitespace = true;
        bool breaks = true;
        for (qsizetype i = 0; i < v.size();) {
            if (isBreak(v, i)) {
                writeBreak(v, &i);
                m_indention = true;
                breaks = true;
            } else {
                if (breaks)
                    writeIndent(indent);
                write(v, &i);
                m_indention = false;
                breaks = false;
            }
        }
    }

    QByteArray m_out;
    int m_column = 0;
    bool m_whitespace = true;
    bool m_indention = true;
};

} // namespace

QByteArray toYaml(const QJsonValue &value)
{
    Emitter e;
    e.root(value);
    return e.take();
}

} // namespace rlab::api

