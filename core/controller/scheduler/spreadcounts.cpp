#include "core/controller/scheduler/spreadcounts.h"

namespace rlab::controller {

using namespace rlab::api;

namespace {
constexpr QChar kSep = QChar(0x1f);

void addAt(std::vector<qint64> &perNode, int id, qint64 delta)
{
    if (perNode.size() <= std::size_t(id))
        perNode.resize(std::size_t(id) + 1, 0);
    perNode[std::size_t(id)] += delta;
}
} // namespace

int SpreadCounts::nodeId(const QString &node)
{
    const auto found = m_nodeIds.constFind(node);
    if (found != m_nodeIds.cend())
        return *found;
    const int id = int(m_nodeNames.size());
    m_nodeNames << node;
    m_nodeIds.insert(node, id);
    return id;
}

int SpreadCounts::groupFor(const QString &ns, const Labels &labels)
{
    // A ReplicaSet's pods share their template's labels: no key printed and hashed for those.
    for (const int id : m_recentGroups) {
        if (id < 0)
            continue;
        const Group &g = m_groups[std::size_t(id)];
        if (g.labels.isSharedWith(labels) && g.ns == ns)
            return id;
    }
    const int id = groupByKey(ns, labels);
    m_recentGroups[m_nextRecentGroup] = id;
    m_nextRecentGroup = (m_nextRecentGroup + 1) % m_recentGroups.size();
    return id;
}

int SpreadCounts::groupByKey(const QString &ns, const Labels &labels)
{
    QString key = ns;
    key += kSep;
    for (auto it = labels.cbegin(); it != labels.cend(); ++it) {
        key += it.key();
        key += QLatin1Char('=');
        key += it.value();
        key += kSep;
    }
    const auto found = m_groupIds.constFind(key);
    if (found != m_groupIds.cend())
        return *found;
    const int id = int(m_groups.size());
    Group g{ns, labels, {}, {}};
    for (int e = 0; e < int(m_entries.size()); ++e)
        if (m_entries[std::size_t(e)].ns == ns && m_entries[std::size_t(e)].selector.matches(labels))
            g.entries << e;
    m_groups.push_back(std::move(g));
    m_groupIds.insert(key, id);
    return id;
}

void SpreadCounts::change(const QString &node, const QString &ns, const Labels &labels, qint64 delta)
{
    const int id = nodeId(node);
    Group &g = m_groups[std::size_t(groupFor(ns, labels))];
    addAt(g.perNode, id, delta);
    for (int e : g.entries)
        addAt(m_entries[std::size_t(e)].perNode, id, delta);
}

void SpreadCounts::add(const QString &node, const QString &ns, const Labels &labels, bool terminating)
{
    if (!terminating)
        change(node, ns, labels, +1);
}

void SpreadCounts::remove(const QString &node, const QString &ns, const Labels &labels, bool terminating)
{
    if (!terminating)
        change(node, ns, labels, -1);
}

int SpreadCounts::entry(const QString &ns, const Selector &selector)
{
    // Every scheduling cycle asks for its pod's selector: the last few answers are compared
    // before a key is printed and hashed (a selector equal in another order falls through).
    for (const int id : m_recentEntries) {
        if (id < 0)
            continue;
        const Entry &e = m_entries[std::size_t(id)];
        if (e.ns == ns && e.selector == selector)
            return id;
    }
    const int id = entryByKey(ns, selector);
    m_recentEntries[m_nextRecent] = id;
    m_nextRecent = (m_nextRecent + 1) % m_recentEntries.size();
    return id;
}

int SpreadCounts::entryByKey(const QString &ns, const Selector &selector)
{
    // Selector() (everything) and Selector::nothing() print alike; tell them apart.
    const QChar kind = selector.isEmpty() ? QLatin1Char('E') : selector.requirements().isEmpty() ? QLatin1Char('N') : QLatin1Char('S');
    const QString key = ns + kSep + kind + selector.toString();
    const auto found = m_entryIds.constFind(key);
    if (found != m_entryIds.cend())
        return *found;
    const int id = int(m_entries.size());
    Entry e{ns, selector, {}};
    for (Group &g : m_groups) {
        if (g.ns != ns || !selector.matches(g.labels))
            continue;
        g.entries << id;
        if (e.perNode.size() < g.perNode.size())
            e.perNode.resize(g.perNode.size(), 0);
        for (std::size_t n = 0; n < g.perNode.size(); ++n)
            e.perNode[n] += g.perNode[n];
    }
    m_entries.push_back(std::move(e));
    m_entryIds.insert(key, id);
    return id;
}

QHash<QString, qint64> SpreadCounts::counts(const QString &ns, const Selector &selector)
{
    const std::vector<qint64> &perNode = countsOf(entry(ns, selector));
    QHash<QString, qint64> out;
    for (std::size_t n = 0; n < perNode.size(); ++n)
        if (perNode[n] != 0)
            out.insert(m_nodeNames[qsizetype(n)], perNode[n]);
    return out;
}

} // namespace rlab::controller
