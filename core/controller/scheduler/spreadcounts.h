#pragma once
#include "core/api/labelselector.h"

#include <QHash>
#include <QList>
#include <QString>

#include <array>
#include <vector>

namespace rlab::controller {

// PodTopologySpread's counts kept incrementally (the scheduler cache's side of PreScore): how
// many non-terminating pods of a namespace that a selector matches sit on each node, updated as
// the cache adds (assume, informer add/update) and removes (forget, update, delete) pods, so a
// scheduling cycle reads a count per node instead of matching every pod. Pods are grouped by
// (namespace, labels); a selector is matched once per group. Thread rules: none of its own, the
// owner (Scheduler) calls it under its m_mutex.
class SpreadCounts
{
public:
    // A pod counted (or no longer counted) on `node`. Terminating pods are never counted.
    void add(const QString &node, const QString &ns, const api::Labels &labels, bool terminating);
    void remove(const QString &node, const QString &ns, const api::Labels &labels, bool terminating);
    // node -> matching pods in `ns` (nodes without any may be absent). The first call for a
    // selector counts the groups once; later calls are a lookup.
    QHash<QString, qint64> counts(const QString &ns, const api::Selector &selector);
    // The same by node id (nodeId()): entry(ns, selector) once per constraint, then
    // countsOf(entry)[id] (ids past the end count 0). A scheduling cycle reads a count per node
    // by index, no name lookup. countsOf's reference lasts until the next non-const call.
    int entry(const QString &ns, const api::Selector &selector);
    const std::vector<qint64> &countsOf(int entry) const { return m_entries[std::size_t(entry)].perNode; }
    // A node's stable index ("node-7" -> 6 when it was the 7th name seen); never reused.
    int nodeId(const QString &node);
    // How many (namespace, selector) pairs are kept up to date.
    qsizetype selectorCount() const { return qsizetype(m_entries.size()); }

private:
    struct Group
    {
        QString ns;
        api::Labels labels;
        std::vector<qint64> perNode;   // by node id
        QList<int> entries;   // indices of the entries whose selector matches these labels
    };
    struct Entry
    {
        QString ns;
        api::Selector selector;
        std::vector<qint64> perNode;   // by node id
    };
    int groupFor(const QString &ns, const api::Labels &labels);
    int groupByKey(const QString &ns, const api::Labels &labels);   // groupFor() past its recent ones
    int entryByKey(const QString &ns, const api::Selector &selector);   // entry() past its recent ones
    void change(const QString &node, const QString &ns, const api::Labels &labels, qint64 delta);

    std::vector<Group> m_groups;
    QHash<QString, int> m_groupIds;   // "ns\x1fk=v\x1f..." -> index in m_groups
    std::vector<Entry> m_entries;
    QHash<QString, int> m_entryIds;   // "ns\x1f<kind>selector" -> index in m_entries
    std::array<int, 4> m_recentEntries{-1, -1, -1, -1};   // entry()'s last answers, -1: none
    // groupFor()'s last answers, -1: none. A group holds the labels it was made for, so labels
    // sharing their data with a group's (the pods of one template) are that group's.
    std::array<int, 4> m_recentGroups{-1, -1, -1, -1};
    std::size_t m_nextRecentGroup = 0;
    std::size_t m_nextRecent = 0;
    QHash<QString, int> m_nodeIds;    // node name -> id
    QStringList m_nodeNames;          // id -> node name
};

} // namespace rlab::controller
