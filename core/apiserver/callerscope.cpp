#include "core/apiserver/callerscope.h"

namespace rlab::apiserver {

namespace {
thread_local QString t_agent;
thread_local int t_worker = -1;
} // namespace

CallerScope::CallerScope(QString userAgent, int worker)
    : m_prevAgent(t_agent), m_prevWorker(t_worker)
{
    t_agent = std::move(userAgent);
    t_worker = worker;
}

CallerScope::~CallerScope()
{
    t_agent = m_prevAgent;
    t_worker = m_prevWorker;
}

QString CallerScope::userAgent() { return t_agent; }
int CallerScope::worker() { return t_worker; }

} // namespace rlab::apiserver
