#include "ui/clustersessionrunner.h"

#include "ui/backgroundpriority.h"

#include <utility>

namespace rlab::ui {

ClusterSessionRunner::ClusterSessionRunner() : m_thread([this] { loop(); }) { }

ClusterSessionRunner::~ClusterSessionRunner()
{
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
    }
    m_cv.notify_all();
    m_thread.join();   // the loop finishes a job in flight before it looks at m_quit
}

bool ClusterSessionRunner::submit(Job job)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_pending)
            return false;
        m_pending = true;
        m_done.reset();
        m_job = std::move(job);
    }
    m_cv.notify_all();
    return true;
}

bool ClusterSessionRunner::hasJob() const
{
    std::lock_guard lock(m_mutex);
    return m_pending;
}

std::optional<ClusterSessionRunner::Outcome> ClusterSessionRunner::take()
{
    std::lock_guard lock(m_mutex);
    if (!m_pending || !m_done)
        return std::nullopt;
    m_pending = false;
    return std::exchange(m_done, std::nullopt);
}

std::optional<ClusterSessionRunner::Outcome> ClusterSessionRunner::wait()
{
    std::unique_lock lock(m_mutex);
    if (!m_pending)
        return std::nullopt;
    m_cv.wait(lock, [this] { return m_done.has_value(); });
    m_pending = false;
    return std::exchange(m_done, std::nullopt);
}

qint64 ClusterSessionRunner::jobsRun() const
{
    std::lock_guard lock(m_mutex);
    return m_jobsRun;
}

void ClusterSessionRunner::loop()
{
    // The GUI thread wakes this one every frame: a wakeup that preempted it on its own core
    // while the other was idle held a frame 4-5 ms (BackgroundPriority). Its share is unchanged.
    BackgroundPriority::batchCurrentThread();
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_cv.wait(lock, [this] { return m_quit || m_job; });
        if (!m_job)
            return;   // quit with nothing left to run
        Job job = std::exchange(m_job, nullptr);
        lock.unlock();
        Outcome outcome = job();
        outcome.thread = std::this_thread::get_id();
        lock.lock();
        m_done = outcome;
        ++m_jobsRun;
        m_cv.notify_all();
    }
}

} // namespace rlab::ui
