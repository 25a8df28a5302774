#pragma once
#include "core/kubectl/rollout.h"

#include <QAbstractTableModel>

namespace rlab::ui {

// The rows of `kubectl rollout history` with what a learner wants next to them: revision,
// change-cause, the ReplicaSet holding the revision, its image(s) and its replicas now
// ("3/3 ready"). setEntries() replaces the rows (a revision list is a handful of rows; a reset
// keeps the selection logic simple). GUI thread only.
class HistoryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { RevisionColumn, ChangeCauseColumn, ReplicaSetColumn, ImageColumn, ReplicasColumn, ColumnCount };
    enum Role { RevisionRole = Qt::UserRole + 1 };

    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setEntries(const QList<kubectl::rollout::HistoryEntry> &entries);
    const QList<kubectl::rollout::HistoryEntry> &entries() const { return m_entries; }
    QList<qint64> revisions() const;
    int rowOf(qint64 revision) const;   // -1 when absent
    const kubectl::rollout::HistoryEntry *entry(qint64 revision) const;

private:
    QList<kubectl::rollout::HistoryEntry> m_entries;
};

} // namespace rlab::ui
