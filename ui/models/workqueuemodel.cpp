#include "ui/models/workqueuemodel.h"

#include "ui/theme.h"

#include <QFont>
#include <QLocale>
#include <QSet>
#include <algorithm>

namespace rlab::ui {

namespace {
// internalId: 0 = controller row; (c + 1) << 2 = section row of controller c;
// ((c + 1) << 2) | (s + 1) = item row of section s of controller c.
constexpr quintptr sectionId(int c) { return quintptr(c + 1) << 2; }
constexpr quintptr itemId(int c, int s) { return sectionId(c) | quintptr(s + 1); }
int controllerOf(quintptr id) { return int(id >> 2) - 1; }
int sectionOf(quintptr id) { return int(id & 3) - 1; }   // -1: a section row itself
const QString kQueuePrefix = QStringLiteral("queue/");
} // namespace

QString WorkQueueModel::Note::text() const
{
    const QString times = this->times > 1 ? QStringLiteral(" (×%1)").arg(this->times) : QString();
    switch (kind) {
    case Dedup:
        return WorkQueueModel::tr("add(%1): already queued → deduplicated%2").arg(key, times);
    case ReAdded:
        return WorkQueueModel::tr("add(%1) while a worker processes it → dirty, done() will requeue it%2").arg(key, times);
    case Requeued:
        return WorkQueueModel::tr("done(%1) requeued it: it was re-added while processing%2").arg(key, times);
    }
    return {};
}

WorkQueueModel::WorkQueueModel(QObject *parent)
    : QAbstractItemModel(parent)
{
}

QString WorkQueueModel::sectionName(Section section)
{
    switch (section) {
    case QueuedSection:
        return tr("Queued (FIFO)");
    case WorkersSection:
        return tr("Workers");
    case WaitingSection:
        return tr("Waiting (addAfter / backoff)");
    case SectionCount:
        break;
    }
    return {};
}

QString WorkQueueModel::viaText(QueuedVia via)
{
    switch (via) {
    case QueuedVia::Add:
        return tr("add");
    case QueuedVia::AddAfter:
        return tr("after delay");
    case QueuedVia::Done:
        return tr("requeued by done()");
    }
    return {};
}

std::vector<WorkQueueModel::Lane> WorkQueueModel::lanesOf(const WorkQueueView &view, const std::vector<Lane> &previous)
{
    int count = qMax(1, view.workers);
    for (const ProcessingItem &p : view.snapshot.processing)
        count = qMax(count, p.worker + 1);
    std::vector<Lane> lanes(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        lanes[std::size_t(i)].worker = i;
        if (std::size_t(i) < previous.size()) {
            lanes[std::size_t(i)].lastKey = previous[std::size_t(i)].lastKey;
            lanes[std::size_t(i)].lastDoneMs = previous[std::size_t(i)].lastDoneMs;
        }
    }
    for (const ProcessingItem &p : view.snapshot.processing) {
        // A key taken without a worker id (-1) gets a lane of its own at the end.
        Lane *lane = nullptr;
        if (p.worker >= 0) {
            lane = &lanes[std::size_t(p.worker)];
        } else {
            lanes.push_back(Lane{-1, false, {}, {}, -1});
            lane = &lanes.back();
        }
        lane->busy = true;
        lane->item = p;
    }
    return lanes;
}

// The section's key count; "first 500 of 19,670" when only the first kMaxListed are rows.
QVariant WorkQueueModel::sectionInfo(const Entry &e, int section) const
{
    const int rows = sectionRows(e, section);
    const WorkQueueMetrics &m = e.view.snapshot.metrics;
    const int all = section == QueuedSection ? m.depth : section == WaitingSection ? m.waiting : rows;
    if (all <= rows)
        return rows;
    return tr("first %1 of %2").arg(QLocale().toString(rows), QLocale().toString(all));
}

int WorkQueueModel::sectionRows(const Entry &e, int section) const
{
    switch (section) {
    case QueuedSection:
        return int(e.view.snapshot.queued.size());
    case WorkersSection:
        return int(e.lanes.size());
    case WaitingSection:
        return int(e.view.snapshot.waiting.size());
    default:
        return 0;
    }
}

namespace {
// At most kMaxListed queued and waiting keys of a queue (the live poll asks for no more; a past
// queue rebuilt from the trace may hold every key). Shared lists: cut only when longer.
WorkQueueView bounded(const WorkQueueView &view)
{
    WorkQueueView v = view;
    if (v.snapshot.queued.size() > WorkQueueModel::kMaxListed)
        v.snapshot.queued.resize(WorkQueueModel::kMaxListed);
    if (v.snapshot.waiting.size() > WorkQueueModel::kMaxListed)
        v.snapshot.waiting.resize(WorkQueueModel::kMaxListed);
    return v;
}
} // namespace

void WorkQueueModel::setQueues(const std::vector<WorkQueueView> &queues, qint64 monotonicMs)
{
    m_now = monotonicMs;
    bool sameControllers = queues.size() == m_controllers.size();
    for (std::size_t i = 0; sameControllers && i < queues.size(); ++i)
        sameControllers = queues[i].controller == m_controllers[i].view.controller;
    if (!sameControllers) {
        beginResetModel();
        std::vector<Entry> next(queues.size());
        for (std::size_t i = 0; i < queues.size(); ++i) {
            next[i].view = bounded(queues[i]);
            next[i].lanes = lanesOf(queues[i], {});
        }
        m_controllers = std::move(next);
        endResetModel();
        return;
    }
    for (int c = 0; c < int(queues.size()); ++c) {
        Entry &e = m_controllers[std::size_t(c)];
        const WorkQueueView view = bounded(queues[std::size_t(c)]);
        syncList(e.view.snapshot.queued, view.snapshot.queued, sectionIndex(c, QueuedSection));
        syncList(e.view.snapshot.waiting, view.snapshot.waiting, sectionIndex(c, WaitingSection));
        // Lanes are worker ids: only the count changes, at the end.
        std::vector<Lane> lanes = lanesOf(view, e.lanes);
        const QModelIndex workers = sectionIndex(c, WorkersSection);
        const int oldLanes = int(e.lanes.size()), newLanes = int(lanes.size());
        if (newLanes < oldLanes)
            beginRemoveRows(workers, newLanes, oldLanes - 1);
        else if (newLanes > oldLanes)
            beginInsertRows(workers, oldLanes, newLanes - 1);
        e.lanes = std::move(lanes);
        if (newLanes < oldLanes)
            endRemoveRows();
        else if (newLanes > oldLanes)
            endInsertRows();
        for (int s = 0; s < SectionCount; ++s) {
            const QModelIndex parent = sectionIndex(c, Section(s));
            const int rows = sectionRows(e, s);
            if (rows > 0)
                emit dataChanged(index(0, 0, parent), index(rows - 1, ColumnCount - 1, parent));
        }
        e.view = view;
        while (!e.notes.empty() && m_now - e.notes.front().atMs >= kNoteMs)
            e.notes.pop_front();
        emit dataChanged(controllerIndex(c), index(c, ColumnCount - 1));
    }
}

// Turns `stored` into `next` with row removals and insertions a view can follow: keys that left
// are removed, new keys inserted where they appear; if the keys that stayed changed their order
// (a waiting key moved to an earlier ready time), the section is emptied and refilled.
// Example: stored [a b c], next [b d c e] -> remove a, insert d at 1, insert e at 3.
template<class T>
void WorkQueueModel::syncList(QList<T> &stored, const QList<T> &next, const QModelIndex &parent)
{
    if (stored.size() == next.size()
        && std::equal(stored.cbegin(), stored.cend(), next.cbegin(), [](const T &a, const T &b) { return a.key == b.key; })) {
        stored = next;   // the usual frame: same keys, new times
        return;
    }
    QSet<QString> nextKeys;
    for (const T &item : next)
        nextKeys.insert(item.key);
    for (qsizetype i = stored.size() - 1; i >= 0; --i) {
        if (nextKeys.contains(stored[i].key))
            continue;
        const qsizetype last = i;
        while (i > 0 && !nextKeys.contains(stored[i - 1].key))
            --i;
        beginRemoveRows(parent, int(i), int(last));
        stored.remove(i, last - i + 1);
        endRemoveRows();
    }
    qsizetype j = 0;
    bool inOrder = true;
    for (const T &item : std::as_const(stored)) {
        while (j < next.size() && next[j].key != item.key)
            ++j;
        inOrder = inOrder && j < next.size();
    }
    if (!inOrder && !stored.isEmpty()) {
        beginRemoveRows(parent, 0, int(stored.size()) - 1);
        stored.clear();
        endRemoveRows();
    }
    qsizetype i = 0;
    while (i < next.size()) {
        if (i < stored.size() && stored[i].key == next[i].key) {
            ++i;
            continue;
        }
        const bool hasAnchor = i < stored.size();
        qsizetype k = i;
        while (k < next.size() && !(hasAnchor && next[k].key == stored[i].key))
            ++k;
        beginInsertRows(parent, int(i), int(k) - 1);
        for (qsizetype m = i; m < k; ++m)
            stored.insert(m, next[m]);
        endInsertRows();
        i = k;
    }
    stored = next;
}

void WorkQueueModel::addNote(Entry &e, Note::Kind kind, const QString &key, qint64 nowMs)
{
    if (!e.notes.empty() && e.notes.back().kind == kind && e.notes.back().key == key) {
        ++e.notes.back().times;
        e.notes.back().atMs = nowMs;
        return;
    }
    e.notes.push_back(Note{kind, key, 1, nowMs});
    while (int(e.notes.size()) > kMaxNotes)
        e.notes.pop_front();
}

WorkQueueModel::Entry *WorkQueueModel::entryFor(const QString &component)
{
    if (!component.startsWith(kQueuePrefix))
        return nullptr;
    const QString name = component.mid(kQueuePrefix.size());
    const int row = controllerRow(name);
    return row < 0 ? nullptr : &m_controllers[std::size_t(row)];
}

void WorkQueueModel::applyTrace(const std::vector<TraceEvent> &events, qint64 monotonicMs)
{
    for (const TraceEvent &ev : events) {
        if (!ev.type.startsWith(QLatin1String("Queue")))
            continue;
        Entry *e = entryFor(ev.component);
        if (!e)
            continue;
        if (ev.type == QLatin1String("QueueDedup")) {
            addNote(*e, Note::Dedup, ev.key, monotonicMs);
        } else if (ev.type == QLatin1String("QueueAdd") && ev.detail.value(QStringLiteral("whileProcessing")).toBool()) {
            addNote(*e, Note::ReAdded, ev.key, monotonicMs);
        } else if (ev.type == QLatin1String("QueueRequeue")) {
            addNote(*e, Note::Requeued, ev.key, monotonicMs);
        } else if (ev.type == QLatin1String("QueueDone") && ev.worker >= 0 && std::size_t(ev.worker) < e->lanes.size()) {
            e->lanes[std::size_t(ev.worker)].lastKey = ev.key;
            e->lanes[std::size_t(ev.worker)].lastDoneMs = monotonicMs;
        }
    }
}

void WorkQueueModel::clear()
{
    beginResetModel();
    m_controllers.clear();
    endResetModel();
}

int WorkQueueModel::controllerRow(const QString &controller) const
{
    for (std::size_t i = 0; i < m_controllers.size(); ++i) {
        if (m_controllers[i].view.controller == controller)
            return int(i);
    }
    return -1;
}

std::vector<WorkQueueModel::Note> WorkQueueModel::notes(int controllerRow) const
{
    std::vector<Note> out;
    if (controllerRow < 0 || controllerRow >= controllerCount())
        return out;
    for (const Note &n : m_controllers[std::size_t(controllerRow)].notes) {
        if (m_now - n.atMs < kNoteMs)
            out.push_back(n);
    }
    return out;
}

QModelIndex WorkQueueModel::sectionIndex(int controllerRow, Section section) const
{
    if (controllerRow < 0 || controllerRow >= controllerCount() || section < 0 || section >= SectionCount)
        return {};
    return createIndex(int(section), 0, sectionId(controllerRow));
}

QModelIndex WorkQueueModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    if (parent.internalId() == 0)
        return createIndex(row, column, sectionId(parent.row()));
    return createIndex(row, column, itemId(controllerOf(parent.internalId()), parent.row()));
}

