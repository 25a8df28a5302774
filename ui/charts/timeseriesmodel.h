#pragma once
#include <QAbstractTableModel>
#include <QList>
#include <QStringList>

namespace rlab::ui {

// A time series as a table, the model every chart of the lab draws: column 0 is the virtual
// time in seconds, each further column one series ("nginx-5f77 · ready"). Rows are appended in
// time order; series may be added later (earlier rows read 0 there: the thing did not exist
// yet). Bounded: beyond `capacity` rows the oldest leave (3600 rows = one hour at one sample
// per virtual second). toCsv() writes the rows as they are shown. GUI thread only.
class TimeSeriesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit TimeSeriesModel(QObject *parent = nullptr, int capacity = 3600);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void clear();                              // no rows, no series
    int addSeries(const QString &name);        // column of `name` (added when new)
    int seriesColumn(const QString &name) const; // -1 when unknown
    QStringList seriesNames() const { return m_series; }
    // One sample at `tSeconds`; values by series column - 1; missing ones read 0. A sample at
    // the same time as the last row replaces that row.
    void append(double tSeconds, const QList<double> &values);
    double value(int row, int column) const;
    double lastTime() const;
    int capacity() const { return m_capacity; }

    QString toCsv() const;                     // header line + one line per row
    bool writeCsv(const QString &path, QString *error = nullptr) const;

private:
    struct Row
    {
        double t = 0;
        QList<double> values;
    };
    QStringList m_series;
    QList<Row> m_rows;
    int m_capacity;
};

} // namespace rlab::ui
