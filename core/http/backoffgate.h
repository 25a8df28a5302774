// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/apiserver/apierror.h"
#include "core/http/backoff.h"

#include <QElapsedTimer>
#include <QHash>
#include <QString>

#include <mutex>
#include <optional>

namespace rlab::http {

// Keeps a Reflector from hammering a failing server: after a list or watch of one key
// (verb, resource, namespace, selectors) failed, the same call is refused with the same error
// until its backoff delay has passed (800 ms doubling to 30 s with jitter); a success clears
// the key. 410 Expired is not a failure (the Reflector relists at once). Thread rules: any
// thread (one std::mutex).
class BackoffGate
{
public:
    BackoffGate(qint64 initialMs, qint64 maxMs) : m_initialMs(initialMs), m_maxMs(maxMs) { m_clock.start(); }

    // The error to refuse with while backing off, nullopt when the call may go out.
    std::optional<apiserver::ApiError> check(const QString &key);
    void record(const QString &key, const std::optional<apiserver::ApiError> &error);

private:
    struct State
    {
        Backoff backoff;
        qint64 notBeforeMs = 0;
        apiserver::ApiError error;
    };
    std::mutex m_mutex;
    QHash<QString, State> m_states;
    QElapsedTimer m_clock;
    qint64 m_initialMs, m_maxMs;
};

} // namespace rlab::http
