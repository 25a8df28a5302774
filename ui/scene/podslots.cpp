#include "ui/scene/podslots.h"

#include <algorithm>

namespace rlab::ui {

int PodSlots::acquire(const QString &pod, PodItem *chip)
{
    const auto it = m_slotOf.constFind(pod);
    if (it != m_slotOf.cend())
        return it->slot;
    int slot = 0;
    while (slot < int(m_used.size()) && m_used[std::size_t(slot)])
        ++slot;
    if (slot == int(m_used.size()))
        m_used.push_back(true);
    else
        m_used[std::size_t(slot)] = true;
    m_slotOf.insert(pod, Entry{slot, chip});
    return slot;
}

void PodSlots::release(const QString &pod)
{
    const auto it = m_slotOf.constFind(pod);
    if (it == m_slotOf.cend())
        return;
    m_used[std::size_t(it->slot)] = false;
    m_slotOf.erase(it);
    while (!m_used.empty() && !m_used.back())
        m_used.pop_back();
}

int PodSlots::extent() const
{
    return int(m_used.size());
}

bool PodSlots::compactIfSparse()
{
    const int holes = extent() - size();
    if (holes < kMinHoles || holes * 2 < size())
        return false;
    std::vector<std::pair<int, QString>> order;
    order.reserve(std::size_t(m_slotOf.size()));
    for (auto it = m_slotOf.cbegin(); it != m_slotOf.cend(); ++it)
        order.emplace_back(it->slot, it.key());
    std::sort(order.begin(), order.end());
    m_used.assign(order.size(), true);
    for (std::size_t i = 0; i < order.size(); ++i)
        m_slotOf[order[i].second].slot = int(i);
    return true;
}

} // namespace rlab::ui