QModelIndex WorkQueueModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    const int c = controllerOf(child.internalId());
    const int s = sectionOf(child.internalId());
    if (s < 0)
        return createIndex(c, 0, quintptr(0));
    return createIndex(s, 0, sectionId(c));
}

int WorkQueueModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return controllerCount();
    if (parent.column() != 0)
        return 0;
    if (parent.internalId() == 0)
        return SectionCount;
    if (sectionOf(parent.internalId()) >= 0)
        return 0;
    const int c = controllerOf(parent.internalId());
    return c < controllerCount() ? sectionRows(m_controllers[std::size_t(c)], parent.row()) : 0;
}

int WorkQueueModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant WorkQueueModel::controllerData(const Entry &e, int column, int role) const
{
    const WorkQueueMetrics &m = e.view.snapshot.metrics;
    if (role == Qt::DisplayRole) {
        switch (column) {
        case KeyColumn:
            return e.view.controller;
        case InfoColumn:
            return tr("depth %1 · processing %2 · waiting %3").arg(m.depth).arg(m.processing).arg(m.waiting);
        case TimeColumn:
            return tr("adds %1 · dedups %2 · requeues %3 · retries %4 · longest running %5 ms")
                .arg(m.adds).arg(m.dedups).arg(m.requeues).arg(m.retries).arg(m.longestRunningProcessorMs);
        default:
            return {};
        }
    }
    if (role == Qt::FontRole && column == KeyColumn) {
        QFont f;
        f.setBold(true);
        return f;
    }
    return {};
}

