#pragma once
#include "core/controller/controller.h"
#include "core/controller/runtime/reconciler.h"

#include <memory>
#include <vector>

namespace rlab {
class Clock;
class TraceLog;
namespace client {
class Interface;
}
namespace client {
class SharedInformerFactory;
}
} // namespace rlab

namespace rlab::controller::runtime {

// controller-runtime's Manager: owns the controllers built with Builder, shares one informer
// cache (the SharedInformerFactory) and one client (the ApiServer) between them, and starts
// them after the caches have synced (start()). In the deterministic mode the runner drives
// their processNextWorkItem instead (controllers()). Thread rules: build and start on one thread.
class Manager
{
public:
    Manager(client::Interface &client, client::SharedInformerFactory &cache, Clock &clock, TraceLog *trace);
    ~Manager();

    client::Interface &client() { return m_client; }
    client::SharedInformerFactory &cache() { return m_cache; }
    Clock &clock() { return m_clock; }
    TraceLog *trace() { return m_trace; }

    Controller &add(std::unique_ptr<Controller> controller, std::shared_ptr<Reconciler> reconciler);
    const std::vector<std::unique_ptr<Controller>> &controllers() const { return m_controllers; }
    // Threaded: waits for the caches, then runs `workers` worker threads per controller.
    bool start(int workers = 1);
    void stop();

private:
    client::Interface &m_client;
    client::SharedInformerFactory &m_cache;
    Clock &m_clock;
    TraceLog *m_trace;
    std::vector<std::unique_ptr<Controller>> m_controllers;
    std::vector<std::shared_ptr<Reconciler>> m_reconcilers;
};

} // namespace rlab::controller::runtime
