// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/http/transportcontext.h"

#include <QThread>

#include <functional>
#include <memory>
#include <mutex>

namespace rlab::http {

class Transport;

// The dedicated QThread a RestClient's Transport lives on, and the one way to reach it: post()
// queues a function to run there, and is a no-op once the thread is shut down (watches held by
// informers may outlive their client; their stop() then does nothing). Thread rules: construct
// and destroy on one thread; post() and isNetworkThread() from any thread.
class NetworkThread
{
public:
    explicit NetworkThread(TransportContext ctx);
    ~NetworkThread();   // closes everything on the thread, then joins it

    // Runs fn(transport) on the network thread, later. False when shut down.
    bool post(std::function<void(Transport &)> fn);
    // A post() that stays safe after this NetworkThread is gone.
    std::function<bool(std::function<void(Transport &)>)> poster() const;
    bool isNetworkThread() const { return QThread::currentThread() == &m_thread; }

private:
    struct Handle
    {
        std::mutex mutex;
        Transport *transport = nullptr;   // guarded by mutex; null once shut down
    };
    static bool postVia(const std::shared_ptr<Handle> &h, std::function<void(Transport &)> fn);

    QThread m_thread;
    std::shared_ptr<Handle> m_handle;
};

} // namespace rlab::http
