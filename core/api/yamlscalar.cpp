#include "core/api/yamlscalar.h"

#include <QByteArray>
#include <QVariant>
#include <charconv>
#include <cstring>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

namespace rlab::api {

namespace {

// The result of Go's strconv.ParseUint / ParseInt: value, or syntax / range error.
enum class IntErr { None, Syntax, Range };

char lower(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

// strconv.ParseUint(s, base, 64); base 0 understands 0x / 0o / 0b / leading-0 octal.
IntErr goParseUint(std::string_view s, int base, quint64 *out)
{
    *out = 0;
    if (s.empty())
        return IntErr::Syntax;
    if (base == 0) {
        base = 10;
        if (s[0] == '0') {
            if (s.size() >= 3 && lower(s[1]) == 'b') {
                base = 2;
                s.remove_prefix(2);
            } else if (s.size() >= 3 && lower(s[1]) == 'o') {
                base = 8;
                s.remove_prefix(2);
            } else if (s.size() >= 3 && lower(s[1]) == 'x') {
                base = 16;
                s.remove_prefix(2);
            } else {
                base = 8;
                s.remove_prefix(1);
            }
        }
    }
    quint64 n = 0;
    const quint64 cutoff = std::numeric_limits<quint64>::max() / quint64(base) + 1;
    for (const char c : s) {
        int d;
        if (isDigit(c))
            d = c - '0';
        else if (lower(c) >= 'a' && lower(c) <= 'z')
            d = lower(c) - 'a' + 10;
        else
            return IntErr::Syntax;
        if (d >= base)
            return IntErr::Syntax;
        if (n >= cutoff) {
            *out = std::numeric_limits<quint64>::max();
            return IntErr::Range;
        }
        n *= quint64(base);
        const quint64 n1 = n + quint64(d);
        if (n1 < n) {
            *out = std::numeric_limits<quint64>::max();
            return IntErr::Range;
        }
        n = n1;
    }
    *out = n;
    return IntErr::None;
}

// strconv.ParseInt(s, base, 64).
IntErr goParseInt(std::string_view s, int base, qint64 *out)
{
    *out = 0;
    if (s.empty())
        return IntErr::Syntax;
    bool neg = false;
    if (s[0] == '+' || s[0] == '-') {
        neg = s[0] == '-';
        s.remove_prefix(1);
    }
    quint64 un = 0;
    const IntErr e = goParseUint(s, base, &un);
    if (e != IntErr::None)
        return e;
    const quint64 cutoff = quint64(1) << 63;
    if (!neg && un >= cutoff)
        return IntErr::Range;
    if (neg && un > cutoff)
        return IntErr::Range;
    *out = neg ? qint64(0 - un) : qint64(un);
    return IntErr::None;
}

// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$` (go-yaml's yamlStyleFloat).
bool matchesYamlStyleFloat(std::string_view s)
{
    size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        ++i;
    if (i < s.size() && s[i] == '.') {
        ++i;
        const size_t start = i;
        while (i < s.size() && isDigit(s[i]))
            ++i;
        if (i == start)
            return false;
    } else {
        const size_t start = i;
        while (i < s.size() && isDigit(s[i]))
            ++i;
        if (i == start)
            return false;
        if (i < s.size() && s[i] == '.') {
            ++i;
            while (i < s.size() && isDigit(s[i]))
                ++i;
        }
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-'))
            ++i;
        const size_t start = i;
        while (i < s.size() && isDigit(s[i]))
            ++i;
        if (i == start)
            return false;
    }
    return i == s.size();
}

// strconv.ParseFloat for text already known to be a plain decimal float (sign, digits, point,
// exponent). Overflow is an error, as in Go; underflow gives (signed) zero.
std::optional<double> goParseDecimalFloat(std::string_view s)
{
    bool neg = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        neg = s[0] == '-';
        s.remove_prefix(1);
    }
    double v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v, std::chars_format::general);
    if (ptr != s.data() + s.size())
        return std::nullopt;
    if (ec == std::errc::result_out_of_range) {
        // Decide overflow vs underflow from the decimal exponent of the first significant digit.
        long exp10 = 0;
        size_t i = 0;
        long intDigits = 0;
        bool seenNonZero = false;
        long leadingFracZeros = 0;
        while (i < s.size() && isDigit(s[i])) {
            if (s[i] != '0' || seenNonZero) {
                seenNonZero = true;
                ++intDigits;
            }
            ++i;
        }
        if (i < s.size() && s[i] == '.') {
            ++i;
            while (i < s.size() && isDigit(s[i])) {
                if (!seenNonZero) {
                    if (s[i] == '0')
                        ++leadingFracZeros;
                    else
                        seenNonZero = true;
                }
                ++i;
            }
        }
        if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
            ++i;
            bool eneg = false;
            if (i < s.size() && (s[i] == '+' || s[i] == '-'))
                eneg = s[i++] == '-';
            while (i < s.size() && isDigit(s[i]) && exp10 < 100000)
                exp10 = exp10 * 10 + (s[i++] - '0');
            if (eneg)
                exp10 = -exp10;
        }
        const long magnitude = (intDigits > 0 ? intDigits : -leadingFracZeros) + exp10;
        if (magnitude > 0)
            return std::nullopt;
        v = 0;
    } else if (ec != std::errc()) {
        return std::nullopt;
    }
    return neg ? -v : v;
}

