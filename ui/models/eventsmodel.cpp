#include "ui/models/eventsmodel.h"

#include "core/api/event.h"
#include "core/kubectl/tableprinter.h"
#include "ui/i18n/tracewording.h"
#include "ui/models/rowruns.h"
#include "ui/theme.h"

#include <QFont>
#include <algorithm>
#include <memory>

namespace rlab::ui {

namespace {
const QByteArray kEventsPrefix = QByteArrayLiteral("/registry/events/");
const QColor kWarningText(0xc2, 0x41, 0x0c);
const QColor kWarningBackground(0xff, 0xed, 0xd5);
const QColor kFreshBackground(0xfe, 0xf9, 0xc3);   // a softer theme::recentWrite(): rows come in bursts

const api::Event *asEvent(const api::ObjectPtr &obj)
{
    return obj && obj->kind() == api::Kind::Event ? static_cast<const api::Event *>(obj.get()) : nullptr;
}
} // namespace

EventsModel::EventsModel(QObject *parent)
    : QAbstractTableModel(parent), m_build(new OffThreadBuild(this))
{
}

bool EventsModel::isEventKey(const QByteArray &etcdKey)
{
    return etcdKey.startsWith(kEventsPrefix);
}

QString EventsModel::humanDuration(qint64 ms)
{
    return kubectl::TablePrinter::humanDuration(ms);   // the AGE / LAST SEEN rule kubectl's tables use
}

EventsModel::SortKey EventsModel::sortKeyOf(const view::KeyValue &kv)
{
    SortKey k{0, kv.modRevision};
    if (const api::Event *e = asEvent(kv.value))
        k.lastSeen = e->lastTimestamp != 0 ? e->lastTimestamp
                     : e->firstTimestamp != 0 ? e->firstTimestamp
                                              : e->metadata.creationTimestamp;
    return k;
}

bool EventsModel::isWarning(const api::ObjectPtr &obj)
{
    const api::Event *e = asEvent(obj);
    return e && e->type == QLatin1String("Warning");
}

int EventsModel::lowerBound(const SortKey &key) const
{
    return int(std::lower_bound(m_rows.cbegin(), m_rows.cend(), key, [](const Row &r, const SortKey &k) { return r.sort < k; })
               - m_rows.cbegin());
}

int EventsModel::find(const QByteArray &key) const
{
    const auto it = m_sortByKey.constFind(key);
    if (it == m_sortByKey.cend())
        return -1;
    for (int i = lowerBound(*it); i < m_rows.size() && !(it->operator<(m_rows[i].sort)); ++i) {
        if (m_rows[i].key == key)
            return i;
    }
    return -1;
}

int EventsModel::rowOfKey(const QByteArray &etcdKey) const
{
    return find(etcdKey);
}

EventsModel::Contents EventsModel::build(const std::vector<view::KeyValue> &kvs)
{
    Contents c;
    for (const view::KeyValue &kv : kvs) {
        if (!isEventKey(kv.key) || !asEvent(kv.value))
            continue;
        c.rows.append(Row{kv.key, sortKeyOf(kv), kv.value, -1});
        c.sortByKey.insert(kv.key, c.rows.back().sort);
        c.warnings += isWarning(kv.value) ? 1 : 0;
    }
    std::sort(c.rows.begin(), c.rows.end(), [](const Row &a, const Row &b) { return a.sort < b.sort; });
    return c;
}

void EventsModel::reset(const std::vector<view::KeyValue> &kvs)
{
    resetShared(qsizetype(kvs.size()) < m_offThreadKeys ? std::shared_ptr<const std::vector<view::KeyValue>>(std::shared_ptr<void>(), &kvs)
                                                  : std::make_shared<const std::vector<view::KeyValue>>(kvs));
}

void EventsModel::resetShared(std::shared_ptr<const std::vector<view::KeyValue>> kvs)
{
    m_build->cancel();
    m_pending.clear();
    const bool offThread = qsizetype(kvs->size()) >= m_offThreadKeys;
    auto old = std::make_shared<Contents>();
    beginResetModel();
    Contents now = offThread ? Contents{} : build(*kvs);
    std::swap(old->rows, m_rows);   // freed on the worker when off-thread
    std::swap(old->sortByKey, m_sortByKey);
    m_rows = std::move(now.rows);
    m_sortByKey = std::move(now.sortByKey);
    m_warnings = now.warnings;
    endResetModel();
    if (!offThread)
        return;
    auto out = std::make_shared<Contents>();
    m_build->run([kvs, old, out]() mutable {
        old.reset();
        *out = build(*kvs);
        kvs.reset();   // the last owner may be this thread: the keys are freed here
    }, [this, out] {
        beginResetModel();
        m_rows = std::move(out->rows);
        m_sortByKey = std::move(out->sortByKey);
        m_warnings = out->warnings;
        endResetModel();
        for (const auto &[events, monotonicMs] : std::exchange(m_pending, {}))
            applyNow(events, monotonicMs);
        emit built();
    });
}

void EventsModel::apply(const std::vector<view::WatchEvent> &events, qint64 monotonicMs)
{
    if (m_build->isRunning()) {
        m_pending.emplace_back(events, monotonicMs);
        return;
    }
    applyNow(events, monotonicMs);
}

void EventsModel::applyNow(const std::vector<view::WatchEvent> &events, qint64 monotonicMs)
{
    if (events.size() > kBulkEvents) {
        applyBulk(events, monotonicMs);
        return;
    }
    // Deletes that follow each other are removed together, in runs of adjacent rows (an Event
    // TTL sweep handed on in batches of a few hundred deletes removed its rows one by one, and a
    // table view walks all its rows for each removal: ~10 ms of a frame at 7,500 Events).
    std::vector<qsizetype> gone;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const view::WatchEvent &ev = events[i];
        if (isEventKey(ev.kv.key)) {
            if (ev.type == view::WatchEvent::Delete) {
                if (const int row = find(ev.kv.key); row >= 0)
                    gone.push_back(row);
            } else if (asEvent(ev.kv.value)) {
                put(ev.kv, monotonicMs);
            }
        }
        if (!gone.empty() && (i + 1 == events.size() || events[i + 1].type != view::WatchEvent::Delete))
            removeRows(std::exchange(gone, {}));
    }
}

