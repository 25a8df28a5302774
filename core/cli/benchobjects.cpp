#include "core/cli/benchobjects.h"

#include <malloc.h>
#include <sys/resource.h>
#include <time.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#include <cstddef>
// From <sanitizer/allocator_interface.h>, which Debian's GCC does not ship.
extern "C" size_t __sanitizer_get_current_allocated_bytes();
#define RLAB_SANITIZER_ALLOCATOR 1
#endif

// mimalloc (linked into the rlab and reconcile-lab executables when available, see
// app/CMakeLists.txt) replaces malloc, so glibc's mallinfo2 sees almost nothing: ask mimalloc,
// when it is there (weak: null in binaries without it, such as the tests).
extern "C" void mi_process_info(size_t *elapsed_msecs, size_t *user_msecs, size_t *system_msecs, size_t *current_rss,
                                size_t *peak_rss, size_t *current_commit, size_t *peak_commit, size_t *page_faults)
    __attribute__((weak));

namespace rlab::cli::benchobjects {

std::shared_ptr<api::Deployment> deployment(const QString &name, int replicas)
{
    auto d = std::make_shared<api::Deployment>();
    d->metadata.name = name;
    d->metadata.namespace_ = QStringLiteral("default");
    d->metadata.labels.insert(QStringLiteral("app"), name);
    d->spec.replicas = replicas;
    api::LabelSelector s;
    s.matchLabels.insert(QStringLiteral("app"), name);
    d->spec.selector = s;
    d->spec.template_.metadata.labels.insert(QStringLiteral("app"), name);
    api::Container c;
    c.name = QStringLiteral("app");
    c.image = QStringLiteral("nginx:1.25");
    c.resources.requests = {{QStringLiteral("cpu"), QStringLiteral("10m")}, {QStringLiteral("memory"), QStringLiteral("16Mi")}};
    d->spec.template_.spec.containers = {c};
    return d;
}

QString nameOf(int i)
{
    return QStringLiteral("bench-%1").arg(i);
}

double processCpuS()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

double processKernelS()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return double(ru.ru_stime.tv_sec) + double(ru.ru_stime.tv_usec) / 1e6;
}

qint64 heapInUse()
{
#ifdef RLAB_SANITIZER_ALLOCATOR
    // ASan and TSan replace malloc: glibc's mallinfo2 then reports nothing, their allocator does.
    return qint64(__sanitizer_get_current_allocated_bytes());
#else
    if (mi_process_info) {
        // mimalloc's committed heap: what it holds from the system for the program's blocks.
        size_t elapsed = 0, user = 0, sys = 0, rss = 0, peakRss = 0, commit = 0, peakCommit = 0, faults = 0;
        mi_process_info(&elapsed, &user, &sys, &rss, &peakRss, &commit, &peakCommit, &faults);
        return qint64(commit);
    }
    const struct mallinfo2 mi = mallinfo2();
    return qint64(mi.uordblks) + qint64(mi.hblkhd);
#endif
}

} // namespace rlab::cli::benchobjects
