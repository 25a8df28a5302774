// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/http/httpexchange.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>

namespace rlab::http {

// Where the network thread puts one HttpResponse for a caller blocked in a verb. Shared
// (std::shared_ptr) between both, so a caller that gave up leaves nothing dangling.
// Thread rules: set() from the network thread, wait() from the caller; once set, never changed.
class ReplyWaiter
{
public:
    void set(HttpResponse response)
    {
        {
            std::lock_guard lock(m_mutex);
            if (m_response)
                return;
            m_response = std::move(response);
        }
        m_cv.notify_all();
    }
    std::optional<HttpResponse> wait(std::chrono::milliseconds timeout)
    {
        std::unique_lock lock(m_mutex);
        m_cv.wait_for(lock, timeout, [this] { return m_response.has_value(); });
        return m_response;
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::optional<HttpResponse> m_response;
};

} // namespace rlab::http
