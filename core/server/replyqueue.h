#pragma once
#include <QHash>
#include <QHttpServerResponder>
#include <QObject>

#include <deque>
#include <functional>
#include <unordered_map>

class QTcpSocket;

namespace rlab::server {

// HTTP/1.1 answers leave a connection in the order its requests came (RFC 9112 §9.3.2), even
// when a later request is done first (a 429, or a quicker worker). Each request takes a ticket
// with its responder; complete(ticket, send) runs `send` on that responder once every earlier
// ticket of the connection has been sent. A closed connection's tickets are dropped: their
// sends never run. While a connection waits for answers its socket carries
// ConnectionGuard::kAwaitingReplyProperty, so it is not timed out as idle.
// Thread rules: the HTTP server's thread only.
class ReplyQueue : public QObject
{
public:
    using Send = std::function<void(QHttpServerResponder &)>;

    explicit ReplyQueue(QObject *parent = nullptr) : QObject(parent) {}

    quint64 enqueue(QHttpServerResponder &&responder);
    void complete(quint64 ticket, Send send);
    qsizetype waiting() const { return m_connection.size(); }   // tickets not yet sent

private:
    struct Entry
    {
        Entry(quint64 t, QHttpServerResponder &&r) : ticket(t), responder(std::move(r)) {}
        quint64 ticket;
        QHttpServerResponder responder;
        Send send;
    };
    void flush(QTcpSocket *socket);
    void drop(QTcpSocket *socket);

    std::unordered_map<QTcpSocket *, std::deque<Entry>> m_queues;   // QHash would copy a responder
    QHash<quint64, QTcpSocket *> m_connection;   // ticket → its connection
    quint64 m_next = 1;
};

} // namespace rlab::server
