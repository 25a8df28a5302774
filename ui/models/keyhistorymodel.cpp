#include "ui/models/keyhistorymodel.h"

#include "ui/theme.h"

namespace rlab::ui {

KeyHistoryModel::KeyHistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void KeyHistoryModel::setHistory(const QByteArray &key, std::vector<view::WatchEvent> history)
{
    beginResetModel();
    m_key = key;
    m_events = std::move(history);
    m_sizes.clear();
    for (const view::WatchEvent &e : m_events)
        m_sizes.push_back(e.type == view::WatchEvent::Put ? e.kv.bytes().size() : 0);
    endResetModel();
}

void KeyHistoryModel::clear()
{
    setHistory({}, {});
}

int KeyHistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int KeyHistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KeyHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const view::WatchEvent &e = m_events[std::size_t(index.row())];
    const bool put = e.type == view::WatchEvent::Put;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case RevisionColumn:
            return e.revision.main;
        case TypeColumn:
            return QLatin1String(view::WatchEvent::typeName(e.type));
        case VersionColumn:
            return put ? QVariant(e.kv.version) : QVariant(QStringLiteral("–"));
        case SizeColumn:
            return put ? QVariant(tr("%1 B").arg(m_sizes[std::size_t(index.row())])) : QVariant();
        default:
            return {};
        }
    case Qt::ForegroundRole:
        if (index.column() != TypeColumn)
            return {};
        return put ? (e.isCreate() ? QVariant(theme::created()) : QVariant()) : QVariant(theme::deleted());
    case Qt::TextAlignmentRole:
        return index.column() == TypeColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant KeyHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RevisionColumn:
        return tr("Revision");
    case TypeColumn:
        return tr("Type");
    case VersionColumn:
        return tr("Version");
    case SizeColumn:
        return tr("Size");
    default:
        return {};
    }
}

} // namespace rlab::ui
