// SPDX-License-Identifier: Apache-2.0
#include "core/http/systemclock.h"

#include <QDateTime>

namespace rlab::http {

SystemClock::SystemClock() : m_thread([this] { loop(); }) { }

SystemClock::~SystemClock()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_due.clear();
        m_fns.clear();
    }
    m_cv.notify_all();
    m_thread.join();
}

qint64 SystemClock::now() const
{
    return QDateTime::currentMSecsSinceEpoch();
}

TimerId SystemClock::schedule(qint64 atMs, std::function<void()> fn)
{
    std::lock_guard lock(m_mutex);
    const TimerId id = m_next++;
    m_due.emplace(atMs, id);
    m_fns.emplace(id, std::move(fn));
    m_cv.notify_all();
    return id;
}

bool SystemClock::cancel(TimerId id)
{
    std::lock_guard lock(m_mutex);
    return m_fns.erase(id) > 0;   // its m_due entry is skipped when it comes up
}

void SystemClock::loop()
{
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        if (m_due.empty()) {
            m_cv.wait(lock);
            continue;
        }
        const auto first = m_due.begin();
        const qint64 wait = first->first - now();
        if (wait > 0) {
            m_cv.wait_for(lock, std::chrono::milliseconds(wait));
            continue;
        }
        const TimerId id = first->second;
        m_due.erase(first);
        const auto fn = m_fns.find(id);
        if (fn == m_fns.end())
            continue;   // cancelled
        std::function<void()> call = std::move(fn->second);
        m_fns.erase(fn);
        lock.unlock();
        call();
        lock.lock();
    }
}

} // namespace rlab::http
