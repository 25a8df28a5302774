#pragma once
#include "ui/arithmetic/syncstep.h"

#include <QAbstractTableModel>
#include <QHash>
#include <vector>

namespace rlab::ui {

// The per-sync log of the arithmetic panel: one row per SyncStep of the Deployment controller
// (time, step, ReplicaSet, from → to, why), appended from trace batches, optionally only those
// of one Deployment key, the oldest leaving beyond `capacity`. A step that moved nothing is
// kept only when its sentence differs from the last one of that step (until a ReplicaSet of
// that Deployment moves). GUI thread only.
class SyncStepModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { TimeColumn, StepColumn, ReplicaSetColumn, MoveColumn, WhyColumn, ColumnCount };

    explicit SyncStepModel(QObject *parent = nullptr, int capacity = 2000);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "" = every Deployment. Rows of other keys are kept and filtered when shown.
    void setKey(const QString &key);
    void append(const std::vector<TraceEvent> &events);
    void clear();
    const SyncStep &step(int row) const { return m_shown[row]; }

private:
    void rebuild();

    QList<SyncStep> m_all;
    QList<SyncStep> m_shown;
    QString m_key;
    QHash<QString, QString> m_lastNoMove;   // "key|step" → why
    int m_capacity;
};

} // namespace rlab::ui
