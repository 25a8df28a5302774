#include "ui/models/traceeventmodel.h"

#include "ui/i18n/tracewording.h"
#include "ui/theme.h"

#include <algorithm>
#include <QJsonDocument>

namespace rlab::ui {

TraceEventModel::TraceEventModel(QObject *parent, int capacity)
    : QAbstractTableModel(parent), m_capacity(qMax(1, capacity))
{
}

QString TraceEventModel::formatTime(qint64 ms)
{
    const QString sign = ms < 0 ? QStringLiteral("-") : QString();
    const qint64 a = ms < 0 ? -ms : ms;
    return QStringLiteral("%1%2.%3").arg(sign).arg(a / 1000).arg(a % 1000, 3, 10, QLatin1Char('0'));
}

void TraceEventModel::append(const std::vector<TraceEvent> &events)
{
    if (events.empty())
        return;
    m_lastSeq = events.back().seq;
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
    m_rows.insert(m_rows.end(), events.begin() + qsizetype(skip), events.end());
    endInsertRows();
}

int TraceEventModel::rowOfSeq(qint64 seq) const
{
    const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), seq,
                                     [](const TraceEvent &e, qint64 s) { return e.seq < s; });
    return it != m_rows.end() && it->seq == seq ? int(it - m_rows.begin()) : -1;
}

void TraceEventModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_lastSeq = 0;
    endResetModel();
}

int TraceEventModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TraceEventModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TraceEventModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const TraceEvent &ev = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return formatTime(ev.t);
        case RevisionColumn:
            return ev.rev;
        case ComponentColumn:
            return ev.worker >= 0 ? QStringLiteral("%1 #%2").arg(ev.component).arg(ev.worker) : ev.component;
        case TypeColumn:
            return ev.type;
        case KeyColumn:
            return ev.key;
        case TextColumn:
            return TraceWording::display(ev.text);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (ev.detail.isEmpty())
            return TraceWording::withOriginal(ev.text);
        return TraceWording::withOriginal(ev.text) + QLatin1String("\n\n")
               + QString::fromUtf8(QJsonDocument(ev.detail).toJson(QJsonDocument::Indented)).trimmed();
    case Qt::ForegroundRole:
        if (index.column() == TimeColumn || index.column() == RevisionColumn)
            return theme::muted();
        if (index.column() == TypeColumn && ev.type == QLatin1String("Delete"))
            return theme::deleted();
        if (index.column() == TypeColumn && ev.type == QLatin1String("Put"))
            return theme::created();
        return {};
    case Qt::TextAlignmentRole:
        return (index.column() == TimeColumn || index.column() == RevisionColumn)
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    default:
        return {};
    }
}

QVariant TraceEventModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("t (s)");
    case RevisionColumn:
        return tr("Rev");
    case ComponentColumn:
        return tr("Component");
    case TypeColumn:
        return tr("Type");
    case KeyColumn:
        return tr("Key");
    case TextColumn:
        return tr("What happened");
    default:
        return {};
    }
}

} // namespace rlab::ui
