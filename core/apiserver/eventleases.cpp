#include "core/apiserver/eventleases.h"

#include <algorithm>

namespace rlab::apiserver {

namespace {
bool later(const EventLeases::Lease &a, const EventLeases::Lease &b)
{
    return a.deadline != b.deadline ? a.deadline > b.deadline : a.revision > b.revision;
}
} // namespace

void EventLeases::grant(qint64 deadline, qint64 revision, const QByteArray &key)
{
    std::lock_guard lock(m_mutex);
    Lease lease{deadline, revision, key};
    if (m_inOrder.empty() || !later(m_inOrder.back(), lease)) {
        m_inOrder.push_back(std::move(lease));
        return;
    }
    m_heap.push_back(std::move(lease));
    std::push_heap(m_heap.begin(), m_heap.end(), later);
}

std::vector<EventLeases::Lease> EventLeases::due(qint64 now)
{
    std::lock_guard lock(m_mutex);
    std::vector<Lease> out;
    for (;;) {
        const bool queued = !m_inOrder.empty() && m_inOrder.front().deadline <= now;
        const bool heaped = !m_heap.empty() && m_heap.front().deadline <= now;
        if (queued && (!heaped || !later(m_inOrder.front(), m_heap.front()))) {
            out.push_back(std::move(m_inOrder.front()));
            m_inOrder.pop_front();
        } else if (heaped) {
            std::pop_heap(m_heap.begin(), m_heap.end(), later);
            out.push_back(std::move(m_heap.back()));
            m_heap.pop_back();
        } else {
            break;
        }
    }
    if (m_heap.capacity() > 1024 && m_heap.capacity() > 4 * m_heap.size())
        m_heap.shrink_to_fit();
    return out;
}

} // namespace rlab::apiserver
