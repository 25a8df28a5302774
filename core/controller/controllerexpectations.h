// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/base/lightmutex.h"
#include <QHash>
#include <QString>

#include <mutex>
#include <optional>

namespace rlab {
class Clock;
}

namespace rlab::controller {

// One controller's outstanding creates and deletes (upstream ControlleeExpectations): the
// counters only go down once set and may go below zero; `timestamp` is when they were set.
struct ControlleeExpectations
{
    qint64 add = 0;
    qint64 del = 0;
    qint64 timestamp = 0;   // virtual ms
    bool fulfilled() const { return add <= 0 && del <= 0; }
};

// pkg/controller ControllerExpectations: what a controller waits to see in its informer before
// it acts again. syncReplicaSet creates 3 pods and calls expectCreations(key, 3); every pod
// add the informer delivers calls creationObserved(key); only at 0 does satisfiedExpectations
// let manageReplicas run again, so a stale cache never makes it create the pods twice.
//   expectCreations("default/web", 3) at t=0   -> add 3: not satisfied
//   creationObserved x3                         -> add 0: satisfied
//   expectCreations(…, 3) at t=0, nothing seen -> satisfied again at t = 5 min + 1 ms (expired)
// A key without a record is satisfied. Time is the injected Clock. Thread rules: any thread
// (one LightMutex); informer handlers lower, workers set and check.
class ControllerExpectations
{
public:
    static constexpr qint64 ExpectationsTimeout = 5 * 60 * 1000;   // ms

    explicit ControllerExpectations(Clock &clock, qint64 timeoutMs = ExpectationsTimeout);

    std::optional<ControlleeExpectations> getExpectations(const QString &controllerKey) const;
    // No record, fulfilled, or older than the timeout.
    bool satisfiedExpectations(const QString &controllerKey) const;
    void deleteExpectations(const QString &controllerKey);
    // Replaces any record with (add, del) stamped now.
    void setExpectations(const QString &controllerKey, qint64 add, qint64 del);
    void expectCreations(const QString &controllerKey, qint64 adds) { setExpectations(controllerKey, adds, 0); }
    void expectDeletions(const QString &controllerKey, qint64 dels) { setExpectations(controllerKey, 0, dels); }
    // Counter changes on an existing record; no-ops without one.
    void raiseExpectations(const QString &controllerKey, qint64 add, qint64 del);
    void lowerExpectations(const QString &controllerKey, qint64 add, qint64 del);
    void creationObserved(const QString &controllerKey) { lowerExpectations(controllerKey, 1, 0); }
    void deletionObserved(const QString &controllerKey) { lowerExpectations(controllerKey, 0, 1); }

    qint64 timeoutMs() const { return m_timeoutMs; }

private:
    Clock &m_clock;
    const qint64 m_timeoutMs;
    mutable LightMutex m_mutex;
    QHash<QString, ControlleeExpectations> m_store;
};

} // namespace rlab::controller
