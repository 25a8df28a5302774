#pragma once
#include "core/base/traceevent.h"

#include <QAbstractTableModel>
#include <deque>
#include <vector>

namespace rlab::ui {

// The control plane's trace as a log table: t (virtual seconds since the cluster started), store
// revision, component, type, key and the sentence for the learner. Appended once per frame with
// TraceLog::since(lastSeq()); keeps the newest `capacity` rows (older ones leave from the top).
// GUI thread only.
class TraceEventModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { TimeColumn, RevisionColumn, ComponentColumn, TypeColumn, KeyColumn, TextColumn, ColumnCount };

    explicit TraceEventModel(QObject *parent = nullptr, int capacity = 5000);

    void append(const std::vector<TraceEvent> &events);
    void clear();
    int capacity() const { return m_capacity; }
    // seq of the newest event appended (0 after clear()): the argument for the next since().
    qint64 lastSeq() const { return m_lastSeq; }
    const TraceEvent &event(int row) const { return m_rows[std::size_t(row)]; }
    // The row holding the event with this seq (rows are in seq order), -1 if not held.
    int rowOfSeq(qint64 seq) const;

    // "12.345" for 12345 ms.
    static QString formatTime(qint64 ms);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::deque<TraceEvent> m_rows;
    int m_capacity;
    qint64 m_lastSeq = 0;
};

} // namespace rlab::ui
