#pragma once
#include "core/api/labelselector.h"

#include <QHash>
#include <QList>
#include <QString>

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
    // How many (namespace, selector) pairs are kept up to date.
    qsizetype selectorCount() const { return qsizetype(m_entries.size()); }

private:
    struct Group
    {
        QString ns;
        api::Labels labels;
        QHash<QString, qint64> perNode;
        QList<int> entries;   // indices of the entries whose selector matches these labels
    };
    struct Entry
    {
        QString ns;
        api::Selector selector;
        QHash<QString, qint64> perNode;
    };
    int groupFor(const QString &ns, const api::Labels &labels);
    void change(const QString &node, const QString &ns, const api::Labels &labels, qint64 delta);

    std::vector<Group> m_groups;
    QHash<QString, int> m_groupIds;   // "ns\x1fk=v\x1f..." -> index in m_groups
    std::vector<Entry> m_entries;
    QHash<QString, int> m_entryIds;   // "ns\x1f<kind>selector" -> index in m_entries
};

} // namespace rlab::controller