// Go's time.getnum: one or two digits.
bool getnum(std::string_view &s, int *out)
{
    if (s.empty() || !isDigit(s[0]))
        return false;
    if (s.size() < 2 || !isDigit(s[1])) {
        *out = s[0] - '0';
        s.remove_prefix(1);
        return true;
    }
    *out = (s[0] - '0') * 10 + (s[1] - '0');
    s.remove_prefix(2);
    return true;
}

int daysIn(int month, int year)
{
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month == 2 && (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)))
        return 29;
    return days[month - 1];
}

// go-yaml's parseTimestamp: the layouts "2006-1-2T15:4:5.999999999Z07:00" (also with 't'),
// "2006-1-2 15:4:5.999999999" and "2006-1-2", parsed with Go's time.Parse rules.
bool isGoYamlTimestamp(std::string_view s)
{
    if (s.size() < 5)
        return false;
    for (int i = 0; i < 4; ++i) {
        if (!isDigit(s[size_t(i)]))
            return false;
    }
    if (s[4] != '-')
        return false;
    const int year = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    std::string_view v = s.substr(5);
    int month = 0;
    int day = 0;
    if (!getnum(v, &month) || month < 1 || month > 12)
        return false;
    if (v.empty() || v[0] != '-')
        return false;
    v.remove_prefix(1);
    if (!getnum(v, &day) || day < 1 || day > daysIn(month, year))
        return false;
    if (v.empty())
        return true;
    const char sep = v[0];
    if (sep != 'T' && sep != 't' && sep != ' ')
        return false;
    v.remove_prefix(1);
    if (sep == ' ') {
        while (!v.empty() && v[0] == ' ')
            v.remove_prefix(1);
    }
    int hour = 0;
    int minute = 0;
    int second = 0;
    if (!getnum(v, &hour) || hour >= 24)
        return false;
    if (v.empty() || v[0] != ':')
        return false;
    v.remove_prefix(1);
    if (!getnum(v, &minute) || minute >= 60)
        return false;
    if (v.empty() || v[0] != ':')
        return false;
    v.remove_prefix(1);
    if (!getnum(v, &second) || second >= 60)
        return false;
    if (v.size() >= 2 && (v[0] == '.' || v[0] == ',') && isDigit(v[1])) {
        v.remove_prefix(1);
        while (!v.empty() && isDigit(v[0]))
            v.remove_prefix(1);
    }
    if (sep == ' ')
        return v.empty();
    if (!v.empty() && v[0] == 'Z')
        return v.size() == 1;
    if (v.size() != 6 || (v[0] != '+' && v[0] != '-') || v[3] != ':')
        return false;
    if (!isDigit(v[1]) || !isDigit(v[2]) || !isDigit(v[4]) || !isDigit(v[5]))
        return false;
    const int zh = (v[1] - '0') * 10 + (v[2] - '0');
    const int zm = (v[4] - '0') * 10 + (v[5] - '0');
    return zh <= 24 && zm <= 60;
}

// A float as JSON would carry it: integral values that fit int64 become integers.
QJsonValue jsonNumber(double d)
{
    if (std::isfinite(d) && d == std::trunc(d) && d >= -9223372036854775808.0 && d < 9223372036854775808.0)
        return QJsonValue(qint64(d));
    return QJsonValue(d);
}

