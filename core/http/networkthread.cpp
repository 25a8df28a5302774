// SPDX-License-Identifier: Apache-2.0
#include "core/http/networkthread.h"

#include "core/http/transport.h"

namespace rlab::http {

NetworkThread::NetworkThread(TransportContext ctx) : m_handle(std::make_shared<Handle>())
{
    m_thread.setObjectName(QStringLiteral("rlab-http"));
    auto *t = new Transport(std::move(ctx));
    t->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, t, &QObject::deleteLater);
    m_thread.start();
    QMetaObject::invokeMethod(t, [t] { t->init(); }, Qt::BlockingQueuedConnection);
    m_handle->transport = t;
}

NetworkThread::~NetworkThread()
{
    Transport *t = nullptr;
    {
        std::lock_guard lock(m_handle->mutex);
        t = m_handle->transport;
        m_handle->transport = nullptr;
    }
    if (t)
        QMetaObject::invokeMethod(t, [t] { t->shutdown(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

bool NetworkThread::postVia(const std::shared_ptr<Handle> &h, std::function<void(Transport &)> fn)
{
    std::lock_guard lock(h->mutex);
    Transport *t = h->transport;
    if (!t)
        return false;
    QMetaObject::invokeMethod(t, [t, fn = std::move(fn)] { fn(*t); }, Qt::QueuedConnection);
    return true;
}

bool NetworkThread::post(std::function<void(Transport &)> fn)
{
    return postVia(m_handle, std::move(fn));
}

std::function<bool(std::function<void(Transport &)>)> NetworkThread::poster() const
{
    std::weak_ptr<Handle> weak = m_handle;
    return [weak](std::function<void(Transport &)> fn) {
        const std::shared_ptr<Handle> h = weak.lock();
        return h && postVia(h, std::move(fn));
    };
}

} // namespace rlab::http