void EventsModel::removeRows(std::vector<qsizetype> rows)
{
    removeRowRunsFromTheBack(std::move(rows), [this](qsizetype first, qsizetype lastRow) {
        beginRemoveRows({}, int(first), int(lastRow));
        for (qsizetype r = first; r <= lastRow; ++r) {
            m_warnings -= isWarning(m_rows[r].object) ? 1 : 0;
            m_sortByKey.remove(m_rows[r].key);
        }
        m_rows.remove(first, lastRow - first + 1);
        endRemoveRows();
    });
}

// One reset instead of a row signal per insert: a view re-lays out after each insert, so 10,000
// Events arriving in one frame cost O(n^2) one by one (1.3-1.9 s in a Debug build) and one
// merge + sort here. The last write of a key in the batch wins; deletes drop the key.
void EventsModel::applyBulk(const std::vector<view::WatchEvent> &events, qint64 monotonicMs)
{
    QHash<QByteArray, const view::WatchEvent *> last;
    for (const view::WatchEvent &ev : events)
        if (isEventKey(ev.kv.key) && (ev.type == view::WatchEvent::Delete || asEvent(ev.kv.value)))
            last.insert(ev.kv.key, &ev);
    if (last.isEmpty())
        return;
    // Deletes first, as runs of adjacent rows from the back, one rowsRemoved each (issue #17: an
    // Event TTL sweep deletes ~600 of 7,500 rows at once; under a reset every view laid all the
    // rows out again). A reset only for more than kBulkEvents puts, one by one below that.
    std::vector<qsizetype> gone;
    std::vector<const view::WatchEvent *> puts;
    for (auto it = last.cbegin(); it != last.cend(); ++it) {
        if (it.value()->type != view::WatchEvent::Delete)
            puts.push_back(it.value());
        else if (const int row = find(it.key()); row >= 0)
            gone.push_back(row);
    }
    removeRows(std::move(gone));
    if (puts.size() <= kBulkEvents) {
        for (const view::WatchEvent *ev : puts)
            put(ev->kv, monotonicMs);
        return;
    }
    beginResetModel();
    m_rows.removeIf([&](const Row &r) { return last.contains(r.key); });
    for (const view::WatchEvent *ev : std::as_const(last))
        if (ev->type != view::WatchEvent::Delete)
            m_rows.append(Row{ev->kv.key, sortKeyOf(ev->kv), ev->kv.value, monotonicMs});
    std::stable_sort(m_rows.begin(), m_rows.end(), [](const Row &a, const Row &b) { return a.sort < b.sort; });
    m_sortByKey.clear();
    m_warnings = 0;
    for (const Row &r : std::as_const(m_rows)) {
        m_sortByKey.insert(r.key, r.sort);
        m_warnings += isWarning(r.object) ? 1 : 0;
    }
    endResetModel();
}

