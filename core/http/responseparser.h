// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QByteArray>
#include <QList>

namespace rlab::http {

// Incremental HTTP/1.1 response reader for a watch socket: the status line and headers, then
// the body (chunked, Content-Length, or until the connection closes), de-chunked as bytes
// arrive, and cut into the newline-delimited JSON lines of a watch stream. Limits the head to
// 64 KiB and one line to 64 MiB (a broken server cannot exhaust memory). One owner, no locking.
class ResponseParser
{
public:
    enum class State { Head, Body, Done, Failed };

    // Consumes bytes; returns false once the response is malformed (then state() == Failed).
    bool feed(const QByteArray &bytes);
    // The connection closed: a body "until close" ends here; anything else unfinished fails.
    void closed();

    State state() const { return m_state; }
    bool headComplete() const { return m_state != State::Head && m_status > 0; }
    int status() const { return m_status; }
    QByteArray header(const QByteArray &name) const;
    // Complete lines of the body so far (without their '\n'), removed from the buffer.
    QList<QByteArray> takeLines();
    // Everything of the body not yet taken as lines (error bodies have no trailing newline).
    QByteArray takeRest();

private:
    bool parseHead();
    bool parseBody();

    State m_state = State::Head;
    QByteArray m_in;     // raw bytes not parsed yet
    QByteArray m_body;   // de-chunked body bytes not taken yet
    int m_status = 0;
    QList<QPair<QByteArray, QByteArray>> m_headers;
    bool m_chunked = false;
    qint64 m_remaining = -1;   // Content-Length left, or chunk bytes left; -1 = until close
    bool m_inChunk = false;
};

} // namespace rlab::http
