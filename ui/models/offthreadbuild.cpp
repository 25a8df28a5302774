#include "ui/models/offthreadbuild.h"

#include "ui/backgroundpriority.h"

#include <QMetaObject>
#include <QPointer>

#ifdef Q_OS_LINUX
#include <pthread.h>
#endif

namespace rlab::ui {

OffThreadBuild::OffThreadBuild(QObject *parent) : QObject(parent), m_worker([this] { loop(); }) {}

OffThreadBuild::~OffThreadBuild()
{
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
        m_latest = ++m_generation;   // jobs not begun are dropped, not run
    }
    m_cv.notify_all();
    m_worker.join();   // waits for a work() in progress; its finished() post dies with this
}

int OffThreadBuild::workerNice() const
{
    std::lock_guard lock(m_mutex);
    return m_niced ? m_workerNice : 0;
}

void OffThreadBuild::loop()
{
#ifdef Q_OS_LINUX
    pthread_setname_np(pthread_self(), "rlab-model-build");
#endif
    // Lowered first thing (nice +10, SCHED_IDLE), while the window is being built: never a fresh
    // thread at the GUI's priority later, in the middle of a lab's handover.
    BackgroundPriority::idleCurrentThread();
    {
        std::lock_guard lock(m_mutex);
        m_workerNice = BackgroundPriority::currentNice();
        m_niced = true;
    }
    for (;;) {
        Job job;
        bool stale = false;
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait(lock, [this] { return m_quit || !m_jobs.empty(); });
            if (m_jobs.empty())
                return;   // quit
            job = std::move(m_jobs.front());
            m_jobs.pop_front();
            stale = job.generation != m_latest;
        }
        if (!stale)
            job.work();
        job.work = nullptr;   // what it captured is freed here, not on the owner's thread
        if (stale)
            continue;
        // Queued to the owner's thread; dropped if this object is gone by then (~QObject
        // removes its posted events).
        QMetaObject::invokeMethod(this, [this, generation = job.generation] { finished(generation); }, Qt::QueuedConnection);
    }
}

void OffThreadBuild::run(std::function<void()> work, std::function<void()> done)
{
    const std::uint64_t generation = ++m_generation;
    m_running = true;
    m_done = std::move(done);
    {
        std::lock_guard lock(m_mutex);
        m_latest = generation;
        m_jobs.push_back(Job{std::move(work), generation});
    }
    m_cv.notify_all();
}

void OffThreadBuild::finished(std::uint64_t generation)
{
    if (generation != m_generation)
        return;   // superseded or cancelled
    auto deliver = [self = QPointer<OffThreadBuild>(this), generation, done = m_done] {
        if (!self || generation != self->m_generation)
            return;   // gone, superseded or cancelled while it waited
        self->m_running = false;
        ++self->m_completed;
        done();
    };
    if (m_handOver)
        m_handOver(std::move(deliver));
    else
        deliver();
}

void OffThreadBuild::cancel()
{
    {
        std::lock_guard lock(m_mutex);
        m_latest = ++m_generation;
    }
    m_running = false;
    m_done = nullptr;
}

} // namespace rlab::ui