YamlScalar make(YamlScalar::Kind kind, const QJsonValue &value)
{
    YamlScalar s;
    s.kind = kind;
    s.value = value;
    return s;
}

YamlScalar makeFloat(double d)
{
    YamlScalar s = make(YamlScalar::Kind::Float, jsonNumber(d));
    s.nonFinite = !std::isfinite(d);
    if (s.nonFinite)
        s.value = QJsonValue(d);
    s.number = d;
    return s;
}

const char *kindTag(YamlScalar::Kind k)
{
    switch (k) {
    case YamlScalar::Kind::String: return "!!str";
    case YamlScalar::Kind::Null: return "!!null";
    case YamlScalar::Kind::Bool: return "!!bool";
    case YamlScalar::Kind::Int: return "!!int";
    case YamlScalar::Kind::Float: return "!!float";
    case YamlScalar::Kind::Timestamp: return "!!timestamp";
    case YamlScalar::Kind::Merge: return "!!merge";
    }
    return "!!str";
}

// go-yaml v2 resolve() for an untagged scalar; timestamps are reported but keep their text.
YamlScalar resolveText(const QString &text)
{
    const YamlScalar str = make(YamlScalar::Kind::String, QJsonValue(text));
    // Most scalars are decided by their first character alone.
    if (!text.isEmpty() && (text[0].unicode() >= 0x80 || !std::strchr("+-0123456789.yYnNtTfFoO~", text[0].toLatin1())))
        return str;
    const QByteArray utf8 = text.toUtf8();
    const std::string_view in(utf8.constData(), size_t(utf8.size()));

    char hint = 'N';
    if (!in.empty()) {
        const char c = in[0];
        if (c == '+' || c == '-')
            hint = 'S';
        else if (isDigit(c))
            hint = 'D';
        else if (c == '.')
            hint = '.';
        else if (std::string_view("yYnNtTfFoO~").find(c) != std::string_view::npos)
            hint = 'M';
        else
            return str;
    }

    // The resolve map.
    static const struct { const char *text; YamlScalar::Kind kind; int value; } table[] = {
        {"y", YamlScalar::Kind::Bool, 1}, {"Y", YamlScalar::Kind::Bool, 1},
        {"yes", YamlScalar::Kind::Bool, 1}, {"Yes", YamlScalar::Kind::Bool, 1},
        {"YES", YamlScalar::Kind::Bool, 1}, {"true", YamlScalar::Kind::Bool, 1},
        {"True", YamlScalar::Kind::Bool, 1}, {"TRUE", YamlScalar::Kind::Bool, 1},
        {"on", YamlScalar::Kind::Bool, 1}, {"On", YamlScalar::Kind::Bool, 1},
        {"ON", YamlScalar::Kind::Bool, 1}, {"n", YamlScalar::Kind::Bool, 0},
        {"N", YamlScalar::Kind::Bool, 0}, {"no", YamlScalar::Kind::Bool, 0},
        {"No", YamlScalar::Kind::Bool, 0}, {"NO", YamlScalar::Kind::Bool, 0},
        {"false", YamlScalar::Kind::Bool, 0}, {"False", YamlScalar::Kind::Bool, 0},
        {"FALSE", YamlScalar::Kind::Bool, 0}, {"off", YamlScalar::Kind::Bool, 0},
        {"Off", YamlScalar::Kind::Bool, 0}, {"OFF", YamlScalar::Kind::Bool, 0},
        {"", YamlScalar::Kind::Null, 0}, {"~", YamlScalar::Kind::Null, 0},
        {"null", YamlScalar::Kind::Null, 0}, {"Null", YamlScalar::Kind::Null, 0},
        {"NULL", YamlScalar::Kind::Null, 0},
    };
    for (const auto &e : table) {
        if (in == e.text) {
            if (e.kind == YamlScalar::Kind::Bool)
                return make(e.kind, QJsonValue(e.value != 0));
            if (e.kind == YamlScalar::Kind::Null)
                return make(e.kind, QJsonValue());
            return make(e.kind, QJsonValue(text));
        }
    }
    static const struct { const char *text; double value; } special[] = {
        {".nan", std::numeric_limits<double>::quiet_NaN()}, {".NaN", std::numeric_limits<double>::quiet_NaN()},
        {".NAN", std::numeric_limits<double>::quiet_NaN()}, {".inf", HUGE_VAL}, {".Inf", HUGE_VAL},
        {".INF", HUGE_VAL}, {"+.inf", HUGE_VAL}, {"+.Inf", HUGE_VAL}, {"+.INF", HUGE_VAL},
        {"-.inf", -HUGE_VAL}, {"-.Inf", -HUGE_VAL}, {"-.INF", -HUGE_VAL},
    };
    for (const auto &e : special) {
        if (in == e.text)
            return makeFloat(e.value);
    }

    switch (hint) {
    case '.': {
        // strconv.ParseFloat(in): here only ".digits[exponent]" can parse.
        if (in.size() >= 2 && isDigit(in[1]) && matchesYamlStyleFloat(in)) {
            if (const auto f = goParseDecimalFloat(in))
                return makeFloat(*f);
        }
        return str;
    }
    case 'D':
    case 'S': {
        if (isGoYamlTimestamp(in))
            return make(YamlScalar::Kind::Timestamp, QJsonValue(text));
        std::string plain;
        plain.reserve(in.size());
        for (const char c : in) {
            if (c != '_')
                plain.push_back(c);
        }
        qint64 iv = 0;
        IntErr intErr = goParseInt(plain, 0, &iv);
        if (intErr == IntErr::None)
            return make(YamlScalar::Kind::Int, QJsonValue(iv));
        quint64 uv = 0;
        intErr = goParseUint(plain, 0, &uv);
        if (intErr == IntErr::None)
            return make(YamlScalar::Kind::Int, QJsonValue(double(uv)));
        if (matchesYamlStyleFloat(plain)) {
            if (const auto f = goParseDecimalFloat(plain))
                return makeFloat(*f);
        }
        const std::string_view p(plain);
        if (p.substr(0, 2) == "0b") {
            if (goParseInt(p.substr(2), 2, &iv) == IntErr::None)
                return make(YamlScalar::Kind::Int, QJsonValue(iv));
            if (goParseUint(p.substr(2), 2, &uv) == IntErr::None)
                return make(YamlScalar::Kind::Int, QJsonValue(double(uv)));
        } else if (p.substr(0, 3) == "-0b") {
            if (goParseInt(std::string("-") + std::string(p.substr(3)), 2, &iv) == IntErr::None)
                return make(YamlScalar::Kind::Int, QJsonValue(iv));
        }
        return str;
    }
    default:
        return str;
    }
}

} // namespace

