#pragma once
#include "core/sim/view/watchevent.h"

#include <QAbstractTableModel>
#include <vector>

namespace rlab::ui {

// The retained history of one etcd key (ClusterView::history), oldest first: revision, PUT/DELETE,
// version and value size. Each row keeps its KeyValue so the value at that revision can be shown.
// Replaced as a whole (setHistory) when the key or its history changes. GUI thread only.
class KeyHistoryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { RevisionColumn, TypeColumn, VersionColumn, SizeColumn, ColumnCount };

    explicit KeyHistoryModel(QObject *parent = nullptr);

    void setHistory(const QByteArray &key, std::vector<view::WatchEvent> history);
    void clear();
    const QByteArray &key() const { return m_key; }
    // The event of `row` (its kv is the value written, empty for DELETE).
    const view::WatchEvent &event(int row) const { return m_events[std::size_t(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QByteArray m_key;
    std::vector<view::WatchEvent> m_events;
    std::vector<qsizetype> m_sizes;
};

} // namespace rlab::ui
