#pragma once
#include "core/sim/view/watchevent.h"

#include <QAbstractTableModel>
#include <deque>
#include <vector>

namespace rlab::ui {

// The live stream of store writes, as a watch on "/" sees them (`etcdctl watch --prefix /`):
// revision, PUT/DELETE and key, oldest first. Keeps the newest `capacity` events (older rows
// are removed from the top). GUI thread only.
class WatchEventModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { RevisionColumn, TypeColumn, KeyColumn, ColumnCount };

    explicit WatchEventModel(QObject *parent = nullptr, int capacity = 2000);

    void append(const std::vector<view::WatchEvent> &events);
    void clear();
    int capacity() const { return m_capacity; }
    qint64 total() const { return m_total; }   // events appended since the last clear()

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        view::Revision revision;
        view::WatchEvent::Type type;
        bool created;
        QByteArray key;
        qint64 version;
    };
    std::deque<Row> m_rows;
    int m_capacity;
    qint64 m_total = 0;
};

} // namespace rlab::ui
