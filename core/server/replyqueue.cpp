#include "core/server/replyqueue.h"

#include "core/server/connectionguard.h"

#include <QTcpSocket>

namespace rlab::server {

quint64 ReplyQueue::enqueue(QHttpServerResponder &&responder)
{
    QTcpSocket *socket = responder.socket();
    const quint64 ticket = m_next++;
    auto [it, added] = m_queues.try_emplace(socket);
    if (added)
        connect(socket, &QObject::destroyed, this, [this, socket] { drop(socket); });
    it->second.emplace_back(ticket, std::move(responder));
    m_connection.insert(ticket, socket);
    socket->setProperty(ConnectionGuard::kAwaitingReplyProperty, true);
    return ticket;
}

void ReplyQueue::complete(quint64 ticket, Send send)
{
    QTcpSocket *socket = m_connection.value(ticket);
    if (!socket)
        return;   // its connection closed meanwhile
    std::deque<Entry> &queue = m_queues[socket];
    for (Entry &e : queue) {
        if (e.ticket == ticket) {
            e.send = std::move(send);
            break;
        }
    }
    flush(socket);
}

void ReplyQueue::flush(QTcpSocket *socket)
{
    auto it = m_queues.find(socket);
    while (it != m_queues.end() && !it->second.empty() && it->second.front().send) {
        Entry e = std::move(it->second.front());
        it->second.pop_front();
        m_connection.remove(e.ticket);
        if (socket->state() == QAbstractSocket::ConnectedState)
            e.send(e.responder);   // may destroy nothing here: the socket is deleted later, if at all
        it = m_queues.find(socket);
    }
    if (it != m_queues.end() && it->second.empty())
        socket->setProperty(ConnectionGuard::kAwaitingReplyProperty, false);
}

void ReplyQueue::drop(QTcpSocket *socket)
{
    const auto it = m_queues.find(socket);
    if (it == m_queues.end())
        return;
    for (const Entry &e : it->second)
        m_connection.remove(e.ticket);
    m_queues.erase(it);
}

} // namespace rlab::server
