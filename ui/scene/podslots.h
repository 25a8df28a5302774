#pragma once
#include <QHash>
#include <QString>
#include <vector>

namespace rlab::ui {

class PodItem;

// Stable slots of one canvas cell (one ReplicaSet in one node lane): a pod keeps the slot it
// got until it is released, and a newcomer takes the lowest free slot, so nothing moves when
// neighbours come and go. Example: acquire a, b, c → 0, 1, 2; release b; acquire d → 1;
// acquire e → 3; extent() = 4 (slots 0..3 in use). After a big scale-down a cell is mostly holes:
// compactIfSparse() then renumbers the pods 0..n-1 in their slot order (at least kMinHoles holes
// and a third of the extent empty, so a rolling update's churn never moves anyone).
// Each pod may carry its chip (the scene's PodItem, never dereferenced here), so that a layout
// can move a cell's chips without looking each pod up. Plain value; GUI thread (not locked).
class PodSlots
{
public:
    // The pod's slot; the existing one if it has one (its chip then stays as it was).
    int acquire(const QString &pod, PodItem *chip = nullptr);
    void release(const QString &pod);
    int slotOf(const QString &pod) const
    {
        const auto it = m_slotOf.constFind(pod);
        return it == m_slotOf.cend() ? -1 : it->slot;
    }
    int size() const { return int(m_slotOf.size()); }
    // f(slot, chip) for each pod, in no particular order.
    template<class F> void forEach(F &&f) const
    {
        for (const Entry &e : m_slotOf)
            f(e.slot, e.chip);
    }
    // One past the highest slot in use (0 when empty).
    int extent() const;
    // True when it renumbered (some pods got a lower slot).
    bool compactIfSparse();
    static constexpr int kMinHoles = 4;

private:
    struct Entry
    {
        int slot = 0;
        PodItem *chip = nullptr;
    };
    QHash<QString, Entry> m_slotOf;
    std::vector<bool> m_used;
};

} // namespace rlab::ui
