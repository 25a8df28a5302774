#pragma once
#include "core/server/connectionguard.h"
#include "core/server/servercounters.h"

#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>

#include <type_traits>
#include <vector>
#include <unistd.h>

namespace rlab::server {

// A QTcpServer (Base = QTcpServer, or QSslServer for HTTPS) that puts a ConnectionGuard on
// every connection as it is accepted, before a TLS handshake (so a client that never speaks is
// timed out and counted too) and before Qt HttpServer connects its own readyRead slot. While
// HttpLimits::maxConnections are open a new connection takes the place of one that has sent
// nothing yet, or of the one idle longest (ConnectionGuard::evict); when all are busy it is
// closed at once. E.g. at a cap of 2 with A silent since 10 s and B idle since 1 s, C evicts A.
// Thread rules: the HTTP server's thread only; `counters` must outlive it.
template<class Base> class GuardedTcpServer : public Base
{
public:
    GuardedTcpServer(const HttpLimits &limits, ServerCounters &counters) : m_limits(limits), m_counters(counters) {}

protected:
    void incomingConnection(qintptr handle) override
    {
        if (m_counters.openConnections.load() >= m_limits.maxConnections) {
            ConnectionGuard *victim = evictable();
            if (!victim) {
                ++m_counters.refusedConnections;
                ::close(int(handle));
                return;
            }
            victim->evict();
        }
        if constexpr (std::is_same_v<Base, QTcpServer>) {
            // addPendingConnection() hands the socket to Qt HttpServer at once (it listens to
            // pendingConnectionAvailable): the guard must come first.
            auto *socket = new QTcpSocket(this);
            if (!socket->setSocketDescriptor(handle)) {
                delete socket;
                ::close(int(handle));
                return;
            }
            track(new ConnectionGuard(socket, m_limits, m_counters));
            this->addPendingConnection(socket);
        } else {
            // QSslServer adds the socket to the pending ones only once it is encrypted.
            Base::incomingConnection(handle);
            const QObjectList &kids = this->children();
            for (auto it = kids.crbegin(); it != kids.crend(); ++it) {
                if (auto *s = qobject_cast<QTcpSocket *>(*it); s && s->socketDescriptor() == handle) {
                    track(new ConnectionGuard(s, m_limits, m_counters));
                    break;
                }
            }
        }
    }

private:
    void track(ConnectionGuard *guard)
    {
        // Closed connections leave null entries: dropped once they are half the list.
        if (m_guards.size() >= 64 && qint64(m_guards.size()) > 2 * m_counters.openConnections.load())
            std::erase_if(m_guards, [](const QPointer<ConnectionGuard> &g) { return g.isNull(); });
        m_guards.emplace_back(guard);
    }
    // The connection to close for a new one: the silent one silent longest (the first in accept
    // order: a silent one's standing dates from its start), else the idle one idle longest; null
    // when every one is busy. A scan of the open ones, at the cap only.
    ConnectionGuard *evictable() const
    {
        ConnectionGuard *idlest = nullptr;
        for (const QPointer<ConnectionGuard> &g : m_guards) {
            if (!g)
                continue;
            switch (g->standing()) {
            case ConnectionGuard::Standing::Silent:
                return g.data();
            case ConnectionGuard::Standing::Idle:
                if (!idlest || g->standingSinceMs() < idlest->standingSinceMs())
                    idlest = g.data();
                break;
            case ConnectionGuard::Standing::Busy:
                break;
            }
        }
        return idlest;
    }

    HttpLimits m_limits;
    ServerCounters &m_counters;
    std::vector<QPointer<ConnectionGuard>> m_guards;   // in the order accepted
};

} // namespace rlab::server
