#pragma once
#include <QList>
#include <QSet>

namespace rlab::ui {

class CardItem;
class NodeLaneItem;
class PodItem;

// The canvas items whose tweens are running, so that a frame touches only those (a rolling
// update of 1,000 pods moves a few dozen chips per frame, not all of them). advance(dt) steps
// each once and forgets those at rest; it returns the pods whose fade-out after deletion ended,
// for the scene to remove. GUI thread only.
class AnimationSet
{
public:
    void add(PodItem *item) { m_pods.insert(item); }
    void add(CardItem *item) { m_cards.insert(item); }
    void add(NodeLaneItem *item) { m_lanes.insert(item); }
    void remove(PodItem *item) { m_pods.remove(item); }
    void remove(CardItem *item) { m_cards.remove(item); }
    void remove(NodeLaneItem *item) { m_lanes.remove(item); }
    void clear();
    int size() const { return int(m_pods.size() + m_cards.size() + m_lanes.size()); }
    QList<PodItem *> advance(double dt);

private:
    QSet<PodItem *> m_pods;
    QSet<CardItem *> m_cards;
    QSet<NodeLaneItem *> m_lanes;
};

} // namespace rlab::ui
