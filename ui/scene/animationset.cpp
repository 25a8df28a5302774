#include "ui/scene/animationset.h"

#include "ui/scene/carditem.h"
#include "ui/scene/nodelaneitem.h"
#include "ui/scene/poditem.h"

namespace rlab::ui {

void AnimationSet::clear()
{
    m_pods.clear();
    m_cards.clear();
    m_lanes.clear();
}

QList<PodItem *> AnimationSet::advance(double dt)
{
    QList<PodItem *> removed;
    for (auto it = m_pods.begin(); it != m_pods.end();) {
        if ((*it)->advance(dt)) {
            ++it;
            continue;
        }
        if ((*it)->removing)
            removed << *it;
        it = m_pods.erase(it);
    }
    for (auto it = m_cards.begin(); it != m_cards.end();)
        it = (*it)->advance(dt) ? std::next(it) : m_cards.erase(it);
    for (auto it = m_lanes.begin(); it != m_lanes.end();)
        it = (*it)->advance(dt) ? std::next(it) : m_lanes.erase(it);
    return removed;
}

} // namespace rlab::ui
