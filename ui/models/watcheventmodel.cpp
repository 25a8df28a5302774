#include "ui/models/watcheventmodel.h"

#include "ui/theme.h"

namespace rlab::ui {

WatchEventModel::WatchEventModel(QObject *parent, int capacity)
    : QAbstractTableModel(parent), m_capacity(qMax(1, capacity))
{
}

void WatchEventModel::append(const std::vector<view::WatchEvent> &events)
{
    if (events.empty())
        return;
    m_total += qint64(events.size());
    // Only the newest `capacity` of this batch can stay.
    const std::size_t skip = events.size() > std::size_t(m_capacity) ? events.size() - std::size_t(m_capacity) : 0;
    const int incoming = int(events.size() - skip);
    const int overflow = int(m_rows.size()) + incoming - m_capacity;
    if (overflow > 0) {
        beginRemoveRows({}, 0, overflow - 1);
        m_rows.erase(m_rows.begin(), m_rows.begin() + overflow);
        endRemoveRows();
    }
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + incoming - 1);
    for (std::size_t i = skip; i < events.size(); ++i) {
        const view::WatchEvent &e = events[i];
        m_rows.push_back(Row{e.revision, e.type, e.isCreate(), e.kv.key, e.kv.version});
    }
    endInsertRows();
}

void WatchEventModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_total = 0;
    endResetModel();
}

int WatchEventModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int WatchEventModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant WatchEventModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case RevisionColumn:
            return row.revision.sub == 0 ? QString::number(row.revision.main)
                                         : QStringLiteral("%1.%2").arg(row.revision.main).arg(row.revision.sub);
        case TypeColumn:
            return QLatin1String(view::WatchEvent::typeName(row.type));
        case KeyColumn:
            return QString::fromUtf8(row.key);
        default:
            return {};
        }
    case Qt::ForegroundRole:
        if (index.column() != TypeColumn)
            return {};
        if (row.type == view::WatchEvent::Delete)
            return theme::deleted();
        return row.created ? theme::created() : QVariant();
    case Qt::ToolTipRole:
        if (row.type == view::WatchEvent::Delete)
            return tr("DELETE %1 at revision %2").arg(QString::fromUtf8(row.key)).arg(row.revision.main);
        return tr("PUT %1 at revision %2: %3 (version %4)")
            .arg(QString::fromUtf8(row.key))
            .arg(row.revision.main)
            .arg(row.created ? tr("key created") : tr("key modified"))
            .arg(row.version);
    case Qt::TextAlignmentRole:
        return index.column() == RevisionColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    default:
        return {};
    }
}

QVariant WatchEventModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RevisionColumn:
        return tr("Rev");
    case TypeColumn:
        return tr("Type");
    case KeyColumn:
        return tr("Key");
    default:
        return {};
    }
}

} // namespace rlab::ui
