#include "core/controller/runtime/manager.h"

#include "core/client/sharedinformerfactory.h"

namespace rlab::controller::runtime {

Manager::Manager(client::Interface &client, client::SharedInformerFactory &cache, Clock &clock, TraceLog *trace)
    : m_client(client), m_cache(cache), m_clock(clock), m_trace(trace)
{
}

Manager::~Manager()
{
    stop();
}

Controller &Manager::add(std::unique_ptr<Controller> controller, std::shared_ptr<Reconciler> reconciler)
{
    m_reconcilers.push_back(std::move(reconciler));
    m_controllers.push_back(std::move(controller));
    return *m_controllers.back();
}

bool Manager::start(int workers)
{
    if (!m_cache.waitForCacheSync())
        return false;
    for (auto &c : m_controllers)
        c->run(workers);
    return true;
}

void Manager::stop()
{
    for (auto &c : m_controllers)
        c->shutDown(false);
}

} // namespace rlab::controller::runtime
