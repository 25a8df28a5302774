#pragma once
#include "core/server/connectionguard.h"
#include "core/server/servercounters.h"

#include <QTcpSocket>

namespace rlab::server {

// A QTcpServer (Base = QTcpServer, or QSslServer for HTTPS) that hands Qt HttpServer only
// connections with a ConnectionGuard attached, and closes a new connection at once while
// HttpLimits::maxConnections are open. Qt HttpServer takes sockets through the virtual
// nextPendingConnection(), so the guard's readyRead slot is connected before its own.
// Thread rules: the HTTP server's thread only; `counters` must outlive it.
template<class Base> class GuardedTcpServer : public Base
{
public:
    GuardedTcpServer(const HttpLimits &limits, ServerCounters &counters) : m_limits(limits), m_counters(counters) {}

    QTcpSocket *nextPendingConnection() override
    {
        while (QTcpSocket *socket = Base::nextPendingConnection()) {
            if (m_counters.openConnections.load() >= m_limits.maxConnections) {
                ++m_counters.refusedConnections;
                socket->abort();
                socket->deleteLater();
                continue;
            }
            new ConnectionGuard(socket, m_limits, m_counters);
            return socket;
        }
        return nullptr;
    }

private:
    HttpLimits m_limits;
    ServerCounters &m_counters;
};

} // namespace rlab::server
