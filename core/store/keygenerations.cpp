#include "core/store/keygenerations.h"

#include "core/api/objectpack.h"
#include "core/base/prefetch.h"

#include <algorithm>
#include <bit>
#include <new>

namespace rlab::store {

// The block: a Header, then a First when kFirst is set, then bit_ceil(size) Entry slots.
struct KeyGenerations::Header
{
    quint32 size = 0;        // entries
    quint32 lastStart = 0;   // first entry of the last generation (== size: it is empty); | kFirst
};

// The first generation's ver and created once compaction dropped its oldest revisions (else
// ver is its revision count and created its first revision).
struct KeyGenerations::First
{
    qint64 dropped = 0;      // ver minus the revisions retained
    Revision created;
};

namespace {

constexpr quint32 kFirst = 0x80000000u;

} // namespace

std::size_t KeyGenerations::entriesOffset(bool first)
{
    return sizeof(Header) + (first ? sizeof(First) : 0);
}

void *KeyGenerations::allocate(std::size_t capacity, bool first)
{
    return ::operator new(entriesOffset(first) + capacity * sizeof(Entry));
}

qsizetype KeyGenerations::Generation::findRevisionIndex(qint64 atRev) const
{
    // revs are sorted by main: upper_bound finds the first one with main > atRev.
    auto it = std::upper_bound(revs.begin(), revs.end(), atRev,
                               [](qint64 r, const Entry &e) { return r < e.rev.main; });
    return static_cast<qsizetype>(it - revs.begin()) - 1;
}

api::ObjectPtr KeyGenerations::Entry::object() const
{
    if (value || packed.isEmpty())
        return value;
    return api::unpackObject(packed.view());
}

// --- the block ----------------------------------------------------------------------------

std::size_t KeyGenerations::size() const
{
    return m_block ? static_cast<const Header *>(m_block)->size : 0;
}

std::size_t KeyGenerations::lastStart() const
{
    return m_block ? (static_cast<const Header *>(m_block)->lastStart & ~kFirst) : 0;
}

const KeyGenerations::Entry *KeyGenerations::entries() const
{
    const auto *h = static_cast<const Header *>(m_block);
    const bool first = h && (h->lastStart & kFirst);
    return reinterpret_cast<const Entry *>(static_cast<const char *>(m_block) + entriesOffset(first));
}

KeyGenerations::Entry *KeyGenerations::entries()
{
    return const_cast<Entry *>(std::as_const(*this).entries());
}

Revision KeyGenerations::createdAt(std::size_t start) const
{
    const auto *h = static_cast<const Header *>(m_block);
    if (start == 0 && (h->lastStart & kFirst))
        return reinterpret_cast<const First *>(h + 1)->created;
    return entries()[start].rev;
}

qint64 KeyGenerations::droppedAt(std::size_t start) const
{
    const auto *h = static_cast<const Header *>(m_block);
    if (start == 0 && (h->lastStart & kFirst))
        return reinterpret_cast<const First *>(h + 1)->dropped;
    return 0;
}

std::size_t KeyGenerations::generationStart(std::size_t i) const
{
    const std::size_t last = lastStart();
    if (i >= last)
        return last;
    const Entry *e = entries();
    while (i > 0 && !e[i - 1].isTombstone())
        --i;
    return i;
}

void KeyGenerations::rebuild(std::size_t from, std::optional<std::pair<qint64, Revision>> first)
{
    const std::size_t n = size();
    const std::size_t keep = n - from;
    void *block = nullptr;
    if (keep > 0) {
        block = allocate(std::bit_ceil(keep), first.has_value());
        auto *h = new (block) Header;
        h->size = quint32(keep);
        h->lastStart = quint32(std::max(lastStart(), from) - from) | (first ? kFirst : 0);
        if (first)
            new (h + 1) First{first->first, first->second};
        auto *to = reinterpret_cast<Entry *>(static_cast<char *>(block) + entriesOffset(first.has_value()));
        Entry *e = entries();
        for (std::size_t i = from; i < n; ++i)
            new (to + (i - from)) Entry(std::move(e[i]));
    }
    if (m_block) {
        Entry *e = entries();
        for (std::size_t i = 0; i < n; ++i)
            e[i].~Entry();
        ::operator delete(m_block);
    }
    m_block = block;
}

KeyGenerations::~KeyGenerations()
{
    rebuild(size(), std::nullopt);
}

KeyGenerations::KeyGenerations(const KeyGenerations &other)
{
    const std::size_t n = other.size();
    if (n == 0)
        return;
    const auto *oh = static_cast<const Header *>(other.m_block);
    const bool first = oh->lastStart & kFirst;
    m_block = allocate(std::bit_ceil(n), first);
    auto *h = new (m_block) Header(*oh);
    if (first)
        new (h + 1) First(*reinterpret_cast<const First *>(oh + 1));
    Entry *to = entries();
    const Entry *from = other.entries();
    for (std::size_t i = 0; i < n; ++i)
        new (to + i) Entry(from[i]);
}

KeyGenerations &KeyGenerations::operator=(const KeyGenerations &other)
{
    if (this != &other)
        *this = KeyGenerations(other);
    return *this;
}

KeyGenerations &KeyGenerations::operator=(KeyGenerations &&other) noexcept
{
    if (this != &other) {
        rebuild(size(), std::nullopt);
        m_block = other.m_block;
        other.m_block = nullptr;
    }
    return *this;
}

// --- etcd keyIndex -----------------------------------------------------------------------

std::optional<KeyGenerations> KeyGenerations::restored(std::vector<Generation> generations, QString *error)
{
    const auto fail = [error](const QString &why) -> std::optional<KeyGenerations> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (generations.empty() || (generations.size() == 1 && generations.front().revs.empty()))
        return fail(QStringLiteral("no retained revision"));
    Revision last;
    std::size_t total = 0;
    for (std::size_t gi = 0; gi < generations.size(); ++gi) {
        const Generation &g = generations[gi];
        const bool closed = gi + 1 < generations.size();
        if (g.revs.empty()) {
            if (closed)
                return fail(QStringLiteral("generation %1 is empty but not the last").arg(gi));
            if (g.ver != 0 || g.created != Revision{})
                return fail(QStringLiteral("generation %1 is empty but has ver %2, created %3.%4")
                                .arg(gi).arg(g.ver).arg(g.created.main).arg(g.created.sub));
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
        }
        // Compaction trims only the oldest generation: a later one holds all it ever had.
        if (gi > 0 && (g.ver != qint64(g.revs.size()) || g.created != g.revs.front().rev))
            return fail(QStringLiteral("generation %1 has ver %2, created %3.%4, but %5 revisions from %6.%7")
                            .arg(gi).arg(g.ver).arg(g.created.main).arg(g.created.sub).arg(g.revs.size())
                            .arg(g.revs.front().rev.main).arg(g.revs.front().rev.sub));
        total += g.revs.size();
    }
    if (total >= kFirst)
        return fail(QStringLiteral("%1 revisions of one key").arg(total));
    const Generation &g0 = generations.front();
    const bool first = g0.ver != qint64(g0.revs.size()) || g0.created != g0.revs.front().rev;
    KeyGenerations out;
    out.m_block = allocate(std::bit_ceil(total), first);
    auto *h = new (out.m_block) Header;
    if (first)
        new (h + 1) First{g0.ver - qint64(g0.revs.size()), g0.created};
    h->lastStart = first ? kFirst : 0;
    Entry *to = out.entries();
    std::size_t i = 0;
    for (Generation &g : generations) {
        h->lastStart = quint32(i) | (first ? kFirst : 0);
        for (Entry &e : g.revs) {
            new (to + i) Entry(std::move(e));
            h->size = quint32(++i);   // the destructor frees what is built if anything throws
        }
    }
    return out;
}

Revision KeyGenerations::modified() const
{
    return m_block ? entries()[size() - 1].rev : Revision{};
}

bool KeyGenerations::isLive() const
{
    return lastStart() < size();
}

void KeyGenerations::put(Revision rev, api::ObjectPtr value, qint64 bytes)
{
    Q_ASSERT_X(rev > modified(), "KeyGenerations::put", "revision must grow");
    const std::size_t n = size();
    if (n == 0) {
        m_block = allocate(1, false);
        new (m_block) Header;
    } else if (std::has_single_bit(n)) {   // full: capacity is bit_ceil(size)
        Q_ASSERT_X(n < kFirst / 2, "KeyGenerations::put", "too many revisions");
        const auto *oh = static_cast<const Header *>(m_block);
        const bool first = oh->lastStart & kFirst;
        void *block = allocate(2 * n, first);
        auto *h = new (block) Header(*oh);
        if (first)
            new (h + 1) First(*reinterpret_cast<const First *>(oh + 1));
        auto *to = reinterpret_cast<Entry *>(static_cast<char *>(block) + entriesOffset(first));
        Entry *e = entries();
        for (std::size_t i = 0; i < n; ++i) {
            new (to + i) Entry(std::move(e[i]));
            e[i].~Entry();
        }
        ::operator delete(m_block);
        m_block = block;
    }
    new (entries() + n) Entry{rev, std::move(value), bytes, {}};
    ++static_cast<Header *>(m_block)->size;
}

bool KeyGenerations::tombstone(Revision rev)
{
    if (!isLive())
        return false;
    put(rev, nullptr);
    auto *h = static_cast<Header *>(m_block);
    h->lastStart = h->size | (h->lastStart & kFirst);   // a new, empty generation
    return true;
}

std::optional<KeyGenerations::Lookup> KeyGenerations::get(qint64 atRev, bool withValue) const
{
    if (!m_block)
        return std::nullopt;
    const Entry *e = entries();
    const Entry *it = std::upper_bound(e, e + size(), atRev, [](qint64 r, const Entry &x) { return r < x.rev.main; });
    if (it == e)
        return std::nullopt;   // created after atRev, or compacted
    const std::size_t i = std::size_t(it - e) - 1;
    if (e[i].isTombstone())
        return std::nullopt;   // deleted at or before atRev (and not created again by then)
    const std::size_t s = generationStart(i);
    return Lookup{e[i].rev, createdAt(s), droppedAt(s) + qint64(i - s) + 1, withValue ? e[i].object() : nullptr};
}

std::vector<Revision> KeyGenerations::since(qint64 rev) const
{
    std::vector<Revision> revs;
    if (!m_block)
        return revs;
    const Revision from{rev, 0};
    const Entry *e = entries();
    const Entry *end = e + size();
    qint64 last = 0;
    for (const Entry *it = std::lower_bound(e, end, from, [](const Entry &x, Revision r) { return x.rev < r; }); it != end; ++it) {
        if (!revs.empty() && it->rev.main == last) {
            revs.back() = it->rev;   // only the highest sub of one main is visible
            continue;
        }
        revs.push_back(it->rev);
        last = it->rev.main;
    }
    return revs;
}

qint64 KeyGenerations::compact(qint64 atRev)
{
    const std::size_t n = size();
    const Entry *e = entries();
    // The first generation kept starts after the last tombstone below atRev.
    std::size_t start = 0;
    for (std::size_t i = 0; i < n && e[i].rev.main < atRev; ++i)
        if (e[i].isTombstone())
            start = i + 1;
    // Of it, the revisions <= atRev go but the largest one.
    std::size_t upTo = 0;
    for (std::size_t i = start; i < n && e[i].rev.main <= atRev; ++i) {
        ++upTo;
        if (e[i].isTombstone())
            break;
    }
    const std::size_t trimmed = upTo > 0 ? upTo - 1 : 0;
    const std::size_t drop = start + trimmed;
    if (drop == 0)
        return 0;
    qint64 bytes = 0;
    for (std::size_t i = 0; i < drop; ++i)
        bytes += e[i].bytes;
    std::optional<std::pair<qint64, Revision>> first;
    if (drop < n) {
        const qint64 dropped = droppedAt(start) + qint64(trimmed);
        const Revision created = createdAt(start);
        if (dropped > 0 || created != e[drop].rev)
            first = std::make_pair(dropped, created);
    }
    rebuild(drop, first);
    return bytes;
}

void KeyGenerations::prefetchDropped(qint64 atRev) const
{
    const Entry *e = entries();
    for (std::size_t i = 0, n = size(); i + 1 < n && e[i].rev.main < atRev; ++i)
        if (e[i].value)   // make_shared puts the count just before the object: from there on
            prefetchLines(reinterpret_cast<const char *>(e[i].value.get()) - 16, kValueBytes);
}

void KeyGenerations::prefetchNewestValue() const
{
    if (const std::size_t n = size())
        prefetchSharedCount(entries()[n - 1].value.get());
}

bool KeyGenerations::packNewest(qint64 beforeRev)
{
    if (!isLive())
        return false;
    Entry &e = entries()[size() - 1];
    if (e.rev.main >= beforeRev || !e.value || e.value.use_count() != 1)
        return false;
    const QByteArray packed = api::packObject(*e.value);
    if (packed.isEmpty())
        return false;
    e.packed = PackedBytes(packed);
    e.value.reset();
    return true;
}

qint64 KeyGenerations::bytes() const
{
    qint64 sum = 0;
    const Entry *e = entries();
    for (std::size_t i = 0, n = size(); i < n; ++i)
        sum += e[i].bytes;
    return sum;
}

std::vector<KeyGenerations::Generation> KeyGenerations::generations() const
{
    std::vector<Generation> out;
    const std::size_t n = size();
    const Entry *e = entries();
    std::size_t s = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (!e[i].isTombstone() && i + 1 < n)
            continue;
        Generation g;
        g.ver = droppedAt(s) + qint64(i + 1 - s);
        g.created = createdAt(s);
        g.revs.assign(e + s, e + i + 1);
        out.push_back(std::move(g));
        s = i + 1;
    }
    if (!isLive())
        out.emplace_back();   // after a tombstone: the new, empty generation
    return out;
}

