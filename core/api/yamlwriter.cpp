#include "core/api/yamlwriter.h"

#include "core/api/yamlscalar.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QVariant>

#include <cmath>
#include <utility>

namespace rlab::api {

namespace {

// Character classes of go-yaml's emitter (yamlprivateh.go), on UTF-8 bytes.
using Bytes = QByteArray;
unsigned char at(const Bytes &b, qsizetype i) { return i < b.size() ? static_cast<unsigned char>(b[i]) : 0; }
int width(unsigned char c)
{
    if ((c & 0x80) == 0x00)
        return 1;
    if ((c & 0xE0) == 0xC0)
        return 2;
    if ((c & 0xF0) == 0xE0)
        return 3;
    if ((c & 0xF8) == 0xF0)
        return 4;
    return 1;
}
bool isSpace(const Bytes &b, qsizetype i) { return at(b, i) == ' '; }
bool isBlank(const Bytes &b, qsizetype i) { return at(b, i) == ' ' || at(b, i) == '\t'; }
bool isBreak(const Bytes &b, qsizetype i)
{
    return at(b, i) == '\r' || at(b, i) == '\n' || (at(b, i) == 0xC2 && at(b, i + 1) == 0x85)
        || (at(b, i) == 0xE2 && at(b, i + 1) == 0x80 && (at(b, i + 2) == 0xA8 || at(b, i + 2) == 0xA9));
}
bool isBlankz(const Bytes &b, qsizetype i) { return isBlank(b, i) || isBreak(b, i) || i >= b.size(); }
// go-yaml v2's is_bom looks at the start of the string whatever i is, so a string that starts
// with a BOM is written with every character escaped ("\uFEFF\x61"); kept for fidelity.
bool isBom(const Bytes &b, qsizetype) { return at(b, 0) == 0xEF && at(b, 1) == 0xBB && at(b, 2) == 0xBF; }
bool isPrintable(const Bytes &b, qsizetype i)
{
    const unsigned char c = at(b, i);
    const unsigned char c1 = at(b, i + 1);
    const unsigned char c2 = at(b, i + 2);
    return c == 0x0A || (c >= 0x20 && c <= 0x7E) || (c == 0xC2 && c1 >= 0xA0) || (c > 0xC2 && c < 0xED)
        || (c == 0xED && c1 < 0xA0) || c == 0xEE
        || (c == 0xEF && !(c1 == 0xBB && c2 == 0xBF) && !(c1 == 0xBF && (c2 == 0xBE || c2 == 0xBF)));
}

// yaml_emitter_analyze_scalar (go-yaml v2), block context only.
struct Analysis
{
    bool multiline = false;
    bool blockPlainAllowed = true;
    bool singleQuotedAllowed = true;
    bool blockAllowed = true;
};

Analysis analyze(const Bytes &v)
{
    Analysis a;
    if (v.isEmpty()) {
        a.blockAllowed = false;
        return a;
    }
    bool blockIndicators = false;
    bool lineBreaks = false;
    bool specialCharacters = false;
    bool leadingSpace = false;
    bool leadingBreak = false;
    bool trailingSpace = false;
    bool trailingBreak = false;
    bool breakSpace = false;
    bool spaceBreak = false;
    bool previousSpace = false;
    bool previousBreak = false;
    if (v.startsWith("---") || v.startsWith("..."))
        blockIndicators = true;
    bool precededByWhitespace = true;
    for (qsizetype i = 0, w = 0; i < v.size(); i += w) {
        w = width(at(v, i));
        const bool followedByWhitespace = i + w >= v.size() || isBlank(v, i + w);
        const char c = v[i];
        if (i == 0) {
            switch (c) {
            case '#': case ',': case '[': case ']': case '{': case '}': case '&': case '*': case '!':
            case '|': case '>': case '\'': case '"': case '%': case '@': case '`':
                blockIndicators = true;
                break;
            case '?': case ':':
                if (followedByWhitespace)
                    blockIndicators = true;
                break;
            case '-':
                if (followedByWhitespace)
                    blockIndicators = true;
                break;
            default:
                break;
            }
        } else {
            if (c == ':' && followedByWhitespace)
                blockIndicators = true;
            if (c == '#' && precededByWhitespace)
                blockIndicators = true;
        }
        if (!isPrintable(v, i))   // go-yaml v2: a tab is "special" too
            specialCharacters = true;
        // Deviation: NEL, LS and PS are line breaks to go-yaml but not to yaml-cpp, so they are
        // written escaped ("\N", "\L", "\P") to read back the same here.
        if (at(v, i) >= 0x80 && isBreak(v, i))
            specialCharacters = true;
        if (isSpace(v, i)) {
            if (i == 0)
                leadingSpace = true;
            if (i + w == v.size())
                trailingSpace = true;
            if (previousBreak)
                breakSpace = true;
            previousSpace = true;
            previousBreak = false;
        } else if (isBreak(v, i)) {
            lineBreaks = true;
            if (i == 0)
                leadingBreak = true;
            if (i + w == v.size())
                trailingBreak = true;
            if (previousSpace)
                spaceBreak = true;
            previousSpace = false;
            previousBreak = true;
        } else {
            previousSpace = false;
            previousBreak = false;
        }
        precededByWhitespace = isBlankz(v, i);
    }
    a.multiline = lineBreaks;
    if (leadingSpace || leadingBreak || trailingSpace || trailingBreak)
        a.blockPlainAllowed = false;
    if (trailingSpace)
        a.blockAllowed = false;
    if (breakSpace) {
        a.blockPlainAllowed = false;
        a.singleQuotedAllowed = false;
    }
    if (spaceBreak || specialCharacters) {
        a.blockPlainAllowed = false;
        a.singleQuotedAllowed = false;
    }
    if (spaceBreak || specialCharacters)
        a.blockAllowed = false;
    if (lineBreaks)
        a.blockPlainAllowed = false;
    if (blockIndicators)
        a.blockPlainAllowed = false;
    return a;
}

enum class Style { Plain, SingleQuoted, DoubleQuoted, Literal };

// encoder.stringv + yaml_emitter_select_scalar_style.
Style selectStyle(const QString &s, const Bytes &utf8, const Analysis &a, bool simpleKey, bool isKey)
{
    Style style;
    if (s.contains(QLatin1Char('\n')))
        style = Style::Literal;
    else if (YamlScalar::resolvePlain(s).kind == YamlScalar::Kind::String && !YamlScalar::isBase60Float(s)
             && !(isKey && s == QLatin1String("<<")))   // go-yaml writes a plain << key: a merge key when read
        style = Style::Plain;
    else
        style = Style::DoubleQuoted;
    if (simpleKey && a.multiline)
        style = Style::DoubleQuoted;
    if (style == Style::Plain) {
        if (!a.blockPlainAllowed)
            style = Style::SingleQuoted;
        if (utf8.isEmpty() && simpleKey)
            style = Style::SingleQuoted;
    }
    if (style == Style::SingleQuoted && !a.singleQuotedAllowed)
        style = Style::DoubleQuoted;
    if (style == Style::Literal && (!a.blockAllowed || simpleKey))
        style = Style::DoubleQuoted;
    return style;
}

// go-yaml v2 sorter.go keyList.Less for two string keys.
bool goKeyLess(const QList<uint> &ar, const QList<uint> &br)
{
    const qsizetype n = std::min(ar.size(), br.size());
    for (qsizetype i = 0; i < n; ++i) {
        if (ar[i] == br[i])
            continue;
        const bool al = QChar::isLetter(ar[i]);
        const bool bl = QChar::isLetter(br[i]);
        if (al && bl)
            return ar[i] < br[i];
        if (al || bl)
            return bl;
        qsizetype ai;
        qsizetype bi;
        qint64 an = 0;
        qint64 bn = 0;
        if (ar[i] == '0' || br[i] == '0') {
            for (qsizetype j = i - 1; j >= 0 && QChar::isDigit(ar[j]); --j) {
                if (ar[j] != '0') {
                    an = 1;
                    bn = 1;
                    break;
                }
            }
        }
        for (ai = i; ai < ar.size() && QChar::isDigit(ar[ai]); ++ai)
            an = an * 10 + qint64(QChar::digitValue(ar[ai]));
        for (bi = i; bi < br.size() && QChar::isDigit(br[bi]); ++bi)
            bn = bn * 10 + qint64(QChar::digitValue(br[bi]));
        if (an != bn)
            return an < bn;
        if (ai != bi)
            return ai < bi;
        return ar[i] < br[i];
    }
    return ar.size() < br.size();
}

// Merge sort: well defined even if the comparator is not a strict weak order.
void mergeSort(QList<std::pair<QList<uint>, QString>> &v, qsizetype lo, qsizetype hi,
               QList<std::pair<QList<uint>, QString>> &tmp)
{
    if (hi - lo < 2)
        return;
    const qsizetype mid = lo + (hi - lo) / 2;
    mergeSort(v, lo, mid, tmp);
    mergeSort(v, mid, hi, tmp);
    qsizetype i = lo;
    qsizetype j = mid;
    tmp.clear();
    while (i < mid && j < hi)
        tmp.append(goKeyLess(v[j].first, v[i].first) ? v[j++] : v[i++]);
    while (i < mid)
        tmp.append(v[i++]);
    while (j < hi)
        tmp.append(v[j++]);
    for (qsizetype k = 0; k < tmp.size(); ++k)
        v[lo + k] = tmp[k];
}

QStringList sortedKeys(const QJsonObject &o)
{
    QList<std::pair<QList<uint>, QString>> keys;
    keys.reserve(o.size());
    for (auto it = o.begin(); it != o.end(); ++it)
        keys.append(std::make_pair(it.key().toUcs4(), it.key()));
    QList<std::pair<QList<uint>, QString>> tmp;
    mergeSort(keys, 0, keys.size(), tmp);
    QStringList out;
    out.reserve(keys.size());
    for (const auto &k : keys)
        out.append(k.second);
    return out;
}

// A JSON number the way kubectl prints it: Go's json.Marshal text, re-read by go-yaml.
QString formatNumber(const QJsonValue &v)
{
    if (v.toVariant().typeId() == QMetaType::LongLong)
        return QString::number(v.toInteger());
    const double d = v.toDouble();
    if (!std::isfinite(d))
        return QStringLiteral("null");
    if (d == std::trunc(d) && std::fabs(d) < 1e21) {
        if (d >= -9223372036854775808.0 && d < 9223372036854775808.0)
            return QString::number(qint64(d));
        if (d > 0 && d < 18446744073709551616.0)
            return QString::number(quint64(d));
    }
    return YamlScalar::formatGoFloat(d);
}

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
