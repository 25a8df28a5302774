// SPDX-License-Identifier: Apache-2.0
#include "core/http/resourceversions.h"

#include <algorithm>

namespace rlab::http {

namespace {
// "17" → 17; "017", "+17", "1e3", " 17", "abc:17" and numbers from SyntheticBase up → nullopt.
std::optional<qint64> canonicalDecimal(const QString &s)
{
    bool ok = false;
    const qint64 n = s.toLongLong(&ok);
    if (!ok || n < 0 || n >= ResourceVersions::SyntheticBase || QString::number(n) != s)
        return std::nullopt;
    return n;
}
} // namespace

ResourceVersions::ResourceVersions(qsizetype capacity) : m_capacity(std::max<qsizetype>(capacity, 1)) {}

qint64 ResourceVersions::toLocal(const QString &serverRv)
{
    if (serverRv.isEmpty())
        return 0;
    if (const std::optional<qint64> n = canonicalDecimal(serverRv))
        return *n;
    std::lock_guard lock(m_mutex);
    if (const auto it = m_byString.constFind(serverRv); it != m_byString.constEnd())
        return *it;
    const qint64 n = m_next++;
    m_byString.insert(serverRv, n);
    m_byNumber.insert(n, serverRv);
    while (m_byNumber.size() > m_capacity) {   // forget the first arrived
        m_byString.remove(m_byNumber.take(m_oldest));
        ++m_oldest;
    }
    return n;
}

std::optional<QString> ResourceVersions::toServer(const QString &localRv) const
{
    bool ok = false;
    const qint64 n = localRv.toLongLong(&ok);
    if (!ok || n < SyntheticBase || QString::number(n) != localRv)
        return localRv;
    std::lock_guard lock(m_mutex);
    if (const auto it = m_byNumber.constFind(n); it != m_byNumber.constEnd())
        return *it;
    return std::nullopt;
}

qsizetype ResourceVersions::size() const
{
    std::lock_guard lock(m_mutex);
    return m_byNumber.size();
}

} // namespace rlab::http
