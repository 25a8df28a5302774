// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/apiserver/watchinterface.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>

namespace rlab::http {

// The consumer's side of a watch over HTTP (apiserver::WatchInterface): a queue the network
// thread's WatchConnection fills and a Reflector drains. `notify` runs (on the network thread)
// whenever events arrive or the watch ends; stop() asks the connection to close (through
// `closer`, which must tolerate a client that is gone). Thread rules: take/waitTake/stop/
// isStopped from any thread (one consumer); push/finish from the network thread.
class HttpWatch : public apiserver::WatchInterface
{
public:
    HttpWatch(std::function<void()> notify, std::function<void()> closer);
    ~HttpWatch() override;

    std::vector<apiserver::ApiWatchEvent> take() override;
    std::vector<apiserver::ApiWatchEvent> waitTake(std::chrono::milliseconds timeout) override;
    void stop() override;
    bool isStopped() const override;

    void push(std::vector<apiserver::ApiWatchEvent> events);
    // No more events: what is queued can still be taken; isStopped() once it has been.
    void finish();

private:
    const std::function<void()> m_notify;
    std::function<void()> m_closer;
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<apiserver::ApiWatchEvent> m_events;
    bool m_finished = false;
    bool m_stopped = false;
};

} // namespace rlab::http
