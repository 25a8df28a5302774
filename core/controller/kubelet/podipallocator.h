// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QHash>
#include <QSet>
#include <QString>

#include <optional>

namespace rlab::controller {

// The node's CNI IPAM (host-local): pod IPs from the node's podCIDR, handed out in order from
// the third address (.0 is the network, .1 the bridge gateway), skipping addresses in use and
// wrapping at the end, like host-local's "last reserved IP" scan. Example, podCIDR
// 10.244.2.0/24: allocate(a) = 10.244.2.2, allocate(b) = 10.244.2.3, release(a),
// allocate(c) = 10.244.2.4 (the scan goes on from the last one), … after .254: .2 again.
// An empty or unparsable CIDR falls back to containerd's default bridge, 10.88.0.0/16.
// Not thread-safe: its owner (PodWorker) serialises calls.
class PodIpAllocator
{
public:
    // The IP of `owner` (a pod uid): its existing one, or the next free one ("" when full).
    QString allocate(const QString &owner, const QString &podCIDR);
    // Records an IP a pod already has (adopted from its status); false if it is outside the
    // CIDR or taken by another owner.
    bool reserve(const QString &owner, const QString &ip, const QString &podCIDR);
    void release(const QString &owner);
    qsizetype inUse() const { return m_byOwner.size(); }

private:
    struct Range
    {
        quint32 network = 0;
        quint32 size = 0;
    };
    static Range parse(const QString &podCIDR);
    static QString format(quint32 ip);

    QHash<QString, quint32> m_byOwner;
    QSet<quint32> m_used;
    quint32 m_last = 0;   // last handed-out offset in the range
    QString m_lastCIDR;   // allocate()'s last podCIDR and its parse
    std::optional<Range> m_lastRange;
};

} // namespace rlab::controller
