// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QtGlobal>

namespace rlab::http {

// client-go's wait.Backoff as the Reflector uses it: initial, doubling, capped, with jitter 1.0
// (each delay is d..2d). next() gives the delay before the next attempt and advances; reset()
// after a success. A plain value; one owner, no locking.
class Backoff
{
public:
    Backoff(qint64 initialMs = 800, qint64 maxMs = 30'000) : m_initialMs(initialMs), m_maxMs(maxMs) { }
    qint64 next();
    void reset() { m_failures = 0; }
    int failures() const { return m_failures; }

private:
    qint64 m_initialMs, m_maxMs;
    int m_failures = 0;
};

} // namespace rlab::http
