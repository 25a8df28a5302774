#include "ui/models/objecttreemodel.h"

#include "ui/models/objectsummary.h"
#include "ui/models/rowruns.h"
#include "ui/theme.h"

#include <QFont>
#include <algorithm>
#include <memory>
#include <utility>

namespace rlab::ui {

namespace {
constexpr quintptr kGroupId = 0;   // internalId of group rows; object rows use group + 1
}

ObjectTreeModel::ObjectTreeModel(QObject *parent)
    : QAbstractItemModel(parent), m_build(new OffThreadBuild(this))
{
}

ObjectTreeModel::~ObjectTreeModel() = default;

ObjectTreeModel::Group ObjectTreeModel::groupOf(const api::Object &obj)
{
    switch (obj.kind()) {
    case api::Kind::Node:
        return Nodes;
    case api::Kind::Deployment:
        return Deployments;
    case api::Kind::ReplicaSet:
        return ReplicaSets;
    case api::Kind::Pod:
        return Pods;
    default:
        return Other;
    }
}

QString ObjectTreeModel::groupName(Group group)
{
    switch (group) {
    case Nodes:
        return tr("Nodes");
    case Deployments:
        return tr("Deployments");
    case ReplicaSets:
        return tr("ReplicaSets");
    case Pods:
        return tr("Pods");
    case Other:
    case GroupCount:
        break;
    }
    return tr("Other");
}

ObjectRef ObjectTreeModel::refOf(const api::Object &obj)
{
    return ObjectRef{obj.kindName, obj.metadata.namespace_, obj.metadata.name};
}

ObjectTreeModel::Contents ObjectTreeModel::build(const std::vector<view::KeyValue> &kvs)
{
    Contents c;
    for (const view::KeyValue &kv : kvs) {
        if (!kv.value)
            continue;
        const ObjectRef ref = refOf(*kv.value);
        const Group g = groupOf(*kv.value);
        c.refByKey.insert(kv.key, ref);
        c.groupByRef.insert(ref, g);
        c.groups[g].append(Row{ref, kv.key, kv.value, ObjectSummary::status(*kv.value)});
    }
    for (QList<Row> &rows : c.groups)
        std::sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return a.ref < b.ref; });
    return c;
}

void ObjectTreeModel::swapIn(Contents &&contents)
{
    beginResetModel();
    m_groups = std::move(contents.groups);
    m_refByKey = std::move(contents.refByKey);
    m_groupByRef = std::move(contents.groupByRef);
    endResetModel();
}

void ObjectTreeModel::reset(const std::vector<view::KeyValue> &kvs)
{
    if (qsizetype(kvs.size()) < m_offThreadKeys) {
        m_build->cancel();
        m_pending.clear();
        swapIn(build(kvs));
        return;
    }
    resetShared(std::make_shared<const std::vector<view::KeyValue>>(kvs));
}

void ObjectTreeModel::resetShared(std::shared_ptr<const std::vector<view::KeyValue>> kvs)
{
    m_build->cancel();
    m_pending.clear();
    if (qsizetype(kvs->size()) < m_offThreadKeys) {
        swapIn(build(*kvs));
        return;
    }
    // Empty until the worker is done; the old rows go with the worker and are freed there.
    auto old = std::make_shared<Contents>();
    beginResetModel();
    std::swap(old->groups, m_groups);
    std::swap(old->refByKey, m_refByKey);
    std::swap(old->groupByRef, m_groupByRef);
    endResetModel();
    auto out = std::make_shared<Contents>();
    m_build->run([kvs, old, out]() mutable {
        old.reset();
        *out = build(*kvs);
        kvs.reset();   // the last owner may be this thread: the keys are freed here
    }, [this, out] {
        swapIn(std::move(*out));
        applyNow(std::exchange(m_pending, {}));
        emit built();
    });
}

void ObjectTreeModel::apply(const std::vector<view::WatchEvent> &events)
{
    if (m_build->isRunning()) {
        m_pending.insert(m_pending.end(), events.begin(), events.end());
        return;
    }
    applyNow(events);
}