void EventsModel::put(const view::KeyValue &kv, qint64 monotonicMs)
{
    const Row row{kv.key, sortKeyOf(kv), kv.value, monotonicMs};
    const int old = find(kv.key);
    if (old < 0) {
        const int at = lowerBound(row.sort);
        beginInsertRows({}, at, at);
        m_rows.insert(at, row);
        m_sortByKey.insert(kv.key, row.sort);
        m_warnings += isWarning(kv.value) ? 1 : 0;
        endInsertRows();
        return;
    }
    m_warnings += (isWarning(kv.value) ? 1 : 0) - (isWarning(m_rows[old].object) ? 1 : 0);
    // Where the row belongs among the others (positions counted without it).
    int target = 0;
    {
        const Row taken = m_rows.takeAt(old);
        target = lowerBound(row.sort);
        m_rows.insert(old, taken);
    }
    if (target != old) {
        beginMoveRows({}, old, old, {}, target > old ? target + 1 : target);
        m_rows.removeAt(old);
        m_rows.insert(target, row);
        m_sortByKey.insert(kv.key, row.sort);
        endMoveRows();
    } else {
        m_rows[old] = row;
        m_sortByKey.insert(kv.key, row.sort);
    }
    emit dataChanged(index(target, 0), index(target, ColumnCount - 1));
}

void EventsModel::tick(qint64 virtualNowMs, qint64 monotonicMs)
{
    m_now = virtualNowMs;
    m_monotonic = monotonicMs;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
}

api::ObjectPtr EventsModel::event(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].object : nullptr;
}

int EventsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int EventsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EventsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows[index.row()];
    const api::Event &e = *asEvent(r.object);
    const bool warning = e.type == QLatin1String("Warning");
    const qint64 age = r.writtenAtMs < 0 ? -1 : m_monotonic - r.writtenAtMs;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case LastSeenColumn:
            return r.sort.lastSeen == 0 ? QStringLiteral("<unknown>") : humanDuration(m_now - r.sort.lastSeen);
        case TypeColumn:
            return e.type;
        case ReasonColumn:
            return e.reason;
        case ObjectColumn: {
            const QString kind = e.involvedObject.kind.toLower();
            return e.involvedObject.name.isEmpty() ? kind : kind + QLatin1Char('/') + e.involvedObject.name;
        }
        case MessageColumn:   // upstream's English message, shown in the window's language
            return TraceWording::display(e.message.trimmed());
        case CountColumn:
            return qMax(1, e.count);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return tr("%1 %2 on %3 %4 (from %5), seen %6 time(s)\n%7")
            .arg(e.type, e.reason, e.involvedObject.kind, e.involvedObject.name,
                 e.source.component.isEmpty() ? e.reportingComponent : e.source.component)
            .arg(qMax(1, e.count))
            .arg(TraceWording::withOriginal(e.message));
    case Qt::ForegroundRole:
        if (index.column() == TypeColumn)
            return warning ? kWarningText : theme::created();
        if (warning && (index.column() == ReasonColumn || index.column() == MessageColumn))
            return kWarningText;
        if (index.column() == LastSeenColumn)
            return theme::muted();
        return {};
    case Qt::FontRole:
        if (index.column() == ReasonColumn || (warning && index.column() == TypeColumn)) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        if (age >= 0 && m_fade.isActive(age))
            return m_fade.blend(warning ? kWarningBackground : QColor(255, 255, 255, 0), kFreshBackground, age);
        return warning ? QVariant(kWarningBackground) : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == CountColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case EtcdKeyRole:
        return r.key;
    case WarningRole:
        return warning;
    case HighlightRole:
        return age >= 0 ? m_fade.strength(age) : 0.0;
    default:
        return {};
    }
}

QVariant EventsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case LastSeenColumn:
        return tr("LAST SEEN");
    case TypeColumn:
        return tr("TYPE");
    case ReasonColumn:
        return tr("REASON");
    case ObjectColumn:
        return tr("OBJECT");
    case MessageColumn:
        return tr("MESSAGE");
    case CountColumn:
        return tr("COUNT");
    default:
        return {};
    }
}

} // namespace rlab::ui
