#include "ui/backgroundpriority.h"

#include <QtGlobal>

#include <algorithm>

#ifdef Q_OS_LINUX
#include <cerrno>
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
} // namespace
#endif

void BackgroundPriority::lowerCurrentThread()
{
#ifdef Q_OS_LINUX
    // Linux nice values are per thread (setpriority with a thread id).
    setpriority(PRIO_PROCESS, currentTid(), std::min(currentNice() + kNiceSteps, 19));
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

} // namespace rlab::ui
