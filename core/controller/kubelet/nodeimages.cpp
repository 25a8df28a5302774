// SPDX-License-Identifier: Apache-2.0
#include "core/controller/kubelet/nodeimages.h"

#include <algorithm>

namespace rlab::controller {

bool NodeImages::isPresent(const QString &image, qint64 atMs) const
{
    const auto it = m_pulls.constFind(image);
    return it != m_pulls.constEnd() && it->doneAt <= atMs;
}

NodeImages::Pull NodeImages::requestPull(const QString &image, qint64 atMs, qint64 pullDelayMs, bool fails)
{
    if (!fails) {
        const auto it = m_pulls.constFind(image);
        if (it != m_pulls.constEnd() && it->doneAt > atMs)
            return Pull{it->doneAt, it->doneAt};   // join the pull in flight
    }
    Pull p;
    p.startedAt = std::max(atMs, m_pullerFreeAt);
    p.doneAt = p.startedAt + pullDelayMs;
    m_pullerFreeAt = p.doneAt;
    if (!fails)
        m_pulls.insert(image, p);
    return p;
}

void NodeImages::markPresent(const QString &image, qint64 atMs)
{
    const auto it = m_pulls.constFind(image);
    if (it == m_pulls.constEnd() || it->doneAt > atMs)
        m_pulls.insert(image, Pull{atMs, atMs});
}

void NodeImages::shift(qint64 deltaMs, qint64 fromMs)
{
    for (Pull &p : m_pulls) {
        if (p.doneAt > fromMs) {
            p.doneAt += deltaMs;
            if (p.startedAt > fromMs)
                p.startedAt += deltaMs;
        }
    }
    if (m_pullerFreeAt > fromMs)
        m_pullerFreeAt += deltaMs;
}

} // namespace rlab::controller
