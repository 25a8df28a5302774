// SPDX-License-Identifier: Apache-2.0
#include "core/client/sharedinformerfactory.h"

#include "core/client/interface.h"

#include <algorithm>
#include <array>

namespace rlab::client {

SharedInformerFactory::SharedInformerFactory(Interface &api, qint64 defaultResyncMs, ReflectorOptions options)
    : m_api(api), m_defaultResyncMs(defaultResyncMs), m_options(std::move(options))
{
}

SharedInformerFactory::~SharedInformerFactory()
{
    shutdown();
}

SharedIndexInformer &SharedInformerFactory::informerFor(const apiserver::ResourceType &resource)
{
    std::lock_guard lock(m_mutex);
    const QString name = resource.qualified();
    for (const std::unique_ptr<SharedIndexInformer> &i : m_informers) {
        if (i->resource().qualified() == name)
            return *i;
    }
    m_informers.push_back(std::make_unique<SharedIndexInformer>(m_api, resource, m_defaultResyncMs, m_options));
    if (m_deliveryDelayMs > 0)
        m_informers.back()->setDeliveryDelay(m_deliveryDelayMs);
    return *m_informers.back();
}

std::vector<SharedIndexInformer *> SharedInformerFactory::informers() const
{
    std::lock_guard lock(m_mutex);
    std::vector<SharedIndexInformer *> out;
    out.reserve(m_informers.size());
    for (const std::unique_ptr<SharedIndexInformer> &i : m_informers)
        out.push_back(i.get());
    return out;
}

std::optional<DriveMode> SharedInformerFactory::mode() const
{
    std::lock_guard lock(m_mutex);
    return m_mode;
}

void SharedInformerFactory::start(DriveMode mode)
{
    {
        std::lock_guard lock(m_mutex);
        m_mode = mode;
    }
    for (SharedIndexInformer *i : informers()) {
        if (!i->isRunning())
            i->run(mode);
    }
}

void SharedInformerFactory::setDriveMode(DriveMode mode)
{
    {
        std::lock_guard lock(m_mutex);
        m_mode = mode;
    }
    for (SharedIndexInformer *i : informers())
        i->setDriveMode(mode);
}

bool SharedInformerFactory::hasSynced() const
{
    for (SharedIndexInformer *i : informers()) {
        if (i->isRunning() && !i->hasSynced())
            return false;
    }
    return true;
}

qsizetype SharedInformerFactory::processPending(qsizetype maxPerInformer)
{
    // The informers as they are now, on the stack: this runs once per runner step (~300,000
    // times at rlab bench --size medium), where informers()'s vector cost an allocation each.
    std::array<SharedIndexInformer *, 32> few;
    std::size_t n = 0;
    {
        std::lock_guard lock(m_mutex);
        if (m_informers.size() <= few.size())
            for (const std::unique_ptr<SharedIndexInformer> &i : m_informers)
                few[n++] = i.get();
    }
    qsizetype work = 0;
    if (n == 0) {   // more than `few` holds (or none)
        for (SharedIndexInformer *i : informers())
            work += i->processPending(maxPerInformer);
        return work;
    }
    for (std::size_t k = 0; k < n; ++k)
        work += few[k]->processPending(maxPerInformer);
    return work;
}

bool SharedInformerFactory::waitForCacheSync(std::chrono::milliseconds timeout)
{
    const std::vector<SharedIndexInformer *> all = informers();
    if (mode() == DriveMode::Threaded) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        bool synced = true;
        for (SharedIndexInformer *i : all) {
            if (!i->isRunning())
                continue;
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            synced = i->waitForSync(std::max(left, std::chrono::milliseconds(0))) && synced;
        }
        return synced;
    }
    while (!hasSynced()) {
        qsizetype work = 0;
        for (SharedIndexInformer *i : all) {
            if (i->isRunning() && !i->hasSynced())
                work += i->processPending();
        }
        if (work == 0)
            return hasSynced();
    }
    return true;
}

void SharedInformerFactory::setDeliveryDelay(qint64 delayMs)
{
    {
        std::lock_guard lock(m_mutex);
        m_deliveryDelayMs = delayMs;
    }
    for (SharedIndexInformer *i : informers())
        i->setDeliveryDelay(delayMs);
}

std::optional<qint64> SharedInformerFactory::nextDeliveryAt() const
{
    std::optional<qint64> next;
    for (SharedIndexInformer *i : informers()) {
        const std::optional<qint64> at = i->nextDeliveryAt();
        if (at && (!next || *at < *next))
            next = at;
    }
    return next;
}

void SharedInformerFactory::shutdown()
{
    for (SharedIndexInformer *i : informers())
        i->stop();
}

} // namespace rlab::client
