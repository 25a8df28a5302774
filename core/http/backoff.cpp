// SPDX-License-Identifier: Apache-2.0
#include "core/http/backoff.h"

#include <QRandomGenerator>

#include <algorithm>

namespace rlab::http {

qint64 Backoff::next()
{
    qint64 d = m_initialMs;
    for (int i = 0; i < m_failures && d < m_maxMs; ++i)
        d *= 2;
    d = std::min(d, m_maxMs);
    ++m_failures;
    return d + qint64(QRandomGenerator::global()->bounded(double(d)));   // jitter 1.0
}

} // namespace rlab::http
