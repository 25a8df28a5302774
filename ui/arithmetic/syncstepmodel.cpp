#include "ui/arithmetic/syncstepmodel.h"

#include "ui/i18n/tracewording.h"
#include "ui/theme.h"

namespace rlab::ui {

SyncStepModel::SyncStepModel(QObject *parent, int capacity) : QAbstractTableModel(parent), m_capacity(qMax(1, capacity)) {}

int SyncStepModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_shown.size());
}

int SyncStepModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SyncStepModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const SyncStep &s = m_shown[index.row()];
    if (role == Qt::ForegroundRole && !s.moved())
        return theme::muted();
    if (role == Qt::ToolTipRole)
        return TraceWording::withOriginal(s.why);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case TimeColumn: return QString::number(s.t / 1000.0, 'f', 3);
    case StepColumn: return s.step;
    case ReplicaSetColumn: return s.replicaSet;
    case MoveColumn: return s.moved() ? QStringLiteral("%1 → %2").arg(s.from).arg(s.to) : QStringLiteral("—");
    case WhyColumn: return TraceWording::display(s.why);
    default: return {};
    }
}

QVariant SyncStepModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TimeColumn: return tr("t (s)");
    case StepColumn: return tr("step");
    case ReplicaSetColumn: return tr("ReplicaSet");
    case MoveColumn: return tr("spec.replicas");
    case WhyColumn: return tr("why (the numbers)");
    default: return {};
    }
}

void SyncStepModel::setKey(const QString &key)
{
    if (key == m_key)
        return;
    m_key = key;
    rebuild();
}

void SyncStepModel::rebuild()
{
    beginResetModel();
    m_shown.clear();
    for (const SyncStep &s : m_all)
        if (m_key.isEmpty() || s.key == m_key)
            m_shown.append(s);
    endResetModel();
}

void SyncStepModel::append(const std::vector<TraceEvent> &events)
{
    QList<SyncStep> fresh;
    for (const TraceEvent &e : events) {
        for (const SyncStep &s : SyncStep::fromTrace(e)) {
            // A decision that moved nothing is logged once until something changes: syncs
            // repeat "cannot scale up … 13 allowed, 13 running" while pods start.
            if (s.moved()) {
                for (auto it = m_lastNoMove.begin(); it != m_lastNoMove.end();)
                    it = it.key().startsWith(s.key + QLatin1Char('|')) ? m_lastNoMove.erase(it) : std::next(it);
            } else {
                QString &last = m_lastNoMove[s.key + QLatin1Char('|') + s.step];
                if (last == s.why)
                    continue;
                last = s.why;
            }
            fresh.append(s);
        }
    }
    if (fresh.isEmpty())
        return;
    m_all += fresh;
    if (m_all.size() > m_capacity) {
        // Rare: rebuild the shown rows from the kept ones.
        m_all.remove(0, m_all.size() - m_capacity);
        rebuild();
        return;
    }
    QList<SyncStep> shown;
    for (const SyncStep &s : fresh)
        if (m_key.isEmpty() || s.key == m_key)
            shown.append(s);
    if (shown.isEmpty())
        return;
    beginInsertRows({}, int(m_shown.size()), int(m_shown.size() + shown.size() - 1));
    m_shown += shown;
    endInsertRows();
}

void SyncStepModel::clear()
{
    beginResetModel();
    m_all.clear();
    m_shown.clear();
    m_lastNoMove.clear();
    endResetModel();
}

} // namespace rlab::ui
