#pragma once
#include "core/api/object.h"
#include "core/sim/view/keyvalue.h"
#include "core/sim/view/watchevent.h"
#include "ui/models/highlightfade.h"
#include "ui/models/offthreadbuild.h"

#include <QAbstractTableModel>
#include <QHash>
#include <memory>
#include <utility>
#include <vector>

namespace rlab::ui {

// A row of EventsModel and its sort key (declared outside it so that the row can be
// relocatable, below).
struct EventsSortKey
{
    qint64 lastSeen = 0;
    qint64 modRevision = 0;
    bool operator<(const EventsSortKey &o) const
    {
        return lastSeen != o.lastSeen ? lastSeen < o.lastSeen : modRevision < o.modRevision;
    }
};
struct EventsRow
{
    QByteArray key;
    EventsSortKey sort;
    api::ObjectPtr object;
    qint64 writtenAtMs = -1;   // monotonic; -1 = came with the snapshot
};

} // namespace rlab::ui

// Relocatable: rows removed or inserted mid-list are moved with memmove instead of element by
// element (QByteArray and std::shared_ptr hold no pointer to themselves). The longest GUI
// stretches of hostile row (c) spent 13 % moving Events rows one by one after a TTL sweep.
Q_DECLARE_TYPEINFO(rlab::ui::EventsRow, Q_RELOCATABLE_TYPE);

namespace rlab::ui {

// The Kubernetes Events of the cluster as `kubectl get events` lists them: LAST SEEN (age of
// lastTimestamp on the virtual clock, kubectl's HumanDuration), TYPE (Normal / Warning), REASON,
// OBJECT (kind/name), MESSAGE and COUNT, oldest first and the most recently seen at the bottom.
// Built from the store's /registry/events/ keys: a PUT inserts or updates its row (a count bump
// moves it to the bottom), a DELETE removes it; other keys are ignored. Rows written less than a
// second ago are highlighted (HighlightFade), Warning rows always stand out. tick() moves both
// clocks so LAST SEEN and the fade are testable. MESSAGE is upstream's English, shown in the
// window's language (TraceWording). A reset of kOffThreadKeys keys or more is built on a worker
// thread (OffThreadBuild) and swapped in; until then the model is empty, isBuilding() is true and
// apply() keeps the events for after the swap. GUI thread only.
class EventsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { LastSeenColumn, TypeColumn, ReasonColumn, ObjectColumn, MessageColumn, CountColumn, ColumnCount };
    enum Role { EtcdKeyRole = Qt::UserRole + 1, WarningRole, HighlightRole };

    explicit EventsModel(QObject *parent = nullptr);

    // Replaces everything with the event keys of a snapshot (ClusterView::objects of "/registry/").
    void reset(const std::vector<view::KeyValue> &kvs);
    // The same from shared keys: an off-thread build reads them there, no copy made here.
    void resetShared(std::shared_ptr<const std::vector<view::KeyValue>> kvs);
    static constexpr qsizetype kOffThreadKeys = 2000;   // 0: always off-thread (tests)
    // A bigger batch: its deletes removed in runs, its puts (more than this) under one reset.
    static constexpr std::size_t kBulkEvents = 256;
    void setOffThreadThreshold(qsizetype keys) { m_offThreadKeys = keys; }
    bool isBuilding() const { return m_build->isRunning(); }
    // Where a finished build's swap-in runs (OffThreadBuild::setHandOver).
    void setHandOver(OffThreadBuild::HandOver handOver) { m_build->setHandOver(std::move(handOver)); }
    void apply(const std::vector<view::WatchEvent> &events, qint64 monotonicMs = 0);
    // virtualNowMs: the cluster clock (same epoch as lastTimestamp); monotonicMs: the fade clock.
    void tick(qint64 virtualNowMs, qint64 monotonicMs);

    int warningCount() const { return m_warnings; }
    api::ObjectPtr event(int row) const;
    int rowOfKey(const QByteArray &etcdKey) const;

    // k8s.io/apimachinery/pkg/util/duration.HumanDuration: 0 -> "0s", 59 s -> "59s",
    // 129 s -> "2m9s", 15 min -> "15m", 5 h 10 min -> "5h10m", 76 h -> "3d4h", 740 d -> "2y10d".
    static QString humanDuration(qint64 ms);
    static bool isEventKey(const QByteArray &etcdKey);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void built();   // an off-thread reset was swapped in

private:
    using SortKey = EventsSortKey;
    using Row = EventsRow;

    struct Contents
    {
        QList<Row> rows;
        QHash<QByteArray, SortKey> sortByKey;
        int warnings = 0;
    };
    static Contents build(const std::vector<view::KeyValue> &kvs);   // pure, any thread
    void applyNow(const std::vector<view::WatchEvent> &events, qint64 monotonicMs);
    static SortKey sortKeyOf(const view::KeyValue &kv);
    int lowerBound(const SortKey &key) const;
    int find(const QByteArray &key) const;
    void applyBulk(const std::vector<view::WatchEvent> &events, qint64 monotonicMs);
    void put(const view::KeyValue &kv, qint64 monotonicMs);
    // Rows removed as runs of adjacent rows, from the back (removeRowRunsFromTheBack).
    void removeRows(std::vector<qsizetype> rows);
    static bool isWarning(const api::ObjectPtr &obj);

    QList<Row> m_rows;
    QHash<QByteArray, SortKey> m_sortByKey;
    HighlightFade m_fade;
    qint64 m_now = 0, m_monotonic = 0;
    int m_warnings = 0;
    OffThreadBuild *m_build;
    std::vector<std::pair<std::vector<view::WatchEvent>, qint64>> m_pending;   // arrived while building
    qsizetype m_offThreadKeys = kOffThreadKeys;
};

} // namespace rlab::ui
