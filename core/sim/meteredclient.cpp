#include "core/sim/meteredclient.h"

#include "core/base/clock.h"
#include "core/base/clocksleeper.h"
#include "core/client/concurrentrequests.h"
#include "core/sim/virtualworker.h"


namespace rlab {

MeteredClient::MeteredClient(client::Interface &inner, Role role) : m_inner(inner), m_role(role) { }

void MeteredClient::setModel(const LatencyModel &model)
{
    std::lock_guard lock(m_mutex);
    m_model = model;
    switch (m_role) {
    case Role::Controller: m_bucket.reset(model.controllerQps, model.controllerBurst); break;
    case Role::Scheduler: m_bucket.reset(model.schedulerQps, model.schedulerBurst); break;
    case Role::Kubelet: m_bucket.reset(model.kubeletQps, model.kubeletBurst); break;
    }
    m_bucket.lastMs = m_inner.clock().now();
}

LatencyModel MeteredClient::model() const
{
    std::lock_guard lock(m_mutex);
    return m_model;
}

qint64 MeteredClient::requests() const
{
    std::lock_guard lock(m_mutex);
    return m_requests;
}

void MeteredClient::setSleeper(ClockSleeper *sleeper, std::thread::id owner)
{
    std::lock_guard lock(m_mutex);
    m_sleeper = sleeper;
    m_owner = owner;
}

void MeteredClient::charge(Cost cost) const
{
    VirtualWorker *worker = VirtualWorker::current();
    ClockSleeper *sleeper = nullptr;
    qint64 at = 0;
    {
        std::lock_guard lock(m_mutex);
        ++m_requests;
        if (!worker && m_sleeper && std::this_thread::get_id() != m_owner)
            sleeper = m_sleeper;
        if (!worker && !sleeper)
            return;
        const qint64 now = m_inner.clock().now();
        // Requests issued together (slowStartBatch's goroutines) all count from the first.
        qint64 issued = now;
        if (client::ConcurrentRequests *together = client::ConcurrentRequests::current()) {
            if (!together->issuedAtMs)
                together->issuedAtMs = now;
            issued = *together->issuedAtMs;
        }
        at = m_bucket.reserve(issued)
           + (cost == Cost::Read ? m_model.getMs : cost == Cost::List ? m_model.listMs : m_model.writeMs);
        if (at <= now)
            return;
    }
    if (worker)
        worker->park(at);
    else
        sleeper->sleepUntil(at);   // interrupted (stopThreaded): the request goes through now
}

client::Interface::Result<api::ObjectPtr> MeteredClient::create(const ResourceType &rt, const QString &ns,
                                                                MutableObjectPtr obj, const WriteOptions &opts)
{
    charge(Cost::Write);
    return m_inner.create(rt, ns, std::move(obj), opts);
}

client::Interface::Result<api::ObjectPtr> MeteredClient::create(MutableObjectPtr obj, const WriteOptions &opts)
{
    charge(Cost::Write);
    return m_inner.create(std::move(obj), opts);
}

client::Interface::Result<api::ObjectPtr> MeteredClient::get(const ResourceType &rt, const QString &ns,
                                                             const QString &name) const
{
    charge(Cost::Read);
    return m_inner.get(rt, ns, name);
}

client::Interface::Result<apiserver::ObjectList> MeteredClient::list(const ResourceType &rt, const QString &ns,
                                                                     const ListOptions &opts) const
{
    charge(Cost::List);
    return m_inner.list(rt, ns, opts);
}

client::Interface::Result<std::shared_ptr<apiserver::WatchInterface>>
MeteredClient::watch(const ResourceType &rt, const QString &ns, const ListOptions &opts, std::function<void()> notify)
{
    return m_inner.watch(rt, ns, opts, std::move(notify));   // long-running: its events pay delivery
}

client::Interface::Result<api::ObjectPtr> MeteredClient::update(const ResourceType &rt, const QString &ns,
                                                                MutableObjectPtr obj, const WriteOptions &opts)
{
    charge(Cost::Write);
    return m_inner.update(rt, ns, std::move(obj), opts);
}

client::Interface::Result<api::ObjectPtr> MeteredClient::update(MutableObjectPtr obj, const WriteOptions &opts)
{
    charge(Cost::Write);
    return m_inner.update(std::move(obj), opts);
}

client::Interface::Result<api::ObjectPtr> MeteredClient::updateStatus(MutableObjectPtr obj)
{
    charge(Cost::Write);
    return m_inner.updateStatus(std::move(obj));
}

client::Interface::Result<api::ObjectPtr> MeteredClient::patch(const ResourceType &rt, const QString &ns,
                                                               const QString &name, PatchType type,
                                                               const QByteArray &body, const WriteOptions &opts)
{
    charge(Cost::Write);
    return m_inner.patch(rt, ns, name, type, body, opts);
}

client::Interface::Result<api::ObjectPtr> MeteredClient::remove(const ResourceType &rt, const QString &ns,
                                                                const QString &name, const DeleteOptions &opts)
{
    charge(Cost::Write);
    return m_inner.remove(rt, ns, name, opts);
}

client::Interface::Result<QJsonObject> MeteredClient::getScale(const ResourceType &rt, const QString &ns,
                                                               const QString &name) const
{
    charge(Cost::Read);
    return m_inner.getScale(rt, ns, name);
}

client::Interface::Result<QJsonObject> MeteredClient::updateScale(const ResourceType &rt, const QString &ns,
                                                                  const QString &name, const QJsonObject &scale,
                                                                  const WriteOptions &opts)
{
    charge(Cost::Write);
    return m_inner.updateScale(rt, ns, name, scale, opts);
}

client::Interface::Result<QJsonObject> MeteredClient::patchScale(const ResourceType &rt, const QString &ns,
                                                                 const QString &name, PatchType type,
                                                                 const QByteArray &body, const WriteOptions &opts)
{
    charge(Cost::Write);
    return m_inner.patchScale(rt, ns, name, type, body, opts);
}

client::Interface::Result<api::ObjectPtr> MeteredClient::bind(const QString &ns, const QString &podName,
                                                              const QString &nodeName)
{
    charge(Cost::Write);
    return m_inner.bind(ns, podName, nodeName);
}

Clock &MeteredClient::clock()
{
    return m_inner.clock();
}

TraceLog *MeteredClient::trace() const
{
    return m_inner.trace();
}

} // namespace rlab
