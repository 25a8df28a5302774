#pragma once
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

// One row of EtcdKeyModel (declared outside it so that it can be relocatable, below).
struct EtcdKeyRow
{
    QByteArray key;
    qint64 createRevision = 0;
    qint64 modRevision = 0;
    qint64 version = 0;
    qint64 writtenAtMs = -1;
};

} // namespace rlab::ui

// A new key's row goes in the middle of the byte-ordered list: moved with memmove.
Q_DECLARE_TYPEINFO(rlab::ui::EtcdKeyRow, Q_RELOCATABLE_TYPE);

namespace rlab::ui {

// Every live key of the etcd-like store, in byte order, as `etcdctl get --prefix /registry`
// would list them, with create revision, mod revision and version. Keys written (PUT) in the
// last second are highlighted (HighlightFade on BackgroundRole); a DELETE removes the row
// (deletes that follow each other: one rowsRemoved per run of adjacent rows).
// Incremental like ObjectTreeModel: fed with a snapshot, then store watch events; the caller
// passes the time (monotonic ms) so the fade is testable. A reset of kOffThreadKeys keys or more
// is sorted on a worker thread (OffThreadBuild) and swapped in; until then the model is empty,
// isBuilding() is true and apply() keeps the events for after the swap. GUI thread only.
class EtcdKeyModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { KeyColumn, CreateRevisionColumn, ModRevisionColumn, VersionColumn, ColumnCount };
    enum Role { KeyRole = Qt::UserRole + 1, HighlightRole };

    explicit EtcdKeyModel(QObject *parent = nullptr);
    ~EtcdKeyModel() override;

    void reset(const std::vector<view::KeyValue> &kvs, qint64 revision);
    // The same from shared keys: an off-thread build reads them there, no copy made here.
    void resetShared(std::shared_ptr<const std::vector<view::KeyValue>> kvs, qint64 revision);
    static constexpr qsizetype kOffThreadKeys = 2000;   // 0: always off-thread (tests)
    void setOffThreadThreshold(qsizetype keys) { m_offThreadKeys = keys; }
    bool isBuilding() const { return m_build->isRunning(); }
    // Where a finished build's swap-in runs (OffThreadBuild::setHandOver).
    void setHandOver(OffThreadBuild::HandOver handOver) { m_build->setHandOver(std::move(handOver)); }
    void apply(const std::vector<view::WatchEvent> &events, qint64 nowMs);
    // Moves the highlight clock; while any row fades (or one just ended), one dataChanged over
    // every row for the fade's roles (a view repaints what it shows). Row by row, each fading key
    // was looked up per frame: thousands after a burst of writes, ~4 ms of a frame.
    void tick(qint64 nowMs);

    // The newest store revision this model has seen (snapshot revision or last event).
    qint64 revision() const { return m_revision; }
    QByteArray keyAt(int row) const;
    int rowOfKey(const QByteArray &key) const;
    int highlightedCount() const { return int(m_highlighted.size()); }
    const HighlightFade &fade() const { return m_fade; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void revisionChanged(qint64 revision);
    void built();   // an off-thread reset was swapped in

private:
    using Row = EtcdKeyRow;

    static QList<Row> build(const std::vector<view::KeyValue> &kvs);   // pure, any thread
    void applyNow(const std::vector<view::WatchEvent> &events, qint64 nowMs);
    qsizetype lowerBound(const QByteArray &key) const;
    void put(const view::KeyValue &kv, qint64 nowMs);
    void removeRows(std::vector<qsizetype> rows);   // any order: removed in runs of adjacent rows
    void setRevision(qint64 revision);

    QList<Row> m_rows;
    QHash<QByteArray, qint64> m_highlighted;   // fading keys: when each was written (nowMs)
    HighlightFade m_fade;
    qint64 m_nowMs = 0;
    qint64 m_revision = 0;
    OffThreadBuild *m_build;
    std::vector<std::pair<std::vector<view::WatchEvent>, qint64>> m_pending;   // arrived while building
    qsizetype m_offThreadKeys = kOffThreadKeys;
};

} // namespace rlab::ui
