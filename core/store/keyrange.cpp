#include "core/store/keyrange.h"

namespace rlab::store {

namespace {
const QByteArray &noEnd()
{
    static const QByteArray zero(1, '\0');
    return zero;
}
} // namespace

QByteArray prefixEnd(const QByteArray &prefix)
{
    QByteArray end = prefix;
    for (qsizetype i = end.size() - 1; i >= 0; --i) {
        if (static_cast<uchar>(end.at(i)) < 0xff) {
            end[i] = static_cast<char>(static_cast<uchar>(end.at(i)) + 1);
            end.truncate(i + 1);
            return end;
        }
    }
    return noEnd();
}

KeyRange KeyRange::prefix(const QByteArray &prefix)
{
    return {prefix, prefixEnd(prefix)};
}

KeyRange KeyRange::fromKey(const QByteArray &key)
{
    return {key, noEnd()};
}

bool KeyRange::isPrefix() const
{
    return !end.isEmpty() && end == prefixEnd(key);
}

bool KeyRange::contains(const QByteArray &k) const
{
    if (end.isEmpty())
        return k == key;
    if (k < key)
        return false;
    return end == noEnd() || k < end;
}

} // namespace rlab::store
