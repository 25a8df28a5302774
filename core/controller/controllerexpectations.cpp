// SPDX-License-Identifier: Apache-2.0
#include "core/controller/controllerexpectations.h"

#include "core/base/clock.h"

namespace rlab::controller {

ControllerExpectations::ControllerExpectations(Clock &clock, qint64 timeoutMs)
    : m_clock(clock), m_timeoutMs(timeoutMs)
{
}

std::optional<ControlleeExpectations> ControllerExpectations::getExpectations(const QString &controllerKey) const
{
    std::lock_guard lock(m_mutex);
    const auto it = m_store.constFind(controllerKey);
    if (it == m_store.cend())
        return std::nullopt;
    return *it;
}

bool ControllerExpectations::satisfiedExpectations(const QString &controllerKey) const
{
    const std::optional<ControlleeExpectations> exp = getExpectations(controllerKey);
    if (!exp)
        return true;   // never set (a new controller), or deleted
    if (exp->fulfilled())
        return true;
    // Expired: a watch event was lost; wake up rather than sleep forever.
    return m_clock.now() - exp->timestamp > m_timeoutMs;
}

void ControllerExpectations::deleteExpectations(const QString &controllerKey)
{
    std::lock_guard lock(m_mutex);
    m_store.remove(controllerKey);
}

void ControllerExpectations::setExpectations(const QString &controllerKey, qint64 add, qint64 del)
{
    const qint64 now = m_clock.now();
    std::lock_guard lock(m_mutex);
    m_store.insert(controllerKey, ControlleeExpectations{add, del, now});
}

void ControllerExpectations::raiseExpectations(const QString &controllerKey, qint64 add, qint64 del)
{
    std::lock_guard lock(m_mutex);
    const auto it = m_store.find(controllerKey);
    if (it == m_store.end())
        return;
    it->add += add;
    it->del += del;
}

void ControllerExpectations::lowerExpectations(const QString &controllerKey, qint64 add, qint64 del)
{
    raiseExpectations(controllerKey, -add, -del);
}

} // namespace rlab::controller
