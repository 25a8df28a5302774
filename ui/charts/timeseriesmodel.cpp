#include "ui/charts/timeseriesmodel.h"

#include <QFile>
#include <QSaveFile>

namespace rlab::ui {

TimeSeriesModel::TimeSeriesModel(QObject *parent, int capacity) : QAbstractTableModel(parent), m_capacity(qMax(1, capacity)) {}

int TimeSeriesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TimeSeriesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_series.size()) + 1;
}

double TimeSeriesModel::value(int row, int column) const
{
    if (row < 0 || row >= m_rows.size())
        return 0;
    if (column == 0)
        return m_rows[row].t;
    return m_rows[row].values.value(column - 1, 0.0);
}

QVariant TimeSeriesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || (role != Qt::DisplayRole && role != Qt::EditRole))
        return {};
    return value(index.row(), index.column());
}

QVariant TimeSeriesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal || section < 0 || section > m_series.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    return section == 0 ? QStringLiteral("t (s)") : m_series[section - 1];
}

void TimeSeriesModel::clear()
{
    beginResetModel();
    m_series.clear();
    m_rows.clear();
    endResetModel();
}

int TimeSeriesModel::seriesColumn(const QString &name) const
{
    const qsizetype i = m_series.indexOf(name);
    return i < 0 ? -1 : int(i) + 1;
}

int TimeSeriesModel::addSeries(const QString &name)
{
    const int existing = seriesColumn(name);
    if (existing > 0)
        return existing;
    const int column = int(m_series.size()) + 1;
    beginInsertColumns({}, column, column);
    m_series.append(name);
    endInsertColumns();
    return column;
}

void TimeSeriesModel::append(double tSeconds, const QList<double> &values)
{
    Row row{tSeconds, values.mid(0, m_series.size())};
    while (row.values.size() < m_series.size())
        row.values.append(0.0);
    if (!m_rows.isEmpty() && m_rows.last().t == tSeconds) {
        m_rows.last() = row;
        const int r = int(m_rows.size()) - 1;
        emit dataChanged(index(r, 0), index(r, columnCount() - 1));
        return;
    }
    if (m_rows.size() >= m_capacity) {
        const int drop = int(m_rows.size()) - m_capacity + 1;
        beginRemoveRows({}, 0, drop - 1);
        m_rows.remove(0, drop);
        endRemoveRows();
    }
    const int r = int(m_rows.size());
    beginInsertRows({}, r, r);
    m_rows.append(row);
    endInsertRows();
}

double TimeSeriesModel::lastTime() const
{
    return m_rows.isEmpty() ? -1.0 : m_rows.last().t;
}

QString TimeSeriesModel::toCsv() const
{
    auto quoted = [](QString s) {
        if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')))
            s = QLatin1Char('"') + s.replace(QLatin1Char('"'), QLatin1String("\"\"")) + QLatin1Char('"');
        return s;
    };
    QStringList header{QStringLiteral("t_seconds")};
    for (const QString &s : m_series)
        header << quoted(s);
    QString out = header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (const Row &row : m_rows) {
        QStringList cells{QString::number(row.t, 'f', 3)};
        for (qsizetype i = 0; i < m_series.size(); ++i)
            cells << QString::number(row.values.value(i, 0.0), 'g', 10);
        out += cells.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out;
}

bool TimeSeriesModel::writeCsv(const QString &path, QString *error) const
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        if (error)
            *error = f.errorString();
        return false;
    }
    f.write(toCsv().toUtf8());
    if (!f.commit()) {
        if (error)
            *error = f.errorString();
        return false;
    }
    return true;
}

} // namespace rlab::ui
