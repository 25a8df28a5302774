#include "core/api/namematch.h"

#include <array>

namespace rlab::api::namematch {

namespace {

// Character classes of ASCII, one table lookup a character (names and labels are validated for
// every object written: a pod's labels ~135 instructions each with chained comparisons).
enum : quint8 { kLower = 1, kDigit = 2, kUpper = 4, kDash = 8, kUnderscore = 16, kDot = 32 };
constexpr std::array<quint8, 128> kClass = [] {
    std::array<quint8, 128> t{};
    for (int c = 'a'; c <= 'z'; ++c)
        t[std::size_t(c)] = kLower;
    for (int c = '0'; c <= '9'; ++c)
        t[std::size_t(c)] = kDigit;
    for (int c = 'A'; c <= 'Z'; ++c)
        t[std::size_t(c)] = kUpper;
    t['-'] = kDash;
    t['_'] = kUnderscore;
    t['.'] = kDot;
    return t;
}();

bool is(char16_t c, quint8 classes)
{
    return c < 128 && (kClass[c] & classes) != 0;
}

bool lowerAlnum(char16_t c)
{
    return is(c, kLower | kDigit);
}

bool alnum(char16_t c)
{
    return is(c, kLower | kDigit | kUpper);
}

} // namespace

bool dns1123Label(QStringView value)
{
    if (value.isEmpty() || !lowerAlnum(value.front().unicode()) || !lowerAlnum(value.back().unicode()))
        return false;
    for (const QChar c : value)
        if (!is(c.unicode(), kLower | kDigit | kDash))
            return false;
    return true;
}

bool dns1123Subdomain(QStringView value)
{
    qsizetype start = 0;
    while (true) {
        const qsizetype dot = value.indexOf(u'.', start);
        if (!dns1123Label(value.mid(start, dot < 0 ? -1 : dot - start)))
            return false;
        if (dot < 0)
            return true;
        start = dot + 1;
    }
}

bool labelKeyName(QStringView value)
{
    if (value.isEmpty() || !alnum(value.front().unicode()) || !alnum(value.back().unicode()))
        return false;
    for (const QChar c : value)
        if (!is(c.unicode(), kLower | kDigit | kUpper | kDash | kUnderscore | kDot))
            return false;
    return true;
}

bool labelValue(QStringView value)
{
    return value.isEmpty() || labelKeyName(value);
}

qsizetype utf8Length(QStringView value)
{
    // ASCII (every name the lab makes) is one byte a character; anything else is counted by
    // Qt's own encoder, whose handling of lone surrogates differs between Qt versions. The test
    // is one OR over the characters, a loop the compiler vectorises.
    const char16_t *u = value.utf16();
    char16_t any = 0;
    for (qsizetype i = 0; i < value.size(); ++i)
        any |= u[i];
    return any < 0x80 ? value.size() : value.toUtf8().size();
}

} // namespace rlab::api::namematch
