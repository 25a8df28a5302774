// SPDX-License-Identifier: Apache-2.0
#include "core/controller/kubelet/podipallocator.h"

#include <QStringList>

#include <optional>

namespace rlab::controller {

namespace {
std::optional<quint32> parseIPv4(const QString &text)
{
    const QStringList octets = text.split(QLatin1Char('.'));
    if (octets.size() != 4)
        return std::nullopt;
    quint32 v = 0;
    for (const QString &o : octets) {
        bool ok = false;
        const uint n = o.toUInt(&ok);
        if (!ok || n > 255)
            return std::nullopt;
        v = (v << 8) | n;
    }
    return v;
}
} // namespace

PodIpAllocator::Range PodIpAllocator::parse(const QString &podCIDR)
{
    const QStringList parts = podCIDR.split(QLatin1Char('/'));
    bool ok = false;
    const int prefix = parts.size() == 2 ? parts[1].toInt(&ok) : -1;
    const std::optional<quint32> address = parts.isEmpty() ? std::nullopt : parseIPv4(parts[0]);
    if (!ok || prefix < 8 || prefix > 30 || !address)
        return parse(QStringLiteral("10.88.0.0/16"));
    Range r;
    r.size = quint32(1) << (32 - prefix);
    r.network = *address & ~(r.size - 1);
    return r;
}

QString PodIpAllocator::format(quint32 ip)
{
    // "a.b.c.d" written digit by digit (four QString::arg calls were half of allocate()).
    char16_t text[15];
    qsizetype n = 0;
    for (int shift = 24; shift >= 0; shift -= 8) {
        const quint32 octet = (ip >> shift) & 0xff;
        if (octet >= 100)
            text[n++] = char16_t(u'0' + octet / 100);
        if (octet >= 10)
            text[n++] = char16_t(u'0' + octet / 10 % 10);
        text[n++] = char16_t(u'0' + octet % 10);
        if (shift > 0)
            text[n++] = u'.';
    }
    return QString(reinterpret_cast<const QChar *>(text), n);
}

QString PodIpAllocator::allocate(const QString &owner, const QString &podCIDR)
{
    const auto it = m_byOwner.constFind(owner);
    if (it != m_byOwner.constEnd())
        return format(*it);
    if (podCIDR != m_lastCIDR || !m_lastRange) {   // one node's CIDR, parsed once
        m_lastCIDR = podCIDR;
        m_lastRange = parse(podCIDR);
    }
    const Range r = *m_lastRange;
    const quint32 first = 2, count = r.size - 3;   // skip network, gateway and broadcast
    const quint32 start = m_last < first ? 0 : m_last - first + 1;
    for (quint32 i = 0; i < count; ++i) {
        const quint32 offset = first + (start + i) % count;
        const quint32 ip = r.network + offset;
        if (m_used.contains(ip))
            continue;
        m_used.insert(ip);
        m_byOwner.insert(owner, ip);
        m_last = offset;
        return format(ip);
    }
    return {};
}

bool PodIpAllocator::reserve(const QString &owner, const QString &ip, const QString &podCIDR)
{
    const std::optional<quint32> address = parseIPv4(ip);
    if (!address)
        return false;
    const Range r = parse(podCIDR);
    const quint32 v = *address;
    if (v < r.network || v >= r.network + r.size)
        return false;
    const auto it = m_byOwner.constFind(owner);
    if (it != m_byOwner.constEnd())
        return *it == v;
    if (m_used.contains(v))
        return false;
    m_used.insert(v);
    m_byOwner.insert(owner, v);
    return true;
}

void PodIpAllocator::release(const QString &owner)
{
    const auto it = m_byOwner.find(owner);
    if (it == m_byOwner.end())
        return;
    m_used.remove(*it);
    m_byOwner.erase(it);
}

} // namespace rlab::controller