void ObjectTreeModel::applyNow(const std::vector<view::WatchEvent> &events)
{
    for (std::size_t i = 0; i < events.size();) {
        if (events[i].type == view::WatchEvent::Put) {
            put(events[i++].kv);
            continue;
        }
        std::size_t end = i;
        while (end < events.size() && events[end].type != view::WatchEvent::Put)
            ++end;
        removeAll(events, i, end);
        i = end;
    }
}

std::pair<ObjectTreeModel::Group, qsizetype> ObjectTreeModel::forget(const QByteArray &etcdKey)
{
    const auto it = m_refByKey.constFind(etcdKey);
    if (it == m_refByKey.cend())
        return {Group(0), -1};
    const ObjectRef ref = *it;
    const Group g = groupOfRef(ref);
    const qsizetype row = find(g, ref);
    m_refByKey.erase(it);
    m_groupByRef.remove(ref);
    return {g, row};
}

void ObjectTreeModel::removeAll(const std::vector<view::WatchEvent> &events, std::size_t from, std::size_t to)
{
    // Deletes that follow each other (an Event TTL sweep: ~600 of 7,500 Events at once) go
    // together, one removal per run of adjacent rows (removeRowRunsFromTheBack; one row at a
    // time was a ~45 ms frame, issue #17).
    std::array<std::vector<qsizetype>, GroupCount> rows;
    for (std::size_t k = from; k < to; ++k) {
        const auto [g, row] = forget(events[k].kv.key);
        if (row >= 0)
            rows[g].push_back(row);
    }
    for (int g = 0; g < GroupCount; ++g) {
        if (rows[std::size_t(g)].empty())
            continue;
        removeRowRunsFromTheBack(std::move(rows[std::size_t(g)]), [this, g](qsizetype first, qsizetype last) {
            beginRemoveRows(index(g, 0), int(first), int(last));
            m_groups[g].remove(first, last - first + 1);
            endRemoveRows();
        });
        groupCountChanged(Group(g));
    }
}

qsizetype ObjectTreeModel::lowerBound(Group group, const ObjectRef &ref) const
{
    const QList<Row> &rows = m_groups[group];
    return std::lower_bound(rows.begin(), rows.end(), ref, [](const Row &r, const ObjectRef &x) { return r.ref < x; })
           - rows.begin();
}

qsizetype ObjectTreeModel::find(Group group, const ObjectRef &ref) const
{
    const qsizetype i = lowerBound(group, ref);
    return (i < m_groups[group].size() && m_groups[group][i].ref == ref) ? i : -1;
}

ObjectTreeModel::Group ObjectTreeModel::groupOfRef(const ObjectRef &ref) const
{
    return m_groupByRef.value(ref, Other);
}

void ObjectTreeModel::put(const view::KeyValue &kv)
{
    if (!kv.value)
        return;
    const ObjectRef ref = refOf(*kv.value);
    const Group g = groupOf(*kv.value);
    const auto known = m_refByKey.constFind(kv.key);
    if (known != m_refByKey.cend() && *known == ref) {
        const qsizetype row = find(g, ref);
        if (row >= 0) {
            Row &r = m_groups[g][row];
            r.object = kv.value;
            r.etcdKey = kv.key;
            r.status = ObjectSummary::status(*kv.value);
            const QModelIndex parent = index(g, 0);
            emit dataChanged(index(int(row), 0, parent), index(int(row), ColumnCount - 1, parent));
            return;
        }
    }
    if (known != m_refByKey.cend())
        remove(kv.key);   // same key, different identity: never expected, stay consistent anyway
    const qsizetype row = lowerBound(g, ref);
    beginInsertRows(index(g, 0), int(row), int(row));
    m_groups[g].insert(row, Row{ref, kv.key, kv.value, ObjectSummary::status(*kv.value)});
    m_refByKey.insert(kv.key, ref);
    m_groupByRef.insert(ref, g);
    endInsertRows();
    groupCountChanged(g);
}

void ObjectTreeModel::remove(const QByteArray &etcdKey)
{
    const auto [g, row] = forget(etcdKey);
    if (row < 0)
        return;
    beginRemoveRows(index(g, 0), int(row), int(row));
    m_groups[g].removeAt(row);
    endRemoveRows();
    groupCountChanged(g);
}

