// SPDX-License-Identifier: Apache-2.0
#include "core/http/httpwatch.h"

namespace rlab::http {

HttpWatch::HttpWatch(std::function<void()> notify, std::function<void()> closer)
    : m_notify(std::move(notify)), m_closer(std::move(closer))
{
}

HttpWatch::~HttpWatch()
{
    stop();
}

std::vector<apiserver::ApiWatchEvent> HttpWatch::take()
{
    std::lock_guard lock(m_mutex);
    std::vector<apiserver::ApiWatchEvent> out(std::make_move_iterator(m_events.begin()), std::make_move_iterator(m_events.end()));
    m_events.clear();
    return out;
}

std::vector<apiserver::ApiWatchEvent> HttpWatch::waitTake(std::chrono::milliseconds timeout)
{
    {
        std::unique_lock lock(m_mutex);
        m_cv.wait_for(lock, timeout, [this] { return !m_events.empty() || m_finished || m_stopped; });
    }
    return take();
}

void HttpWatch::stop()
{
    std::function<void()> closer;
    {
        std::lock_guard lock(m_mutex);
        if (m_stopped)
            return;
        m_stopped = true;
        closer.swap(m_closer);
    }
    m_cv.notify_all();
    if (closer)
        closer();
}

bool HttpWatch::isStopped() const
{
    std::lock_guard lock(m_mutex);
    return m_stopped || (m_finished && m_events.empty());
}

void HttpWatch::push(std::vector<apiserver::ApiWatchEvent> events)
{
    if (events.empty())
        return;
    {
        std::lock_guard lock(m_mutex);
        if (m_stopped)
            return;
        for (auto &e : events)
            m_events.push_back(std::move(e));
    }
    m_cv.notify_all();
    if (m_notify)
        m_notify();
}

void HttpWatch::finish()
{
    {
        std::lock_guard lock(m_mutex);
        if (m_finished)
            return;
        m_finished = true;
    }
    m_cv.notify_all();
    if (m_notify)
        m_notify();
}

} // namespace rlab::http
