// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/base/lightmutex.h"
#include "core/controller/controllerexpectations.h"

#include <QSet>
#include <QStringList>

namespace rlab::controller {

// pkg/controller UIDTrackingControllerExpectations: ControllerExpectations that also remember
// WHICH pods ("namespace/name") a controller expects to see deleted. A graceful deletion
// reaches the informer twice (an update that sets deletionTimestamp, later the delete); with
// the set, deletionObserved counts each pod once:
//   expectDeletions("default/web", {"default/web-a", "default/web-b"})  -> del 2
//   deletionObserved(…, "default/web-a")   (update with deletionTimestamp) -> del 1
//   deletionObserved(…, "default/web-a")   (the delete event)              -> still 1
//   deletionObserved(…, "default/web-b")                                   -> del 0: satisfied
// Thread rules: any thread (one LightMutex around the key sets, then the inner store's lock).
class UIDTrackingControllerExpectations
{
public:
    explicit UIDTrackingControllerExpectations(Clock &clock, qint64 timeoutMs = ControllerExpectations::ExpectationsTimeout);

    // The pod keys still expected to be deleted; nullopt when none were ever set for the key.
    std::optional<QSet<QString>> getUIDs(const QString &controllerKey) const;
    // Replaces the expected set (a non-empty previous set is clobbered, as upstream logs) and
    // expects len(set) deletions.
    void expectDeletions(const QString &controllerKey, const QStringList &deletedKeys);
    // Counts deleteKey once, only if it is expected.
    void deletionObserved(const QString &controllerKey, const QString &deleteKey);
    // Forgets both the counters and the set (the controller was deleted).
    void deleteExpectations(const QString &controllerKey);

    // The plain ControllerExpectations calls.
    std::optional<ControlleeExpectations> getExpectations(const QString &controllerKey) const
    {
        return m_expectations.getExpectations(controllerKey);
    }
    bool satisfiedExpectations(const QString &controllerKey) const { return m_expectations.satisfiedExpectations(controllerKey); }
    void setExpectations(const QString &controllerKey, qint64 add, qint64 del) { m_expectations.setExpectations(controllerKey, add, del); }
    void expectCreations(const QString &controllerKey, qint64 adds) { m_expectations.expectCreations(controllerKey, adds); }
    void creationObserved(const QString &controllerKey) { m_expectations.creationObserved(controllerKey); }
    void raiseExpectations(const QString &controllerKey, qint64 add, qint64 del) { m_expectations.raiseExpectations(controllerKey, add, del); }
    void lowerExpectations(const QString &controllerKey, qint64 add, qint64 del) { m_expectations.lowerExpectations(controllerKey, add, del); }

    ControllerExpectations &inner() { return m_expectations; }

private:
    ControllerExpectations m_expectations;
    mutable LightMutex m_uidMutex;
    QHash<QString, QSet<QString>> m_uids;
};

} // namespace rlab::controller
