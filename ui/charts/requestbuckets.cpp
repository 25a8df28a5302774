#include "ui/charts/requestbuckets.h"

#include <algorithm>

namespace rlab::ui {

QString RequestBuckets::client(const QString &userAgent)
{
    if (userAgent.isEmpty())
        return QStringLiteral("other");
    // A plain scan, no QRegularExpression: one was compiled per request event (a long run hands
    // thousands per frame to the charts: ~15 ms of a frame, issue #17).
    const auto cut = std::find_if(userAgent.cbegin(), userAgent.cend(), [](QChar c) { return c == u'/' || c == u' '; });
    return cut == userAgent.cend() ? userAgent : userAgent.left(cut - userAgent.cbegin());
}

void RequestBuckets::add(qint64 tMs, const QString &userAgent)
{
    const qint64 second = qMax<qint64>(tMs, 0) / 1000;
    // A late event for a second already handed out counts in the oldest open second.
    m_open[qMax(second, m_next)][client(userAgent)] += 1;
}

QList<RequestBuckets::Second> RequestBuckets::takeComplete(qint64 nowMs)
{
    const qint64 now = qMax<qint64>(nowMs, 0) / 1000;   // seconds < now are over
    QList<Second> out;
    while (m_next < now) {
        auto it = m_open.begin();
        const qint64 nextData = it != m_open.end() ? it.key() : now;
        if (nextData > m_next + kMaxGap) {
            // A long quiet stretch: one zero at its start and one just before the next data.
            out.append(Second{m_next, {}});
            m_next = qMin(nextData, now) - 1;
            if (m_next > out.last().second)
                out.append(Second{m_next, {}});
            ++m_next;
            continue;
        }
        if (it != m_open.end() && it.key() == m_next && m_next < now) {
            out.append(Second{m_next, it.value()});
            m_open.erase(it);
        } else {
            out.append(Second{m_next, {}});
        }
        ++m_next;
    }
    return out;
}

void RequestBuckets::clear()
{
    m_open.clear();
    m_next = 0;
}

} // namespace rlab::ui
