#include "ui/backgroundpriority.h"

#include <QtGlobal>

#include <algorithm>

#ifdef Q_OS_LINUX
#include <cerrno>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace rlab::ui {

#ifdef Q_OS_LINUX
namespace {
id_t currentTid()
{
    return id_t(syscall(SYS_gettid));
}

// Per thread (a thread id); SCHED_BATCH and SCHED_IDLE take no privilege and keep the nice value.
void setPolicy(int policy)
{
    const sched_param param{};
    sched_setscheduler(pid_t(currentTid()), policy, &param);
}

// Linux nice values are per thread too (setpriority with a thread id).
void lowerNice()
{
    setpriority(PRIO_PROCESS, currentTid(), std::min(BackgroundPriority::currentNice() + BackgroundPriority::kNiceSteps, 19));
}
} // namespace
#endif

void BackgroundPriority::lowerCurrentThread()
{
#ifdef Q_OS_LINUX
    lowerNice();
    setPolicy(SCHED_BATCH);
#endif
}

void BackgroundPriority::idleCurrentThread()
{
#ifdef Q_OS_LINUX
    lowerNice();
    setPolicy(SCHED_IDLE);
#endif
}

void BackgroundPriority::batchCurrentThread()
{
#ifdef Q_OS_LINUX
    setPolicy(SCHED_BATCH);
#endif
}

int BackgroundPriority::currentNice()
{
#ifdef Q_OS_LINUX
    errno = 0;
    const int nice = getpriority(PRIO_PROCESS, currentTid());
    return errno == 0 ? nice : 0;
#else
    return 0;
#endif
}

BackgroundPriority::Policy BackgroundPriority::currentPolicy()
{
#ifdef Q_OS_LINUX
    switch (sched_getscheduler(pid_t(currentTid()))) {
    case SCHED_BATCH:
        return Policy::Batch;
    case SCHED_IDLE:
        return Policy::Idle;
    default:
        return Policy::Normal;
    }
#else
    return Policy::Normal;
#endif
}

} // namespace rlab::ui