YamlScalar YamlScalar::resolvePlain(const QString &text)
{
    return resolveText(text);
}

YamlScalar YamlScalar::resolveTagged(const QString &tag, const QString &text, QString *error)
{
    static const QString longPrefix = QStringLiteral("tag:yaml.org,2002:");
    QString shortTag = tag;
    if (tag.startsWith(longPrefix))
        shortTag = QStringLiteral("!!") + tag.mid(longPrefix.size());

    if (shortTag == QLatin1String("!!binary")) {
        const auto decoded = QByteArray::fromBase64Encoding(
            text.toLatin1().replace('\n', QByteArray()).replace('\r', QByteArray()),
            QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded) {
            if (error)
                *error = QStringLiteral("!!binary value contains invalid base64 data");
            return make(Kind::Null, QJsonValue());
        }
        return make(Kind::String, QJsonValue(QString::fromUtf8(*decoded)));
    }
    const bool resolvable = shortTag == QLatin1String("!!str") || shortTag == QLatin1String("!!bool")
        || shortTag == QLatin1String("!!int") || shortTag == QLatin1String("!!float")
        || shortTag == QLatin1String("!!null") || shortTag == QLatin1String("!!timestamp");
    if (!resolvable || shortTag == QLatin1String("!!str") || shortTag == QLatin1String("!!timestamp"))
        return make(Kind::String, QJsonValue(text));

    const YamlScalar r = resolveText(text);
    const QString rtag = QString::fromLatin1(kindTag(r.kind));
    if (rtag == shortTag)
        return r;
    if (shortTag == QLatin1String("!!float") && r.kind == Kind::Int)
        return makeFloat(r.value.toDouble());
    if (error) {
        *error = QStringLiteral("cannot decode %1 `%2` as a %3").arg(rtag == QLatin1String("!!timestamp")
                                                                          ? QStringLiteral("!!str")
                                                                          : rtag,
                                                                      text, shortTag);
    }
    return make(Kind::Null, QJsonValue());
}

