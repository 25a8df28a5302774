// SPDX-License-Identifier: Apache-2.0
#include "core/http/responseparser.h"

namespace rlab::http {

namespace {
constexpr qsizetype kMaxHead = 64 * 1024;
constexpr qsizetype kMaxLine = 64 * 1024 * 1024;
} // namespace

QByteArray ResponseParser::header(const QByteArray &name) const
{
    for (const auto &h : m_headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    return {};
}

bool ResponseParser::feed(const QByteArray &bytes)
{
    if (m_state == State::Failed)
        return false;
    m_in += bytes;
    if (m_state == State::Head && !parseHead())
        return m_state != State::Failed;
    if (m_state == State::Body && !parseBody())
        return false;
    if (m_body.size() > kMaxLine && !m_body.contains('\n')) {
        m_state = State::Failed;
        return false;
    }
    return true;
}

bool ResponseParser::parseHead()
{
    const qsizetype end = m_in.indexOf("\r\n\r\n");
    if (end < 0) {
        if (m_in.size() > kMaxHead)
            m_state = State::Failed;
        return false;
    }
    const QList<QByteArray> lines = m_in.left(end).split('\n');
    const QList<QByteArray> statusLine = lines.value(0).trimmed().split(' ');
    if (!statusLine.value(0).startsWith("HTTP/1.")) {
        m_state = State::Failed;
        return false;
    }
    bool ok = false;
    m_status = statusLine.value(1).toInt(&ok);
    if (!ok || m_status < 100) {
        m_state = State::Failed;
        return false;
    }
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            m_headers.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
    }
    m_in.remove(0, end + 4);
    m_chunked = header("Transfer-Encoding").toLower().contains("chunked");
    if (!m_chunked && !header("Content-Length").isEmpty())
        m_remaining = header("Content-Length").toLongLong();
    m_state = State::Body;
    return true;
}

bool ResponseParser::parseBody()
{
    if (!m_chunked) {
        if (m_remaining < 0) {   // until the connection closes
            m_body += m_in;
            m_in.clear();
            return true;
        }
        const qsizetype n = qMin<qsizetype>(m_remaining, m_in.size());
        m_body += m_in.left(n);
        m_in.remove(0, n);
        m_remaining -= n;
        if (m_remaining == 0)
            m_state = State::Done;
        return true;
    }
    for (;;) {
        if (m_inChunk) {
            const qsizetype n = qMin<qsizetype>(m_remaining, m_in.size());
            m_body += m_in.left(n);
            m_in.remove(0, n);
            m_remaining -= n;
            if (m_remaining > 0)
                return true;
            if (m_in.size() < 2)
                return true;   // wait for the chunk's CRLF
            if (!m_in.startsWith("\r\n")) {
                m_state = State::Failed;
                return false;
            }
            m_in.remove(0, 2);
            m_inChunk = false;
        }
        const qsizetype eol = m_in.indexOf("\r\n");
        if (eol < 0) {
            if (m_in.size() > 1024)
                m_state = State::Failed;
            return m_state != State::Failed;
        }
        bool ok = false;
        const QByteArray sizeField = m_in.left(eol).split(';').value(0).trimmed();   // chunk extensions
        const qint64 size = sizeField.toLongLong(&ok, 16);
        if (!ok || size < 0 || size > kMaxLine) {
            m_state = State::Failed;
            return false;
        }
        m_in.remove(0, eol + 2);
        if (size == 0) {
            m_state = State::Done;   // trailers, if any, are ignored
            return true;
        }
        m_remaining = size;
        m_inChunk = true;
    }
}

void ResponseParser::closed()
{
    if (m_state == State::Body && !m_chunked && m_remaining < 0)
        m_state = State::Done;
    else if (m_state != State::Done)
        m_state = State::Failed;
}

QList<QByteArray> ResponseParser::takeLines()
{
    QList<QByteArray> lines;
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = m_body.indexOf('\n', start);
        if (nl < 0)
            break;
        const QByteArray line = m_body.mid(start, nl - start).trimmed();
        if (!line.isEmpty())
            lines.append(line);
        start = nl + 1;
    }
    m_body.remove(0, start);
    return lines;
}

QByteArray ResponseParser::takeRest()
{
    QByteArray rest;
    rest.swap(m_body);
    return rest;
}

} // namespace rlab::http
