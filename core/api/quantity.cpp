#include "core/api/quantity.h"

#include <QHash>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace rlab::api {

namespace {

__extension__ using Int128 = __int128;

const QString kErrFormatWrong = QStringLiteral(
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
const QString kErrNumeric = QStringLiteral("unable to parse numeric part of quantity");
const QString kErrSuffix = QStringLiteral("unable to parse quantity's suffix");

constexpr Int128 kNanoPerUnit = 1000000000;
constexpr Int128 kMaxInt64 = std::numeric_limits<qint64>::max();
// Binary-SI quantities are capped at 2^63-1 units (maxAllowed); decimal ones, unbounded
// upstream, are capped here far above anything an int64 accessor can return.
constexpr Int128 kBinaryCapNano = kMaxInt64 * kNanoPerUnit;
constexpr Int128 kDecimalCapNano = Int128(1000000000000000000LL) * Int128(1000000000000000000LL);

// A non-negative integer in base 10^9 limbs, least significant first. Just enough arithmetic
// for exact scaling of a parsed decimal.
class BigNat
{
public:
    explicit BigNat(const std::string &digits)
    {
        for (qsizetype end = qsizetype(digits.size()); end > 0; end -= 9) {
            const qsizetype start = std::max<qsizetype>(0, end - 9);
            m_limbs.push_back(uint32_t(std::stoul(digits.substr(size_t(start), size_t(end - start)))));
        }
        trim();
    }
    bool isZero() const { return m_limbs.empty(); }
    void mulSmall(uint32_t m)
    {
        uint64_t carry = 0;
        for (uint32_t &limb : m_limbs) {
            const uint64_t v = uint64_t(limb) * m + carry;
            limb = uint32_t(v % kBase);
            carry = v / kBase;
        }
        while (carry) {
            m_limbs.push_back(uint32_t(carry % kBase));
            carry /= kBase;
        }
    }
    // Divides in place; returns true if the remainder was not zero.
    bool divSmall(uint32_t d)
    {
        uint64_t rem = 0;
        for (auto it = m_limbs.rbegin(); it != m_limbs.rend(); ++it) {
            const uint64_t v = rem * kBase + *it;
            *it = uint32_t(v / d);
            rem = v % d;
        }
        trim();
        return rem != 0;
    }
    size_t limbCount() const { return m_limbs.size(); }
    // Value, or `cap` when larger.
    Int128 toInt128(Int128 cap) const
    {
        if (m_limbs.size() > 5)
            return cap;
        Int128 v = 0;
        for (auto it = m_limbs.rbegin(); it != m_limbs.rend(); ++it) {
            if (v > (cap - *it) / Int128(kBase))
                return cap;
            v = v * kBase + *it;
        }
        return v;
    }

private:
    static constexpr uint64_t kBase = 1000000000;
    void trim()
    {
        while (!m_limbs.empty() && m_limbs.back() == 0)
            m_limbs.pop_back();
    }
    std::vector<uint32_t> m_limbs;
};

bool isDigit(char c) { return c >= '0' && c <= '9'; }

struct Parts
{
    bool positive = true;
    std::string value;   // sign + number, as written
    std::string num;     // integer digits without leading zeros ("0" if none)
    std::string denom;   // fraction digits
    std::string suffix;
};

// parseQuantityString, step by step like upstream (including its leniencies: "1.G", ".", "-").
bool splitQuantity(const std::string &str, Parts *p)
{
    size_t pos = 0;
    const size_t end = str.size();
    if (pos < end && (str[0] == '-' || str[0] == '+')) {
        p->positive = str[0] != '-';
        ++pos;
    }
    while (pos < end && str[pos] == '0')
        ++pos;
    if (pos >= end) {
        p->num = "0";
        p->value = p->num;
        return true;
    }
    size_t i = pos;
    while (i < end && isDigit(str[i]))
        ++i;
    p->num = str.substr(pos, i - pos);
    if (i >= end) {
        p->value = str;
        return true;
    }
    pos = i;
    if (p->num.empty())
        p->num.assign(1, '0');   // not = "0": GCC 12 -Wrestrict false positive (PR105329)
    if (str[pos] == '.') {
        ++pos;
        i = pos;
        while (i < end && isDigit(str[i]))
            ++i;
        p->denom = str.substr(pos, i - pos);
        if (i >= end) {
            p->value = str;
            return true;
        }
        pos = i;
    }
    p->value = str.substr(0, pos);
    const size_t suffixStart = pos;
    static const std::string suffixChars = "eEinumkKMGTP";
    while (pos < end && suffixChars.find(str[pos]) != std::string::npos)
        ++pos;
    if (pos >= end) {
        p->suffix = str.substr(suffixStart);
        return true;
    }
    if (str[pos] == '-' || str[pos] == '+')
        ++pos;
    while (pos < end && isDigit(str[pos]))
        ++pos;
    if (pos >= end) {
        p->suffix = str.substr(suffixStart);
        return true;
    }
    return false;
}

// quantitySuffixer.interpret: base, exponent, format.
bool interpretSuffix(const std::string &s, int *base, qint64 *exponent, Quantity::Format *format)
{
    static const struct { const char *s; int base; int exp; Quantity::Format f; } table[] = {
        {"", 10, 0, Quantity::Format::DecimalSI}, {"n", 10, -9, Quantity::Format::DecimalSI},
        {"u", 10, -6, Quantity::Format::DecimalSI}, {"m", 10, -3, Quantity::Format::DecimalSI},
        {"k", 10, 3, Quantity::Format::DecimalSI}, {"M", 10, 6, Quantity::Format::DecimalSI},
        {"G", 10, 9, Quantity::Format::DecimalSI}, {"T", 10, 12, Quantity::Format::DecimalSI},
        {"P", 10, 15, Quantity::Format::DecimalSI}, {"E", 10, 18, Quantity::Format::DecimalSI},
        {"Ki", 2, 10, Quantity::Format::BinarySI}, {"Mi", 2, 20, Quantity::Format::BinarySI},
        {"Gi", 2, 30, Quantity::Format::BinarySI}, {"Ti", 2, 40, Quantity::Format::BinarySI},
        {"Pi", 2, 50, Quantity::Format::BinarySI}, {"Ei", 2, 60, Quantity::Format::BinarySI},
    };
    for (const auto &e : table) {
        if (s == e.s) {
            *base = e.base;
            *exponent = e.exp;
            *format = e.f;
            return true;
        }
    }
    if (s.size() > 1 && (s[0] == 'e' || s[0] == 'E')) {
        // strconv.ParseInt(s[1:], 10, 64), then truncated to int32 as upstream does.
        size_t i = 1;
        bool neg = false;
        if (s[i] == '+' || s[i] == '-')
            neg = s[i++] == '-';
        if (i >= s.size())
            return false;
        const quint64 limit = neg ? quint64(1) << 63 : (quint64(1) << 63) - 1;
        quint64 v = 0;
        for (; i < s.size(); ++i) {
            const int d = s[i] - '0';
            if (!isDigit(s[i]) || v > (limit - quint64(d)) / 10)
                return false;   // ParseInt: syntax or range error
            v = v * 10 + quint64(d);
        }
        *base = 10;
        *exponent = qint32(quint32(neg ? 0 - v : v));
        *format = Quantity::Format::DecimalExponent;
        return true;
    }
    return false;
}

Int128 ceilDiv(Int128 a, Int128 b) // a >= 0, b > 0
{
    return a / b + (a % b != 0 ? 1 : 0);
}

qint64 saturate(Int128 v)
{
    if (v > kMaxInt64)
        return std::numeric_limits<qint64>::max();
    if (v < -kMaxInt64 - 1)
        return std::numeric_limits<qint64>::min();
    return qint64(v);
}

// Rounds |nano| / unit away from zero.
qint64 scaledAwayFromZero(Int128 nano, Int128 unit)
{
    const Int128 mag = ceilDiv(nano < 0 ? -nano : nano, unit);
    return saturate(nano < 0 ? -mag : mag);
}

std::string int128ToString(Int128 v)
{
    if (v == 0)
        return "0";
    const bool neg = v < 0;
    std::string s;
    while (v != 0) {
        const int d = int(v % 10);
        s.push_back(char('0' + (d < 0 ? -d : d)));
        v /= 10;
    }
    if (neg)
        s.push_back('-');
    return std::string(s.rbegin(), s.rend());
}

} // namespace

std::optional<Quantity> Quantity::parse(const QString &text, QString *error)
{
    // A lab parses the same few texts ("10m", "16Mi") for every pod it validates, schedules and
    // runs, at ~3,000 instructions each (exact decimal arithmetic): valid ones are remembered
    // per thread (bounded; a value type, so the copy is the answer).
    thread_local QHash<QString, Quantity> parsed;
    if (const auto it = parsed.constFind(text); it != parsed.cend())
        return *it;
    std::optional<Quantity> q = parseText(text, error);
    if (q) {
        if (parsed.size() >= 1024)
            parsed.clear();
        parsed.insert(text, *q);
    }
    return q;
}

std::optional<Quantity> Quantity::parseText(const QString &text, QString *error)
{
    auto fail = [error](const QString &message) -> std::optional<Quantity> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (text.isEmpty())
        return fail(kErrFormatWrong);
    Quantity q;
    if (text == QLatin1String("0"))
        return q;
    const std::string str = text.toStdString();
    Parts p;
    if (!splitQuantity(str, &p))
        return fail(kErrFormatWrong);
    int base = 10;
    qint64 exponent = 0;
    Format format = Format::DecimalSI;
    if (!interpretSuffix(p.suffix, &base, &exponent, &format))
        return fail(kErrSuffix);

    // Upstream takes an int64 fast path when the digits fit and the scale is at least nano,
    // and otherwise parses `value` as an inf.Dec, which fails when it holds no digit (".e-10").
    bool fast;
    if (format == Format::BinarySI) {
        const qint64 precision = 15 - qint64(p.num.size()) - qint64(float(exponent) * 3 / 10) - 1;
        fast = p.denom.empty() && precision >= 0;
    } else {
        const qint64 precision = 18 - qint64(p.num.size() + p.denom.size());
        fast = precision >= 0 && exponent - qint64(p.denom.size()) >= -9;
    }
    bool hasDigit = false;
    for (const char c : p.value)
        hasDigit |= isDigit(c);
    if (!fast && !hasDigit)
        return fail(kErrNumeric);

    // nano = (num.denom) * base^exponent * 10^9, rounded away from zero.
    std::string digits = p.num + p.denom;
    const size_t firstSignificant = digits.find_first_not_of('0');
    digits.erase(0, std::min(firstSignificant, digits.size()));
    qint64 scale10 = 9 - qint64(p.denom.size()) + (base == 10 ? exponent : 0);
    // 80 significant digits are more than the capped result can show; drop the rest (a
    // hostile "0.000…1" must not cost a division per digit), remembering if they were zero.
    bool inexact = false;
    constexpr size_t kKeepDigits = 80;
    if (digits.size() > kKeepDigits) {
        inexact = digits.find_first_not_of('0', kKeepDigits) != std::string::npos;
        scale10 += qint64(digits.size() - kKeepDigits);
        digits.resize(kKeepDigits);
    }
    BigNat n(digits);
    const Int128 cap = format == Format::BinarySI ? kBinaryCapNano : kDecimalCapNano;
    Int128 nano = 0;
    if (!n.isZero()) {
        if (base == 2) {
            for (qint64 e = exponent; e > 0; e -= 16)
                n.mulSmall(uint32_t(1) << std::min<qint64>(e, 16));
        }
        if (scale10 > 0) {
            for (; scale10 > 0 && n.limbCount() <= 6; --scale10)
                n.mulSmall(10);
            nano = scale10 > 0 ? cap : n.toInt128(cap);
        } else {
            // Dividing by a huge power of ten leaves less than one nano: rounds up to 1n.
            if (scale10 < -qint64(n.limbCount() * 9 + 9)) {
                nano = 1;
            } else {
                for (; scale10 < 0; ++scale10)
                    inexact |= n.divSmall(10);
                nano = n.toInt128(cap) + (inexact ? 1 : 0);
            }
        }
        nano = std::min(nano, cap);
    }
    if (format == Format::BinarySI && nano > 0 && nano < kNanoPerUnit)
        format = Format::DecimalSI;
    q.m_nano = p.positive ? nano : -nano;
    q.m_format = format;
    return q;
}

Quantity Quantity::fromMilli(qint64 milli, Format format)
{
    Quantity q;
    q.m_nano = Nano(milli) * 1000000;
    q.m_format = format;
    return q;
}

Quantity Quantity::fromValue(qint64 value, Format format)
{
    Quantity q;
    q.m_nano = Nano(value) * kNanoPerUnit;
    q.m_format = format;
    return q;
}

qint64 Quantity::milliValue() const
{
    return scaledAwayFromZero(m_nano, 1000000);
}

qint64 Quantity::value() const
{
    return scaledAwayFromZero(m_nano, kNanoPerUnit);
}

QString Quantity::toString() const
{
    if (m_nano == 0)
        return QStringLiteral("0");
    Format format = m_format;
    if (format == Format::BinarySI) {
        const Int128 limit = 1024 * kNanoPerUnit;
        if ((m_nano > -limit && m_nano < limit) || m_nano % kNanoPerUnit != 0)
            format = Format::DecimalSI;
    }
    if (format == Format::BinarySI) {
        Int128 amount = m_nano / kNanoPerUnit;
        int exp = 0;
        while (amount % 1024 == 0 && exp < 6) {
            amount /= 1024;
            ++exp;
        }
        static const char *const suffixes[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
        return QString::fromStdString(int128ToString(amount)) + QLatin1String(suffixes[exp]);
    }
    // AsCanonicalBytes: strip factors of ten, then make the exponent a multiple of three.
    Int128 mantissa = m_nano;
    int exp = -9;
    while (mantissa % 10 == 0) {
        mantissa /= 10;
        ++exp;
    }
    switch (((exp % 3) + 3) % 3) {
    case 1:
        mantissa *= 10;
        exp -= 1;
        break;
    case 2:
        mantissa *= 100;
        exp -= 2;
        break;
    default:
        break;
    }
    const QString number = QString::fromStdString(int128ToString(mantissa));
    if (format == Format::DecimalSI && exp <= 18) {
        switch (exp) {
        case -9: return number + QLatin1Char('n');
        case -6: return number + QLatin1Char('u');
        case -3: return number + QLatin1Char('m');
        case 0: return number;
        case 3: return number + QLatin1Char('k');
        case 6: return number + QLatin1Char('M');
        case 9: return number + QLatin1Char('G');
        case 12: return number + QLatin1Char('T');
        case 15: return number + QLatin1Char('P');
        case 18: return number + QLatin1Char('E');
        default: break;
        }
    }
    return exp == 0 ? number : number + QLatin1Char('e') + QString::number(exp);
}

bool parseQuantity(const QString &text, qint64 *milliValue, QString *error)
{
    const std::optional<Quantity> q = Quantity::parse(text, error);
    if (!q)
        return false;
    if (milliValue)
        *milliValue = q->milliValue();
    return true;
}

QString formatCpuMilli(qint64 milli)
{
    return Quantity::fromMilli(milli, Quantity::Format::DecimalSI).toString();
}

QString formatMemoryBytes(qint64 bytes)
{
    return Quantity::fromValue(bytes, Quantity::Format::BinarySI).toString();
}

} // namespace rlab::api