QString YamlScalar::keyString(const YamlScalar &key, QString *error)
{
    switch (key.kind) {
    case Kind::String:
    case Kind::Timestamp:
    case Kind::Merge:
        return key.value.toString();
    case Kind::Bool:
        return key.value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case Kind::Int:
        // Integers beyond int64 (uint64, big.Int in go-yaml) are kept as doubles.
        if (key.value.toVariant().typeId() != QMetaType::LongLong) {
            if (error)
                *error = QStringLiteral("unsupported map key of type: uint64");
            return {};
        }
        return QString::number(key.value.toInteger());
    case Kind::Float: {
        const double d = key.number;
        if (std::isnan(d))
            return QStringLiteral(".nan");
        if (std::isinf(d))
            return d > 0 ? QStringLiteral(".inf") : QStringLiteral("-.inf");
        return formatGoFloat(d, 32);
    }
    case Kind::Null:
        break;
    }
    if (error)
        *error = QStringLiteral("unsupported map key of type: %!s(<nil>)");
    return {};
}

bool YamlScalar::isBase60Float(const QString &text)
{
    // ^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$
    if (text.isEmpty() || !text.contains(QLatin1Char(':')))
        return false;
    qsizetype i = 0;
    const qsizetype n = text.size();
    auto digit = [&](qsizetype k) { return k < n && text[k] >= QLatin1Char('0') && text[k] <= QLatin1Char('9'); };
    if (text[0] == QLatin1Char('+') || text[0] == QLatin1Char('-'))
        ++i;
    if (!digit(i))
        return false;
    ++i;
    while (digit(i) || (i < n && text[i] == QLatin1Char('_')))
        ++i;
    int groups = 0;
    while (i < n && text[i] == QLatin1Char(':')) {
        ++i;
        // [0-5]?[0-9]
        if (digit(i) && digit(i + 1) && text[i] <= QLatin1Char('5'))
            i += 2;
        else if (digit(i))
            i += 1;
        else
            return false;
        ++groups;
    }
    if (groups == 0)
        return false;
    if (i < n && text[i] == QLatin1Char('.')) {
        ++i;
        while (digit(i) || (i < n && text[i] == QLatin1Char('_')))
            ++i;
    }
    return i == n;
}

QString YamlScalar::formatGoFloat(double v, int bits)
{
    if (std::isnan(v))
        return QStringLiteral("NaN");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("+Inf") : QStringLiteral("-Inf");
    if (v == 0)
        return std::signbit(v) ? QStringLiteral("-0") : QStringLiteral("0");
    // Shortest round-trip digits in scientific form, "d.ddde±xx".
    char buf[64];
    std::to_chars_result r;
    if (bits == 32)
        r = std::to_chars(buf, buf + sizeof buf, float(v), std::chars_format::scientific);
    else
        r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    const std::string_view sci(buf, size_t(r.ptr - buf));
    const size_t e = sci.find('e');
    std::string mant(sci.substr(0, e));
    const int exp = std::stoi(std::string(sci.substr(e + 1)));
    const bool neg = !mant.empty() && mant[0] == '-';
    if (neg)
        mant.erase(0, 1);
    std::string digits;
    for (const char c : mant) {
        if (c != '.')
            digits.push_back(c);
    }
    std::string out = neg ? "-" : "";
    if (exp < -4 || exp >= 6) {   // %e: Go uses precision 6 for the decision when shortest
        out += digits[0];
        if (digits.size() > 1) {
            out += '.';
            out += digits.substr(1);
        }
        out += 'e';
        out += exp < 0 ? '-' : '+';
        const int a = exp < 0 ? -exp : exp;
        if (a < 10)
            out += '0';
        out += std::to_string(a);
    } else if (exp < 0) {
        out += "0.";
        out += std::string(size_t(-exp - 1), '0');
        out += digits;
    } else {
        const size_t intLen = size_t(exp) + 1;
        if (digits.size() <= intLen) {
            out += digits + std::string(intLen - digits.size(), '0');
        } else {
            out += digits.substr(0, intLen);
            out += '.';
            out += digits.substr(intLen);
        }
    }
    return QString::fromLatin1(out.data(), qsizetype(out.size()));
}

} // namespace rlab::api
