// CanvasScene's resets (split from canvasscene.cpp): a reset below kSliceKeys keys is placed at
// once; a bigger one in slices (issue #17) — its keys placed hidden, the cards and lanes laid
// out, the pods moved to their slots, then everything shown, a chunk per frame. GUI thread only.
#include "ui/scene/canvasscene.h"

#include "ui/scene/carditem.h"
#include "ui/scene/nodelaneitem.h"
#include "ui/scene/poditem.h"

#include <QElapsedTimer>
#include <algorithm>
#include <utility>

namespace rlab::ui {

void CanvasScene::reset(const std::vector<view::KeyValue> &kvs, qint64 monotonicMs, qint64 virtualNowMs)
{
    if (qsizetype(kvs.size()) >= m_sliceKeys && !kvs.empty())
        resetShared(std::make_shared<const std::vector<view::KeyValue>>(kvs), monotonicMs, virtualNowMs);
    else
        resetShared(std::shared_ptr<const std::vector<view::KeyValue>>(&kvs, [](const auto *) { }), monotonicMs, virtualNowMs);
}

void CanvasScene::resetShared(std::shared_ptr<const std::vector<view::KeyValue>> kvs, qint64 monotonicMs, qint64 virtualNowMs)
{
    clearAll();
    m_held.clear();
    m_lastMonotonicMs = monotonicMs;
    m_lastVirtualMs = virtualNowMs;
    m_resetSlices = 0;
    m_resetNext = 0;
    m_resetLaidOut = false;
    m_resetPlaced = false;
    m_toShow.clear();
    m_resetKvs.reset();
    if (!kvs || kvs->empty() || qsizetype(kvs->size()) < m_sliceKeys) {
        m_resetSlices = 1;
        if (kvs)
            for (const view::KeyValue &kv : *kvs)
                put(kv, false);
        relayout(false);
        refreshCards(false);
        return;
    }
    m_resetKvs = std::move(kvs);
    // Not even a first slice here: a restored lab's reset runs inside the handover's frame with
    // every other panel's (issue #17); the frames' ticks do the slices, in their budget.
}

void CanvasScene::continueReset(int budgetMs)
{
    if (!m_resetKvs)
        return;
    ++m_resetSlices;
    QElapsedTimer clock;
    clock.start();
    const std::vector<view::KeyValue> &kvs = *m_resetKvs;
    // A chunk of 64 keys or pods costs up to ~2 ms: the next one starts only if it fits in what
    // is left, as long as the last one took (whole milliseconds overran a budget by 1-2 ms a
    // slice; issue #17). At least one chunk a slice.
    const qint64 budgetNs = qint64(budgetMs) * 1'000'000;
    const auto nextFits = [&clock, budgetNs](qint64 chunkStartNs) {
        const qint64 now = clock.nsecsElapsed();
        return now + (now - chunkStartNs) <= budgetNs;
    };
    if (m_resetNext == 0) {
        // Room for every pod up front: the pod index and the set of moved pods grew by doubling,
        // and the rehash at 16,384 of a 20,000-pod lab made its chunk of 64 pods take 2-9 ms
        // instead of 0.2 (issue #17: reset slices of 7-10 ms against a 6 ms budget).
        qsizetype pods = 0;
        for (const view::KeyValue &kv : kvs)
            pods += kv.key.startsWith("/registry/pods/") ? 1 : 0;
        m_podIndex.reserve(pods);
        m_placeMoved.reserve(pods);
    }
    if (m_resetNext < kvs.size()) {
        qint64 chunkStartNs = 0;
        do {
            chunkStartNs = clock.nsecsElapsed();
            const std::size_t end = std::min(kvs.size(), m_resetNext + 64);
            for (; m_resetNext < end; ++m_resetNext)
                put(kvs[m_resetNext], false);
        } while (m_resetNext < kvs.size() && nextFits(chunkStartNs));
        return;
    }
    // The layout and the showing get slices of their own (issue #17: with the last keys placed,
    // 20,000 pods took ~30 ms to lay out, then ~15 ms to show and ~70 ms for the scene to take
    // them in as newly visible, plus the paint, in one frame). The cards and lanes are laid out
    // in one slice, the pods moved to their slots in the next ones (as many as the budget
    // allows, 64 with a 0 ms budget, for tests). The nodes and cards show first, then the pods,
    // kShowChunk per slice (64 with a 0 ms budget).
    if (!m_resetLaidOut) {
        m_podsLaidOutLater = true;
        relayout(false);
        m_podsLaidOutLater = false;
        refreshCards(false);
        m_resetLaidOut = true;
        m_resetPlaced = false;
        m_placeNext = m_pods.begin();
        return;
    }
    if (!m_resetPlaced) {
        while (m_placeNext != m_pods.end()) {
            const qint64 chunkStartNs = clock.nsecsElapsed();
            auto end = m_placeNext;
            for (int i = 0; i < 64 && end != m_pods.end(); ++i)
                ++end;
            placePods(m_placeNext, end, false);
            m_placeNext = end;
            if (!nextFits(chunkStartNs))
                break;
        }
        if (m_placeNext != m_pods.end())
            return;
        m_resetPlaced = true;
        m_toShow = itemsToShow();
        m_showNext = 0;
        return;
    }
    const std::size_t end = std::min(m_toShow.size(), m_showNext + (budgetMs > 0 ? kShowChunk : 64));
    for (; m_showNext < end; ++m_showNext)
        m_toShow[m_showNext]->setVisible(true);
    if (m_showNext < m_toShow.size())
        return;
    m_resetKvs.reset();
    m_resetLaidOut = false;
    m_resetPlaced = false;
    m_toShow.clear();
    if (!m_held.empty())
        apply(std::exchange(m_held, {}));
}

void CanvasScene::hideWhileResetting(QGraphicsItem *item) const
{
    // Not laid out before the last slice: every new item would sit at the origin, and each frame
    // of the reset would paint all of them there, on top of each other (20,000 pods: 0.75 s
    // per frame at the zoom that fitted the empty picture; issue #17).
    if (m_resetKvs)
        item->setVisible(false);
}

std::vector<QGraphicsItem *> CanvasScene::itemsToShow() const
{
    std::vector<QGraphicsItem *> items;
    items.reserve(std::size_t(m_nodes.size() + m_deployments.size() + m_replicaSets.size() + m_pods.size()));
    for (const NodeState &n : m_nodes)
        items.push_back(n.lane);
    for (const DeploymentState &d : m_deployments)
        items.push_back(d.card);
    for (const ColumnState &c : m_replicaSets)
        items.push_back(c.card);
    for (const PodState &p : m_pods)
        items.push_back(p.item);
    return items;
}

} // namespace rlab::ui