KeyValue KeyGenerations::keyValueAt(const QByteArray &key, std::size_t start, std::size_t i) const
{
    const Entry &e = entries()[i];
    return {key, createdAt(start).main, e.rev.main, droppedAt(start) + qint64(i - start) + 1, e.object()};
}

WatchEvent KeyGenerations::eventAt(const QByteArray &key, std::size_t start, std::size_t i) const
{
    const Entry &e = entries()[i];
    WatchEvent ev;
    ev.revision = e.rev;
    if (e.isTombstone()) {
        ev.type = WatchEvent::Delete;
        ev.kv.key = key;
        ev.kv.modRevision = e.rev.main;
    } else {
        ev.type = WatchEvent::Put;
        ev.kv = keyValueAt(key, start, i);
    }
    if (i > start)
        ev.prevKv = keyValueAt(key, start, i - 1);
    return ev;
}

std::optional<WatchEvent> KeyGenerations::event(const QByteArray &key, Revision rev) const
{
    const Entry *e = entries();
    const Entry *end = e + size();
    const Entry *it = std::lower_bound(e, end, rev, [](const Entry &x, Revision r) { return x.rev < r; });
    if (it == end || it->rev != rev)
        return std::nullopt;
    const auto i = std::size_t(it - e);
    return eventAt(key, generationStart(i), i);
}

WatchEvent KeyGenerations::lastEvent(const QByteArray &key) const
{
    Q_ASSERT(!isEmpty());
    const std::size_t i = size() - 1;
    return eventAt(key, generationStart(i), i);
}

std::vector<WatchEvent> KeyGenerations::history(const QByteArray &key) const
{
    std::vector<WatchEvent> out;
    const std::size_t n = size();
    out.reserve(n);
    const Entry *e = entries();
    std::size_t s = 0;
    for (std::size_t i = 0; i < n; ++i) {
        out.push_back(eventAt(key, s, i));
        if (e[i].isTombstone())
            s = i + 1;
    }
    return out;
}

} // namespace rlab::store
