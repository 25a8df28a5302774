#include "ui/scene/podslots.h"

namespace rlab::ui {

int PodSlots::acquire(const QString &pod)
{
    const auto it = m_slotOf.constFind(pod);
    if (it != m_slotOf.cend())
        return *it;
    int slot = 0;
    while (slot < int(m_used.size()) && m_used[std::size_t(slot)])
        ++slot;
    if (slot == int(m_used.size()))
        m_used.push_back(true);
    else
        m_used[std::size_t(slot)] = true;
    m_slotOf.insert(pod, slot);
    return slot;
}

void PodSlots::release(const QString &pod)
{
    const auto it = m_slotOf.constFind(pod);
    if (it == m_slotOf.cend())
        return;
    m_used[std::size_t(*it)] = false;
    m_slotOf.erase(it);
    while (!m_used.empty() && !m_used.back())
        m_used.pop_back();
}

int PodSlots::extent() const
{
    return int(m_used.size());
}

} // namespace rlab::ui
