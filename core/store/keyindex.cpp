#include "core/store/keyindex.h"

#include "core/api/objectpack.h"

#include <algorithm>

namespace rlab::store {

qsizetype KeyIndex::Generation::findRevisionIndex(qint64 atRev) const
{
    // revs are sorted by main: upper_bound finds the first one with main > atRev.
    auto it = std::upper_bound(revs.begin(), revs.end(), atRev,
                               [](qint64 r, const Entry &e) { return r < e.rev.main; });
    return static_cast<qsizetype>(it - revs.begin()) - 1;
}

KeyIndex::KeyIndex(const QByteArray &key)
    : m_key(key)
{
    m_generations.emplace_back();
}

std::optional<KeyIndex> KeyIndex::restored(const QByteArray &key, std::vector<Generation> generations, QString *error)
{
    const auto fail = [error](const QString &why) -> std::optional<KeyIndex> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (key.isEmpty())
        return fail(QStringLiteral("empty key"));
    if (generations.empty() || (generations.size() == 1 && generations.front().revs.empty()))
        return fail(QStringLiteral("no retained revision"));
    KeyIndex ki(key);
    Revision last;
    for (std::size_t gi = 0; gi < generations.size(); ++gi) {
        const Generation &g = generations[gi];
        const bool closed = gi + 1 < generations.size();
        if (g.revs.empty()) {
            if (closed)
                return fail(QStringLiteral("generation %1 is empty but not the last").arg(gi));
            continue;
        }
        if (g.ver < qint64(g.revs.size()))
            return fail(QStringLiteral("generation %1 has ver %2 below its %3 revisions").arg(gi).arg(g.ver).arg(g.revs.size()));
        for (std::size_t ri = 0; ri < g.revs.size(); ++ri) {
            const Entry &e = g.revs[ri];
            if (e.rev <= last || e.rev.main < 1 || e.rev.sub < 0)
                return fail(QStringLiteral("revision %1.%2 does not follow %3.%4").arg(e.rev.main).arg(e.rev.sub).arg(last.main).arg(last.sub));
            const bool tombstone = closed && ri + 1 == g.revs.size();
            if (tombstone != e.isTombstone())
                return fail(tombstone ? QStringLiteral("generation %1 ends without its tombstone").arg(gi)
                                      : QStringLiteral("revision %1 has no value").arg(e.rev.main));
            last = e.rev;
            ki.m_bytes += e.bytes;
        }
    }
    ki.m_generations = std::move(generations);
    ki.m_modified = last;
    return ki;
}

void KeyIndex::put(Revision rev, api::ObjectPtr value, qint64 bytes)
{
    Q_ASSERT_X(rev > m_modified, "KeyIndex::put", "revision must grow");
    Generation &g = m_generations.back();
    if (g.revs.empty())
        g.created = rev;
    g.revs.push_back({rev, std::move(value), bytes, {}});
    m_bytes += bytes;
    ++g.ver;
    m_modified = rev;
}

bool KeyIndex::tombstone(Revision rev)
{
    if (!isLive())
        return false;
    put(rev, nullptr);
    m_generations.emplace_back();
    return true;
}

const KeyIndex::Generation *KeyIndex::findGeneration(qint64 rev) const
{
    const auto last = m_generations.size() - 1;
    for (auto cg = m_generations.size(); cg-- > 0;) {
        const Generation &g = m_generations[cg];
        if (g.revs.empty())
            continue;
        if (cg != last && g.revs.back().rev.main <= rev)
            return nullptr;   // deleted at or before rev
        if (g.revs.front().rev.main <= rev)
            return &g;
    }
    return nullptr;
}

std::optional<KeyIndex::Lookup> KeyIndex::get(qint64 atRev, bool withValue) const
{
    const Generation *g = findGeneration(atRev);
    if (!g)
        return std::nullopt;
    const qsizetype n = g->findRevisionIndex(atRev);
    if (n < 0)
        return std::nullopt;
    const Entry &e = g->revs[std::size_t(n)];
    return Lookup{e.rev, g->created, g->ver - (qsizetype(g->revs.size()) - n - 1), withValue ? e.object() : nullptr};
}

std::vector<Revision> KeyIndex::since(qint64 rev) const
{
    const Revision from{rev, 0};
    // Start at the newest generation created before `from` (older ones end before it).
    std::size_t gi = m_generations.size() - 1;
    for (; gi > 0; --gi) {
        const Generation &g = m_generations[gi];
        if (!g.isEmpty() && from > g.created)
            break;
    }
    std::vector<Revision> revs;
    qint64 last = 0;
    for (; gi < m_generations.size(); ++gi) {
        for (const Entry &e : m_generations[gi].revs) {
            if (from > e.rev)
                continue;
            if (!revs.empty() && e.rev.main == last) {
                revs.back() = e.rev;   // only the highest sub of one main is visible
                continue;
            }
            revs.push_back(e.rev);
            last = e.rev.main;
        }
    }
    return revs;
}

qint64 KeyIndex::compact(qint64 atRev)
{
    const qint64 before = m_bytes;
    const auto drop = [this](auto first, auto last) {
        for (auto it = first; it != last; ++it)
            m_bytes -= it->bytes;
    };
    // First generation that is still open or whose tombstone is >= atRev.
    std::size_t gi = 0;
    while (gi < m_generations.size() - 1 && m_generations[gi].revs.back().rev.main < atRev)
        ++gi;
    Generation &g = m_generations[gi];
    const qsizetype n = g.findRevisionIndex(atRev);
    if (n > 0) {
        drop(g.revs.begin(), g.revs.begin() + n);
        g.revs.erase(g.revs.begin(), g.revs.begin() + n);
        if (g.revs.capacity() > 2 * g.revs.size())
            g.revs.shrink_to_fit();
    }
    for (std::size_t i = 0; i < gi; ++i)
        drop(m_generations[i].revs.begin(), m_generations[i].revs.end());
    m_generations.erase(m_generations.begin(), m_generations.begin() + qsizetype(gi));
    return before - m_bytes;
}

bool KeyIndex::packNewest(qint64 beforeRev)
{
    if (!isLive())
        return false;
    Entry &e = m_generations.back().revs.back();
    if (e.rev.main >= beforeRev || !e.value || e.value.use_count() != 1)
        return false;
    const QByteArray packed = api::packObject(*e.value);
    if (packed.isEmpty())
        return false;
    e.packed = PackedBytes(packed);
    e.value.reset();
    return true;
}

api::ObjectPtr KeyIndex::Entry::object() const
{
    if (value || packed.isEmpty())
        return value;
    return api::unpackObject(packed.view());
}

bool KeyIndex::isEmpty() const
{
    return m_generations.size() == 1 && m_generations.front().isEmpty();
}

bool KeyIndex::isLive() const
{
    return !m_generations.back().isEmpty();
}

KeyValue KeyIndex::keyValueAt(const Generation &g, std::size_t ri) const
{
    const Entry &e = g.revs[ri];
    const qint64 version = g.ver - qint64(g.revs.size() - ri - 1);
    return {m_key, g.created.main, e.rev.main, version, e.object()};
}

WatchEvent KeyIndex::eventAt(std::size_t gi, std::size_t ri) const
{
    const Generation &g = m_generations[gi];
    const Entry &e = g.revs[ri];
    WatchEvent ev;
    ev.revision = e.rev;
    const bool isTombstone = gi + 1 < m_generations.size() && ri + 1 == g.revs.size();
    if (isTombstone) {
        ev.type = WatchEvent::Delete;
        ev.kv.key = m_key;
        ev.kv.modRevision = e.rev.main;
    } else {
        ev.type = WatchEvent::Put;
        ev.kv = keyValueAt(g, ri);
    }
    if (ri > 0)
        ev.prevKv = keyValueAt(g, ri - 1);
    return ev;
}

std::optional<WatchEvent> KeyIndex::event(Revision rev) const
{
    for (std::size_t gi = m_generations.size(); gi-- > 0;) {
        const Generation &g = m_generations[gi];
        if (g.revs.empty() || g.revs.front().rev > rev)
            continue;
        auto it = std::lower_bound(g.revs.begin(), g.revs.end(), rev,
                                   [](const Entry &e, Revision r) { return e.rev < r; });
        if (it == g.revs.end() || it->rev != rev)
            return std::nullopt;
        return eventAt(gi, std::size_t(it - g.revs.begin()));
    }
    return std::nullopt;
}

WatchEvent KeyIndex::lastEvent() const
{
    Q_ASSERT(!isEmpty());
    const std::size_t gi = isLive() ? m_generations.size() - 1 : m_generations.size() - 2;
    return eventAt(gi, m_generations[gi].revs.size() - 1);
}

std::vector<WatchEvent> KeyIndex::history() const
{
    std::vector<WatchEvent> out;
    for (std::size_t gi = 0; gi < m_generations.size(); ++gi)
        for (std::size_t ri = 0; ri < m_generations[gi].revs.size(); ++ri)
            out.push_back(eventAt(gi, ri));
    return out;
}

} // namespace rlab::store
