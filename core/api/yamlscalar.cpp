#include "core/api/yamlscalar.h"

#include "core/api/yamlscalarinternal.h"

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

using namespace yamlscalar;

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

