#include "ui/timetravel/queuereplay.h"

#include <QHash>

#include <algorithm>

namespace rlab::ui {

namespace {

template<class List>
qsizetype find(const List &items, const QString &key)
{
    for (qsizetype i = 0; i < items.size(); ++i)
        if (items.at(i).key == key)
            return i;
    return -1;
}

// One queue's state, advanced event by event as the real queue did (workqueue.cpp).
void replay(view::QueueView &q, const TraceEvent &e, qint64 clockMs)
{
    WorkQueueSnapshot &s = q.snapshot;
    const QString &type = e.type;
    const bool whileProcessing = e.detail.value(QLatin1String("whileProcessing")).toBool();
    // A parked key whose delay came due was added back by its timer.
    const auto dueAgain = [&] {
        const qsizetype w = find(s.waiting, e.key);
        if (w >= 0 && s.waiting.at(w).readyAtMs <= clockMs)
            s.waiting.removeAt(w);
    };
    if (type == QLatin1String("QueueAdd")) {
        dueAgain();
        if (whileProcessing) {
            if (const qsizetype p = find(s.processing, e.key); p >= 0)
                s.processing[p].reAdded = true;
        } else if (find(s.queued, e.key) < 0) {
            s.queued.append(QueuedItem{e.key, clockMs, 0, QueuedVia::Add, 0});
        }
        ++s.metrics.adds;
    } else if (type == QLatin1String("QueueDedup")) {
        dueAgain();
        if (const qsizetype i = find(s.queued, e.key); i >= 0)
            ++s.queued[i].dedups;
        else if (const qsizetype p = find(s.processing, e.key); p >= 0)
            ++s.processing[p].dedups;
        ++s.metrics.dedups;
    } else if (type == QLatin1String("QueueGet")) {
        const qsizetype i = find(s.queued, e.key);
        ProcessingItem item;
        item.key = e.key;
        item.worker = e.worker;
        item.startedAtMs = clockMs;
        if (i >= 0) {
            item.queueLatencyMs = clockMs - s.queued.at(i).addedAtMs;
            item.numRequeues = s.queued.at(i).numRequeues;
            s.queued.removeAt(i);
        }
        s.processing.append(item);
        ++s.metrics.gets;
    } else if (type == QLatin1String("QueueDone")) {
        if (const qsizetype p = find(s.processing, e.key); p >= 0)
            s.processing.removeAt(p);
        ++s.metrics.dones;
    } else if (type == QLatin1String("QueueRequeue")) {
        if (find(s.queued, e.key) < 0)
            s.queued.append(QueuedItem{e.key, clockMs, 0, QueuedVia::Done, 0});
        ++s.metrics.requeues;
    } else if (type == QLatin1String("QueueAddAfter")) {
        const qint64 readyAt = e.detail.value(QLatin1String("readyAt")).toInteger(clockMs);
        if (const qsizetype w = find(s.waiting, e.key); w >= 0) {
            WaitingItem &item = s.waiting[w];
            item.readyAtMs = std::min(item.readyAtMs, readyAt);
            ++item.addAfterCount;
        } else {
            s.waiting.append(WaitingItem{e.key, readyAt, clockMs, 1, 0});
        }
        ++s.metrics.retries;
    } else if (type == QLatin1String("QueueShutDown")) {
        s.shuttingDown = true;
    }
}

} // namespace

std::vector<view::QueueView> QueueReplay::at(const std::vector<TraceEvent> &events, const std::vector<view::QueueView> &live,
                                             qint64 startTimeMs, qint64 atElapsedMs)
{
    std::vector<view::QueueView> out;
    QHash<QString, std::size_t> byName;
    for (const view::QueueView &l : live) {
        view::QueueView q;
        q.controller = l.controller;
        q.workers = l.workers;
        q.threaded = l.threaded;
        q.snapshot.name = l.snapshot.name;
        byName.insert(l.controller, out.size());
        out.push_back(std::move(q));
    }
    const QLatin1String queuePrefix("queue/");
    for (const TraceEvent &e : events) {
        if (e.component.startsWith(queuePrefix)) {
            const auto it = byName.constFind(e.component.mid(queuePrefix.size()));
            if (it != byName.constEnd())
                replay(out[*it], e, startTimeMs + e.t);
        } else if (e.type == QLatin1String("ReconcileStart")) {
            const auto it = byName.constFind(e.component);
            if (it != byName.constEnd())
                ++out[*it].syncs;
        }
    }
    for (view::QueueView &q : out) {
        WorkQueueSnapshot &s = q.snapshot;
        s.atMs = startTimeMs + atElapsedMs;
        std::stable_sort(s.waiting.begin(), s.waiting.end(),
                         [](const WaitingItem &a, const WaitingItem &b) { return a.readyAtMs < b.readyAtMs; });
        s.metrics.depth = int(s.queued.size());
        s.metrics.processing = int(s.processing.size());
        s.metrics.waiting = int(s.waiting.size());
    }
    return out;
}

const QStringList &QueueReplay::eventTypes()
{
    static const QStringList types{QStringLiteral("QueueAdd"),      QStringLiteral("QueueDedup"),    QStringLiteral("QueueGet"),
                                   QStringLiteral("QueueDone"),     QStringLiteral("QueueRequeue"),  QStringLiteral("QueueAddAfter"),
                                   QStringLiteral("QueueShutDown"), QStringLiteral("ReconcileStart")};
    return types;
}

} // namespace rlab::ui
