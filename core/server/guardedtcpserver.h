#pragma once
#include "core/server/connectionguard.h"
#include "core/server/servercounters.h"

#include <QTcpServer>
#include <QTcpSocket>

#include <type_traits>
#include <unistd.h>

namespace rlab::server {

// A QTcpServer (Base = QTcpServer, or QSslServer for HTTPS) that puts a ConnectionGuard on
// every connection as it is accepted, before a TLS handshake (so a client that never speaks is
// timed out and counted too) and before Qt HttpServer connects its own readyRead slot; while
// HttpLimits::maxConnections are open a new connection is closed at once.
// Thread rules: the HTTP server's thread only; `counters` must outlive it.
template<class Base> class GuardedTcpServer : public Base
{
public:
    GuardedTcpServer(const HttpLimits &limits, ServerCounters &counters) : m_limits(limits), m_counters(counters) {}

protected:
    void incomingConnection(qintptr handle) override
    {
        if (m_counters.openConnections.load() >= m_limits.maxConnections) {
            ++m_counters.refusedConnections;
            ::close(int(handle));
            return;
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
            new ConnectionGuard(socket, m_limits, m_counters);
            this->addPendingConnection(socket);
        } else {
            // QSslServer adds the socket to the pending ones only once it is encrypted.
            Base::incomingConnection(handle);
            const QObjectList &kids = this->children();
            for (auto it = kids.crbegin(); it != kids.crend(); ++it) {
                if (auto *s = qobject_cast<QTcpSocket *>(*it); s && s->socketDescriptor() == handle) {
                    new ConnectionGuard(s, m_limits, m_counters);
                    break;
                }
            }
        }
    }

private:
    HttpLimits m_limits;
    ServerCounters &m_counters;
};

} // namespace rlab::server
