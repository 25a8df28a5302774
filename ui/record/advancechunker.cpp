#include "ui/record/advancechunker.h"

namespace rlab::ui {

AdvanceChunker::AdvanceChunker(qint64 intervalMs) : m_interval(intervalMs), m_low(intervalMs), m_high(intervalMs)
{
}

QList<qint64> AdvanceChunker::observe(qint64 elapsedMs)
{
    QList<qint64> out;
    if (elapsedMs <= m_last)
        return out;
    if (elapsedMs >= m_low) {
        // This frame may hold the check: it becomes a step of its own.
        if (m_last > m_pendingFrom)
            out.append(m_last - m_pendingFrom);
        out.append(elapsedMs - m_last);
        m_pendingFrom = elapsedMs;
        if (elapsedMs >= m_high) {
            // The check ran by now (every frame end is an idle moment), after m_low.
            m_low = m_low + m_interval;
            m_high = elapsedMs + m_interval;
        }
    }
    m_last = elapsedMs;
    return out;
}

QList<qint64> AdvanceChunker::flush()
{
    QList<qint64> out;
    if (m_last > m_pendingFrom)
        out.append(m_last - m_pendingFrom);
    m_pendingFrom = m_last;
    return out;
}

} // namespace rlab::ui
