#pragma once
#include "core/api/object.h"
#include "core/sim/view/keyvalue.h"
#include "core/sim/view/watchevent.h"
#include "ui/models/objectref.h"
#include "ui/models/offthreadbuild.h"

#include <QAbstractItemModel>
#include <QHash>
#include <array>
#include <memory>
#include <utility>
#include <vector>

namespace rlab::ui {

// One row of ObjectTreeModel (declared outside it so that it can be relocatable, below).
struct ObjectTreeRow
{
    ObjectRef ref;
    QByteArray etcdKey;
    api::ObjectPtr object;
    QString status;
};

} // namespace rlab::ui

// A new object's row goes in the middle of its sorted group (an Event among 7,500): moved with
// memmove instead of element by element (QString, QByteArray and std::shared_ptr hold no pointer
// to themselves). The longest GUI stretches of hostile row (c) spent 10 % inserting rows.
Q_DECLARE_TYPEINFO(rlab::ui::ObjectTreeRow, Q_RELOCATABLE_TYPE);

namespace rlab::ui {

// Every API object in the store, grouped by kind (Nodes, Deployments, ReplicaSets, Pods, and
// Other for namespaces, events and kinds the lab does not simulate), one row per object with
// name, namespace, resourceVersion and a status summary (ObjectSummary). Rows are sorted by
// namespace and name inside their group and change incrementally: a store PUT of a new key
// inserts one row, a PUT of a known key updates it (dataChanged), a DELETE removes it, keyed by
// kind + namespace + name; deletes that follow each other are removed together, one
// rowsRemoved per run of adjacent rows. Fed with store snapshots and watch events (of the "/registry/"
// prefix); it never reads the store itself. A reset of kOffThreadKeys keys or more is built on a
// worker thread (OffThreadBuild: rows, summaries, sorting) and swapped in when done; until then the
// model is empty, isBuilding() is true and apply() keeps the events for after the swap. GUI
// thread only (the worker reads only the snapshot's immutable values).
class ObjectTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Group { Nodes, Deployments, ReplicaSets, Pods, Other, GroupCount };
    enum Column { NameColumn, NamespaceColumn, RevisionColumn, StatusColumn, ColumnCount };
    enum Role { EtcdKeyRole = Qt::UserRole + 1, KindRole, GroupRole };

    explicit ObjectTreeModel(QObject *parent = nullptr);
    ~ObjectTreeModel() override;

    // Replaces everything with the live keys of a snapshot (ClusterView::objects of "/registry/").
    void reset(const std::vector<view::KeyValue> &kvs);
    // The same from shared keys: an off-thread build reads them there, no copy made here.
    void resetShared(std::shared_ptr<const std::vector<view::KeyValue>> kvs);
    // Resets of this many keys or more are built off the GUI thread (0: always, for tests).
    static constexpr qsizetype kOffThreadKeys = 2000;
    void setOffThreadThreshold(qsizetype keys) { m_offThreadKeys = keys; }
    bool isBuilding() const { return m_build->isRunning(); }
    // Where a finished build's swap-in runs (OffThreadBuild::setHandOver).
    void setHandOver(OffThreadBuild::HandOver handOver) { m_build->setHandOver(std::move(handOver)); }
    // Applies store watch events in order.
    void apply(const std::vector<view::WatchEvent> &events);

    static Group groupOf(const api::Object &obj);
    static QString groupName(Group group);
    static ObjectRef refOf(const api::Object &obj);

    int objectCount(Group group) const;
    api::ObjectPtr object(const QModelIndex &index) const;
    QByteArray etcdKey(const QModelIndex &index) const;
    QModelIndex indexOf(const ObjectRef &ref, int column = 0) const;
    QModelIndex indexOfKey(const QByteArray &etcdKey, int column = 0) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    // An off-thread reset was swapped in (and the events that arrived meanwhile applied).
    void built();

private:
    using Row = ObjectTreeRow;

    struct Contents
    {
        std::array<QList<Row>, GroupCount> groups;
        QHash<QByteArray, ObjectRef> refByKey;
        QHash<ObjectRef, Group> groupByRef;
    };
    // The rows of `kvs`, sorted: pure, any thread.
    static Contents build(const std::vector<view::KeyValue> &kvs);
    void swapIn(Contents &&contents);
    void applyNow(const std::vector<view::WatchEvent> &events);
    void put(const view::KeyValue &kv);
    void remove(const QByteArray &etcdKey);
    // Deletes events[from, to): the rows of each group in runs of adjacent rows.
    void removeAll(const std::vector<view::WatchEvent> &events, std::size_t from, std::size_t to);
    // Position of `ref` in its group: the row holding it, or where it would be inserted.
    qsizetype lowerBound(Group group, const ObjectRef &ref) const;
    qsizetype find(Group group, const ObjectRef &ref) const;
    // Drops etcdKey from the lookup tables: its group and row (row -1: not shown / not known).
    std::pair<Group, qsizetype> forget(const QByteArray &etcdKey);
    Group groupOfRef(const ObjectRef &ref) const;
    QVariant groupData(int group, int column, int role) const;
    QVariant rowData(const Row &row, int group, int column, int role) const;
    void groupCountChanged(Group group);

    std::array<QList<Row>, GroupCount> m_groups;
    QHash<QByteArray, ObjectRef> m_refByKey;
    QHash<ObjectRef, Group> m_groupByRef;
    OffThreadBuild *m_build;
    std::vector<view::WatchEvent> m_pending;   // arrived while building
    qsizetype m_offThreadKeys = kOffThreadKeys;
};

} // namespace rlab::ui
