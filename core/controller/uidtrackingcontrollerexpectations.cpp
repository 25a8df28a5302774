// SPDX-License-Identifier: Apache-2.0
#include "core/controller/uidtrackingcontrollerexpectations.h"

namespace rlab::controller {

UIDTrackingControllerExpectations::UIDTrackingControllerExpectations(Clock &clock, qint64 timeoutMs)
    : m_expectations(clock, timeoutMs)
{
}

std::optional<QSet<QString>> UIDTrackingControllerExpectations::getUIDs(const QString &controllerKey) const
{
    std::lock_guard lock(m_uidMutex);
    const auto it = m_uids.constFind(controllerKey);
    if (it == m_uids.cend())
        return std::nullopt;
    return *it;
}

void UIDTrackingControllerExpectations::expectDeletions(const QString &controllerKey, const QStringList &deletedKeys)
{
    std::lock_guard lock(m_uidMutex);
    const QSet<QString> expected(deletedKeys.cbegin(), deletedKeys.cend());
    m_uids.insert(controllerKey, expected);
    m_expectations.expectDeletions(controllerKey, expected.size());
}

void UIDTrackingControllerExpectations::deletionObserved(const QString &controllerKey, const QString &deleteKey)
{
    std::lock_guard lock(m_uidMutex);
    const auto it = m_uids.find(controllerKey);
    if (it == m_uids.end() || !it->contains(deleteKey))
        return;
    m_expectations.deletionObserved(controllerKey);
    it->remove(deleteKey);
}

void UIDTrackingControllerExpectations::deleteExpectations(const QString &controllerKey)
{
    std::lock_guard lock(m_uidMutex);
    m_expectations.deleteExpectations(controllerKey);
    m_uids.remove(controllerKey);
}

} // namespace rlab::controller
