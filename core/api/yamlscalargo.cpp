#include "core/api/yamlscalarinternal.h"

#include <charconv>
#include <limits>
#include <system_error>

// Go's strconv integer and float parsing and go-yaml's timestamp check, as YamlScalar
// (yamlscalar.cpp) needs them.

namespace rlab::api::yamlscalar {

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

namespace {

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

} // namespace

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

} // namespace rlab::api::yamlscalar
