#include "core/sim/virtualworker.h"

namespace rlab {

namespace {
thread_local VirtualWorker *t_current = nullptr;
}

VirtualWorker::VirtualWorker(QString name) : m_name(std::move(name))
{
    m_thread = std::thread([this] { loop(); });
}

VirtualWorker::~VirtualWorker()
{
    if (m_state == State::Parked)
        finishNow();
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
        m_workerTurn = true;
    }
    m_cond.notify_all();
    m_thread.join();
}

VirtualWorker *VirtualWorker::current()
{
    return t_current;
}

VirtualWorker::State VirtualWorker::handOver()
{
    std::unique_lock lock(m_mutex);
    m_workerTurn = true;
    m_cond.notify_all();
    m_cond.wait(lock, [this] { return !m_workerTurn; });
    return m_state;
}

VirtualWorker::State VirtualWorker::start(std::function<void()> job)
{
    m_job = std::move(job);
    m_state = State::Idle;
    return handOver();
}

VirtualWorker::State VirtualWorker::resume()
{
    return m_state == State::Parked ? handOver() : m_state;
}

void VirtualWorker::finishNow()
{
    if (m_state != State::Parked)
        return;
    m_noPark = true;
    handOver();
    m_noPark = false;
}

void VirtualWorker::park(qint64 at)
{
    if (m_noPark)
        return;
    std::unique_lock lock(m_mutex);
    m_state = State::Parked;
    m_until = at;
    m_workerTurn = false;
    m_cond.notify_all();
    m_cond.wait(lock, [this] { return m_workerTurn; });
    m_state = State::Idle;
}

void VirtualWorker::loop()
{
    t_current = this;
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_cond.wait(lock, [this] { return m_workerTurn; });
        if (m_quit)
            return;
        std::function<void()> job = std::exchange(m_job, {});
        lock.unlock();
        if (job)
            job();
        lock.lock();
        m_state = State::Finished;
        m_workerTurn = false;
        m_cond.notify_all();
    }
}

} // namespace rlab