void ObjectTreeModel::groupCountChanged(Group group)
{
    emit dataChanged(index(group, 0), index(group, ColumnCount - 1));
}

int ObjectTreeModel::objectCount(Group group) const
{
    return group >= 0 && group < GroupCount ? int(m_groups[group].size()) : 0;
}

api::ObjectPtr ObjectTreeModel::object(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() == kGroupId)
        return nullptr;
    const QList<Row> &rows = m_groups[index.internalId() - 1];
    return index.row() < rows.size() ? rows[index.row()].object : nullptr;
}

QByteArray ObjectTreeModel::etcdKey(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() == kGroupId)
        return {};
    return m_groups[index.internalId() - 1].value(index.row()).etcdKey;
}

QModelIndex ObjectTreeModel::indexOf(const ObjectRef &ref, int column) const
{
    const auto it = m_groupByRef.constFind(ref);
    if (it == m_groupByRef.cend())
        return {};
    const qsizetype row = find(*it, ref);
    return row < 0 ? QModelIndex() : index(int(row), column, index(*it, 0));
}

QModelIndex ObjectTreeModel::indexOfKey(const QByteArray &etcdKey, int column) const
{
    const auto it = m_refByKey.constFind(etcdKey);
    return it == m_refByKey.cend() ? QModelIndex() : indexOf(*it, column);
}

QModelIndex ObjectTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row < GroupCount ? createIndex(row, column, kGroupId) : QModelIndex();
    if (parent.internalId() != kGroupId || parent.column() != 0 || row >= m_groups[parent.row()].size())
        return {};
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex ObjectTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == kGroupId)
        return {};
    return createIndex(int(child.internalId() - 1), 0, kGroupId);
}

int ObjectTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return GroupCount;
    if (parent.internalId() != kGroupId || parent.column() != 0)
        return 0;
    return int(m_groups[parent.row()].size());
}

int ObjectTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant ObjectTreeModel::groupData(int group, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        if (column != NameColumn)
            return {};
        if (group == Other)
            return tr("%1 (%2) · namespaces, events, kinds not simulated").arg(groupName(Group(group))).arg(m_groups[group].size());
        return QStringLiteral("%1 (%2)").arg(groupName(Group(group))).arg(m_groups[group].size());
    case Qt::FontRole: {
        QFont f;
        f.setBold(true);
        return f;
    }
    case GroupRole:
        return group;
    default:
        return {};
    }
}

QVariant ObjectTreeModel::rowData(const Row &row, int group, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case NameColumn:
            return group == Other ? row.ref.kind.toLower() + QLatin1Char('/') + row.ref.name : row.ref.name;
        case NamespaceColumn:
            return row.ref.namespace_;
        case RevisionColumn:
            return row.object->metadata.resourceVersion;
        case StatusColumn:
            return row.status;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return QStringLiteral("%1\n%2\n%3").arg(row.ref.toString(), QString::fromUtf8(row.etcdKey),
                                                ObjectSummary::explanation(*row.object));
    case Qt::ForegroundRole:
        if (column == NamespaceColumn || column == RevisionColumn)
            return theme::muted();
        if (column == StatusColumn && (group == Other || ObjectSummary::awaitsController(*row.object)))
            return theme::muted();
        return {};
    case Qt::TextAlignmentRole:
        return column == RevisionColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case EtcdKeyRole:
        return row.etcdKey;
    case KindRole:
        return row.ref.kind;
    case GroupRole:
        return group;
    default:
        return {};
    }
}

QVariant ObjectTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    if (index.internalId() == kGroupId)
        return groupData(index.row(), index.column(), role);
    const int group = int(index.internalId() - 1);
    const QList<Row> &rows = m_groups[group];
    if (index.row() >= rows.size())
        return {};
    return rowData(rows[index.row()], group, index.column(), role);
}

QVariant ObjectTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case NamespaceColumn:
        return tr("Namespace");
    case RevisionColumn:
        return tr("Rev");
    case StatusColumn:
        return tr("Status");
    default:
        return {};
    }
}

} // namespace rlab::ui
