#include "core/api/namematch.h"

namespace rlab::api::namematch {

namespace {

bool lowerAlnum(char16_t c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9');
}

bool alnum(char16_t c)
{
    return lowerAlnum(c) || (c >= u'A' && c <= u'Z');
}

} // namespace

bool dns1123Label(QStringView value)
{
    if (value.isEmpty() || !lowerAlnum(value.front().unicode()) || !lowerAlnum(value.back().unicode()))
        return false;
    for (const QChar c : value)
        if (!lowerAlnum(c.unicode()) && c.unicode() != u'-')
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
    for (const QChar c : value) {
        const char16_t u = c.unicode();
        if (!alnum(u) && u != u'-' && u != u'_' && u != u'.')
            return false;
    }
    return true;
}

bool labelValue(QStringView value)
{
    return value.isEmpty() || labelKeyName(value);
}

qsizetype utf8Length(QStringView value)
{
    // ASCII (every name the lab makes) is one byte a character; anything else is counted by
    // Qt's own encoder, whose handling of lone surrogates differs between Qt versions.
    for (const QChar c : value)
        if (c.unicode() >= 0x80)
            return value.toUtf8().size();
    return value.size();
}

} // namespace rlab::api::namematch
