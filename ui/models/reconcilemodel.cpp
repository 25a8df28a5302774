#include "ui/models/reconcilemodel.h"

#include "ui/i18n/tracewording.h"
#include "ui/models/traceeventmodel.h"
#include "ui/theme.h"
#include "ui/widgets/workqueuelanelayout.h"

namespace rlab::ui {

QString ReconcileModel::shortText(const Row &r)
{
    // "syncDeployment default/nginx: rolloutRolling → …" -> "syncDeployment: rolloutRolling → …";
    // the key has its own column.
    const int space = int(r.text.indexOf(QLatin1Char(' ')));
    if (space > 0 && QStringView(r.text).mid(space + 1).startsWith(r.key))
        return r.text.left(space) + r.text.mid(space + 1 + r.key.size());
    return r.text;
}

QColor ReconcileModel::controllerColor(const QString &controller)
{
    if (controller == QLatin1String("deployment"))
        return theme::accent();
    if (controller == QLatin1String("replicaset"))
        return theme::created();
    if (controller == QLatin1String("scheduler"))
        return QColor(0x7c, 0x3a, 0xed);
    if (controller.startsWith(QLatin1String("kubelet/")))
        return QColor(0x0e, 0x74, 0x90);
    return theme::muted();
}

ReconcileModel::ReconcileModel(QObject *parent, int capacity)
    : QAbstractTableModel(parent), m_capacity(qMax(1, capacity))
{
}

void ReconcileModel::append(const std::vector<TraceEvent> &events)
{
    std::vector<Row> added;
    for (const TraceEvent &ev : events) {
        const bool start = ev.type == QLatin1String("ReconcileStart");
        const bool end = ev.type == QLatin1String("ReconcileEnd");
        const bool error = ev.type == QLatin1String("ReconcileError");
        if (!start && !end && !error)
            continue;
        const QString k = openKey(ev);
        if (start) {
            // upstream never runs one key twice at once; a start without an end was cut off.
            m_open.insert(k, m_firstId + qint64(m_rows.size() + added.size()));
            added.push_back(Row{ev.t, -1, ev.component, ev.worker, ev.key, ev.text, Running});
            continue;
        }
        const Outcome outcome = end ? Succeeded : Failed;
        const auto it = m_open.constFind(k);
        const qint64 id = it == m_open.cend() ? -1 : *it;
        if (it != m_open.cend())
            m_open.erase(it);
        const qint64 published = m_firstId + qint64(m_rows.size());
        if (id >= published) {
            Row &r = added[std::size_t(id - published)];
            r.endMs = ev.t;
            r.endSeq = ev.seq;
            r.text = ev.text;
            r.outcome = outcome;
        } else if (id >= m_firstId) {
            Row &r = m_rows[std::size_t(id - m_firstId)];
            r.endMs = ev.t;
            r.endSeq = ev.seq;
            r.text = ev.text;
            r.outcome = outcome;
            const int row = int(id - m_firstId);
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        } else {
            added.push_back(Row{-1, ev.t, ev.component, ev.worker, ev.key, ev.text, outcome, ev.seq});
        }
    }
    if (added.empty())
        return;
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(added.size()) - 1);
    m_rows.insert(m_rows.end(), added.begin(), added.end());
    endInsertRows();
    trim();
}

void ReconcileModel::trim()
{
    const int overflow = int(m_rows.size()) - m_capacity;
    if (overflow <= 0)
        return;
    beginRemoveRows({}, 0, overflow - 1);
    m_rows.erase(m_rows.begin(), m_rows.begin() + overflow);
    m_firstId += overflow;
    endRemoveRows();
    for (auto it = m_open.begin(); it != m_open.end();) {
        if (*it < m_firstId)
            it = m_open.erase(it);
        else
            ++it;
    }
}

void ReconcileModel::clear()
{
    beginResetModel();
    m_firstId += qint64(m_rows.size());
    m_rows.clear();
    m_open.clear();
    endResetModel();
}

int ReconcileModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ReconcileModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReconcileModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows[std::size_t(index.row())];
    const bool timed = r.startMs >= 0 && r.endMs >= 0;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return TraceEventModel::formatTime(r.startMs >= 0 ? r.startMs : r.endMs);
        case ControllerColumn:
            return r.controller;
        case WorkerColumn:
            return r.worker >= 0 ? QVariant(r.worker) : QVariant(QString());
        case KeyColumn:
            return r.key;
        case DurationColumn:
            if (r.outcome == Running)
                return tr("running…");
            return timed ? WorkQueueLaneLayout::duration(r.endMs - r.startMs) : QString();
        case TextColumn:
            return TraceWording::display(shortText(r));
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return TraceWording::withOriginal(r.text);
    case Qt::ForegroundRole:
        if (r.outcome == Failed && (index.column() == TextColumn || index.column() == DurationColumn))
            return theme::deleted();
        if (index.column() == TimeColumn || index.column() == WorkerColumn || index.column() == DurationColumn)
            return theme::muted();
        if (index.column() == ControllerColumn)
            return controllerColor(r.controller);
        return {};
    case Qt::BackgroundRole:
        if (r.outcome == Failed)
            return theme::errorBackground();
        if (r.outcome == Running)
            return theme::recentWrite();
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == TimeColumn || index.column() == WorkerColumn || index.column() == DurationColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case OutcomeRole:
        return int(r.outcome);
    case DurationMsRole:
        return timed ? QVariant(r.endMs - r.startMs) : QVariant();
    case EndSeqRole:
        return r.endSeq;
    case SentenceRole:
        return r.text;
    default:
        return {};
    }
}

QVariant ReconcileModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("t (s)");
    case ControllerColumn:
        return tr("Controller");
    case WorkerColumn:
        return tr("Worker");
    case KeyColumn:
        return tr("Key");
    case DurationColumn:
        return tr("Took");
    case TextColumn:
        return tr("What the reconcile did");
    default:
        return {};
    }
}

} // namespace rlab::ui
