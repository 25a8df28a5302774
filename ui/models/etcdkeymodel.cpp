#include "ui/models/etcdkeymodel.h"

#include "ui/models/rowruns.h"

#include "ui/theme.h"

#include <algorithm>
#include <memory>

namespace rlab::ui {

EtcdKeyModel::EtcdKeyModel(QObject *parent)
    : QAbstractTableModel(parent), m_build(new OffThreadBuild(this))
{
}

EtcdKeyModel::~EtcdKeyModel() = default;

QList<EtcdKeyModel::Row> EtcdKeyModel::build(const std::vector<view::KeyValue> &kvs)
{
    QList<Row> rows;
    rows.reserve(qsizetype(kvs.size()));
    for (const view::KeyValue &kv : kvs)
        rows.append(Row{kv.key, kv.createRevision, kv.modRevision, kv.version, -1});
    std::sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return a.key < b.key; });
    return rows;
}

void EtcdKeyModel::reset(const std::vector<view::KeyValue> &kvs, qint64 revision)
{
    resetShared(qsizetype(kvs.size()) < m_offThreadKeys ? std::shared_ptr<const std::vector<view::KeyValue>>(std::shared_ptr<void>(), &kvs)
                                                  : std::make_shared<const std::vector<view::KeyValue>>(kvs),
          revision);
}

void EtcdKeyModel::resetShared(std::shared_ptr<const std::vector<view::KeyValue>> kvs, qint64 revision)
{
    m_build->cancel();
    m_pending.clear();
    auto old = std::make_shared<QList<Row>>();
    beginResetModel();
    m_highlighted.clear();
    if (qsizetype(kvs->size()) < m_offThreadKeys)
        m_rows = build(*kvs);
    else
        std::swap(*old, m_rows);   // freed on the worker
    endResetModel();
    m_revision = 0;
    setRevision(revision);
    if (qsizetype(kvs->size()) < m_offThreadKeys)
        return;
    auto out = std::make_shared<QList<Row>>();
    m_build->run([kvs, old, out]() mutable {
        old.reset();
        *out = build(*kvs);
        kvs.reset();   // the last owner may be this thread: the keys are freed here
    }, [this, out] {
        beginResetModel();
        m_rows = std::move(*out);
        endResetModel();
        for (const auto &[events, nowMs] : std::exchange(m_pending, {}))
            applyNow(events, nowMs);
        emit built();
    });
}

void EtcdKeyModel::setRevision(qint64 revision)
{
    if (revision == m_revision)
        return;
    m_revision = revision;
    emit revisionChanged(revision);
}

qsizetype EtcdKeyModel::lowerBound(const QByteArray &key) const
{
    return std::lower_bound(m_rows.begin(), m_rows.end(), key, [](const Row &r, const QByteArray &k) { return r.key < k; })
           - m_rows.begin();
}

int EtcdKeyModel::rowOfKey(const QByteArray &key) const
{
    const qsizetype i = lowerBound(key);
    return (i < m_rows.size() && m_rows[i].key == key) ? int(i) : -1;
}

QByteArray EtcdKeyModel::keyAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].key : QByteArray();
}

void EtcdKeyModel::apply(const std::vector<view::WatchEvent> &events, qint64 nowMs)
{
    if (m_build->isRunning()) {
        m_pending.emplace_back(events, nowMs);
        return;
    }
    applyNow(events, nowMs);
}

void EtcdKeyModel::applyNow(const std::vector<view::WatchEvent> &events, qint64 nowMs)
{
    m_nowMs = nowMs;
    qint64 newest = m_revision;
    std::vector<qsizetype> removed;   // rows of the deletes in a row, removed together
    for (std::size_t i = 0; i < events.size(); ++i) {
        const view::WatchEvent &e = events[i];
        if (e.type == view::WatchEvent::Put) {
            put(e.kv, nowMs);
        } else {
            m_highlighted.remove(e.kv.key);
            if (const int row = rowOfKey(e.kv.key); row >= 0)
                removed.push_back(row);
            if (i + 1 == events.size() || events[i + 1].type == view::WatchEvent::Put)
                removeRows(std::exchange(removed, {}));
        }
        newest = std::max(newest, e.revision.main);
    }
    setRevision(newest);
}

void EtcdKeyModel::removeRows(std::vector<qsizetype> rows)
{
    removeRowRunsFromTheBack(std::move(rows), [this](qsizetype first, qsizetype last) {
        beginRemoveRows({}, int(first), int(last));
        m_rows.remove(first, last - first + 1);
        endRemoveRows();
    });
}

void EtcdKeyModel::put(const view::KeyValue &kv, qint64 nowMs)
{
    const qsizetype i = lowerBound(kv.key);
    const Row row{kv.key, kv.createRevision, kv.modRevision, kv.version, nowMs};
    m_highlighted.insert(kv.key, nowMs);
    if (i < m_rows.size() && m_rows[i].key == kv.key) {
        m_rows[i] = row;
        emit dataChanged(index(int(i), 0), index(int(i), ColumnCount - 1));
        return;
    }
    beginInsertRows({}, int(i), int(i));
    m_rows.insert(i, row);
    endInsertRows();
}

void EtcdKeyModel::tick(qint64 nowMs)
{
    m_nowMs = nowMs;
    if (m_highlighted.isEmpty())
        return;
    m_highlighted.removeIf([this, nowMs](const auto &written) { return !m_fade.isActive(nowMs - written.value()); });
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1), {Qt::BackgroundRole, HighlightRole});
}

int EtcdKeyModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int EtcdKeyModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EtcdKeyModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[index.row()];
    const qint64 age = row.writtenAtMs < 0 ? -1 : m_nowMs - row.writtenAtMs;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KeyColumn:
            return QString::fromUtf8(row.key);
        case CreateRevisionColumn:
            return row.createRevision;
        case ModRevisionColumn:
            return row.modRevision;
        case VersionColumn:
            return row.version;
        default:
            return {};
        }
    case Qt::BackgroundRole:
        if (m_fade.isActive(age))
            return m_fade.blend(QColor(255, 255, 255, 0), theme::recentWrite(), age);
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == KeyColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        return tr("%1\ncreated at revision %2, last modified at revision %3, version %4 (puts since creation)")
            .arg(QString::fromUtf8(row.key))
            .arg(row.createRevision)
            .arg(row.modRevision)
            .arg(row.version);
    case KeyRole:
        return row.key;
    case HighlightRole:
        return m_fade.strength(age);
    default:
        return {};
    }
}

QVariant EtcdKeyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case CreateRevisionColumn:
            return tr("create_revision: the revision of the PUT that created the key");
        case ModRevisionColumn:
            return tr("mod_revision: the revision of the key's last PUT (the object's resourceVersion)");
        case VersionColumn:
            return tr("version: PUTs since the key was created (1 = never modified)");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case CreateRevisionColumn:
        return tr("Create");
    case ModRevisionColumn:
        return tr("Mod");
    case VersionColumn:
        return tr("Ver");
    default:
        return {};
    }
}

} // namespace rlab::ui
