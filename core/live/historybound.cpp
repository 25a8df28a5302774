#include "core/live/historybound.h"

#include <algorithm>

namespace rlab::live {

HistoryBound::HistoryBound(qint64 maxEvents, qint64 maxBytes)
    : m_maxEvents(std::max<qint64>(maxEvents, 2)), m_maxBytes(std::max<qint64>(maxBytes, 1))
{
}

void HistoryBound::add(qint64 revision, qint64 t, qint64 bytes)
{
    m_kept.push_back(Kept{revision, t, bytes});
    m_bytes += bytes;
}

std::optional<qint64> HistoryBound::trim()
{
    if (qint64(m_kept.size()) <= m_maxEvents && m_bytes <= m_maxBytes)
        return std::nullopt;
    const qint64 events = m_maxEvents * 3 / 4, bytes = m_maxBytes * 3 / 4;
    // The newest event stays: the present is always viewable.
    while (m_kept.size() > 1 && (qint64(m_kept.size()) > events || m_bytes > bytes)) {
        m_bytes -= m_kept.front().bytes;
        m_droppedBytes += m_kept.front().bytes;
        ++m_droppedEvents;
        m_kept.pop_front();
    }
    m_droppedBeforeMs = m_kept.front().t;
    m_droppedBeforeRevision = m_kept.front().revision;
    return m_droppedBeforeRevision;
}

} // namespace rlab::live
