#include "core/api/eventname.h"

#include "core/api/hexdigits.h"

#include <algorithm>
#include <cstring>

namespace rlab::api {

QString eventName(const QString &involvedName, quint64 suffix)
{
    // The suffix's hex digits written in place: one allocation, no number string.
    int digits = 1;
    while (digits < 16 && (suffix >> (4 * digits)) != 0)
        ++digits;
    QString name(involvedName.size() + 1 + digits, Qt::Uninitialized);
    QChar *p = std::copy(involvedName.cbegin(), involvedName.cend(), name.data());
    *p++ = u'.';
    hexdigits::putHex(p, suffix, digits);
    return name;
}

std::optional<quint64> eventNameSuffix(const QString &name, const QString &involvedName)
{
    const qsizetype p = involvedName.size(), digits = name.size() - p - 1;
    if (p == 0 || digits < 1 || digits > 16 || name[p] != u'.')
        return {};
    if (std::memcmp(name.constData(), involvedName.constData(), std::size_t(p) * sizeof(QChar)) != 0)
        return {};
    const char16_t *d = reinterpret_cast<const char16_t *>(name.constData()) + p + 1;
    if (d[0] == u'0' && digits > 1)
        return {};
    quint64 v = 0;
    for (qsizetype i = 0; i < digits; ++i) {
        const char16_t c = d[i];
        const int x = c >= u'0' && c <= u'9' ? c - u'0' : c >= u'a' && c <= u'f' ? c - u'a' + 10 : -1;
        if (x < 0)
            return {};
        v = v << 4 | quint64(x);
    }
    return v;
}

} // namespace rlab::api
