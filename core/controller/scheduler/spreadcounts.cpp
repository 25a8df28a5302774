#include "core/controller/scheduler/spreadcounts.h"

namespace rlab::controller {

using namespace rlab::api;

namespace {
constexpr QChar kSep = QChar(0x1f);
}

int SpreadCounts::groupFor(const QString &ns, const Labels &labels)
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
    Group &g = m_groups[std::size_t(groupFor(ns, labels))];
    g.perNode[node] += delta;
    for (int e : g.entries)
        m_entries[std::size_t(e)].perNode[node] += delta;
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

QHash<QString, qint64> SpreadCounts::counts(const QString &ns, const Selector &selector)
{
    // Selector() (everything) and Selector::nothing() print alike; tell them apart.
    const QChar kind = selector.isEmpty() ? QLatin1Char('E') : selector.requirements().isEmpty() ? QLatin1Char('N') : QLatin1Char('S');
    const QString key = ns + kSep + kind + selector.toString();
    const auto found = m_entryIds.constFind(key);
    if (found != m_entryIds.cend())
        return m_entries[std::size_t(*found)].perNode;
    const int id = int(m_entries.size());
    Entry e{ns, selector, {}};
    for (Group &g : m_groups) {
        if (g.ns != ns || !selector.matches(g.labels))
            continue;
        g.entries << id;
        for (auto it = g.perNode.cbegin(); it != g.perNode.cend(); ++it)
            e.perNode[it.key()] += it.value();
    }
    m_entries.push_back(std::move(e));
    m_entryIds.insert(key, id);
    return m_entries.back().perNode;
}

} // namespace rlab::controller
