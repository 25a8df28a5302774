#include "ui/history/historymodel.h"

#include "ui/history/templatetext.h"

namespace rlab::ui {

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int HistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const kubectl::rollout::HistoryEntry &e = m_entries[index.row()];
    if (role == RevisionRole)
        return e.revision;
    if (role == Qt::TextAlignmentRole && index.column() == RevisionColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const auto &rs = e.replicaSet;
    switch (index.column()) {
    case RevisionColumn: return e.revision;
    case ChangeCauseColumn: return e.changeCause.isEmpty() ? QStringLiteral("<none>") : e.changeCause;
    case ReplicaSetColumn: return rs ? rs->metadata.name : QString();
    case ImageColumn: return rs ? TemplateText::images(rs->spec.template_) : QString();
    case ReplicasColumn:
        return rs ? QStringLiteral("%1/%2 ready").arg(rs->status.readyReplicas).arg(rs->replicas()) : QString();
    default: return {};
    }
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case RevisionColumn: return tr("REVISION");
    case ChangeCauseColumn: return tr("CHANGE-CAUSE");
    case ReplicaSetColumn: return tr("ReplicaSet");
    case ImageColumn: return tr("Image");
    case ReplicasColumn: return tr("Replicas now");
    default: return {};
    }
}

void HistoryModel::setEntries(const QList<kubectl::rollout::HistoryEntry> &entries)
{
    beginResetModel();
    m_entries = entries;
    endResetModel();
}

QList<qint64> HistoryModel::revisions() const
{
    QList<qint64> out;
    for (const auto &e : m_entries)
        out << e.revision;
    return out;
}

int HistoryModel::rowOf(qint64 revision) const
{
    for (qsizetype i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].revision == revision)
            return int(i);
    return -1;
}

const kubectl::rollout::HistoryEntry *HistoryModel::entry(qint64 revision) const
{
    const int row = rowOf(revision);
    return row < 0 ? nullptr : &m_entries[row];
}

} // namespace rlab::ui
