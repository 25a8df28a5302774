// SPDX-License-Identifier: Apache-2.0
#include "core/client/concurrentrequests.h"

namespace rlab::client {

namespace {
thread_local ConcurrentRequests *t_current = nullptr;
}

ConcurrentRequests::ConcurrentRequests() : m_outer(t_current)
{
    t_current = this;
}

ConcurrentRequests::~ConcurrentRequests()
{
    t_current = m_outer;
}

ConcurrentRequests *ConcurrentRequests::current()
{
    return t_current;
}

} // namespace rlab::client