QVariant WorkQueueModel::itemData(const Entry &e, int section, int row, int column, int role) const
{
    const WorkQueueSnapshot &s = e.view.snapshot;
    if (section == QueuedSection) {
        if (row >= s.queued.size())
            return {};
        const QueuedItem &q = s.queued[row];
        switch (role) {
        case Qt::DisplayRole:
            if (column == KeyColumn)
                return q.key;
            if (column == InfoColumn)
                return q.dedups > 0 ? tr("×%1 · %2").arg(q.dedups + 1).arg(viaText(q.via)) : viaText(q.via);
            return tr("waited %1 ms").arg(s.atMs - q.addedAtMs);
        case KeyRole: return q.key;
        case DedupsRole: return q.dedups;
        case ViaRole: return int(q.via);
        case TimeMsRole: return s.atMs - q.addedAtMs;
        case RequeuesRole: return q.numRequeues;
        default: return {};
        }
    }
    if (section == WorkersSection) {
        if (row >= int(e.lanes.size()))
            return {};
        const Lane &l = e.lanes[std::size_t(row)];
        const qint64 lastAge = l.lastDoneMs < 0 ? -1 : m_now - l.lastDoneMs;
        switch (role) {
        case Qt::DisplayRole:
            if (column == KeyColumn)
                return l.worker < 0 ? tr("worker ?") : tr("worker %1").arg(l.worker);
            if (column == InfoColumn) {
                if (!l.busy)
                    return tr("idle");
                return l.item.reAdded ? tr("%1 · dirty — will requeue on done()").arg(l.item.key) : l.item.key;
            }
            return l.busy ? tr("running %1 ms").arg(s.atMs - l.item.startedAtMs) : QString();
        case Qt::ForegroundRole:
            return l.busy ? QVariant() : QVariant(theme::muted());
        case KeyRole: return l.busy ? l.item.key : QString();
        case DedupsRole: return l.busy ? l.item.dedups : 0;
        case ReAddedRole: return l.busy && l.item.reAdded;
        case WorkerRole: return l.worker;
        case TimeMsRole: return l.busy ? s.atMs - l.item.startedAtMs : qint64(0);
        case RequeuesRole: return l.busy ? l.item.numRequeues : 0;
        case LastKeyRole: return lastAge >= 0 && lastAge < kLastKeyMs ? l.lastKey : QString();
        case LastAgeRole: return lastAge;
        default: return {};
        }
    }
    if (row >= s.waiting.size())
        return {};
    const WaitingItem &w = s.waiting[row];
    switch (role) {
    case Qt::DisplayRole:
        if (column == KeyColumn)
            return w.key;
        if (column == InfoColumn)
            return w.numRequeues > 0 ? tr("requeues %1").arg(w.numRequeues) : tr("addAfter");
        return tr("ready in %1 ms").arg(w.readyAtMs - s.atMs);
    case KeyRole: return w.key;
    case TimeMsRole: return w.readyAtMs - s.atMs;
    case RequeuesRole: return w.numRequeues;
    case AddAfterCountRole: return w.addAfterCount;
    default: return {};
    }
}

QVariant WorkQueueModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == 0)
        return controllerData(m_controllers[std::size_t(index.row())], index.column(), role);
    const int c = controllerOf(index.internalId());
    if (c >= controllerCount())
        return {};
    const Entry &e = m_controllers[std::size_t(c)];
    const int s = sectionOf(index.internalId());
    if (s < 0) {
        if (role == Qt::DisplayRole && index.column() == KeyColumn)
            return sectionName(Section(index.row()));
        if (role == Qt::DisplayRole && index.column() == InfoColumn)
            return sectionInfo(e, index.row());
        return {};
    }
    return itemData(e, s, index.row(), index.column(), role);
}

QVariant WorkQueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case InfoColumn:
        return tr("State");
    case TimeColumn:
        return tr("Time");
    default:
        return {};
    }
}

} // namespace rlab::ui
