#include "core/base/tracelog.h"

#include "core/base/clock.h"

#include <algorithm>

namespace rlab {

namespace {
// What a JSON object costs on the heap, roughly (Qt's CBOR container: 16 bytes per element
// plus string bytes); only used to keep the log within its memory budget.
std::size_t approxJsonBytes(const QJsonObject &o)
{
    return o.isEmpty() ? 0 : 64 + std::size_t(o.size()) * 48;
}

// UTF-8 in a block of its own size: kept events hold only their text (toUtf8() leaves a block of
// 3 bytes per character). Trace texts are nearly always ASCII: those are narrowed in one pass
// into one exact allocation; anything else goes through toUtf8() and is squeezed.
QByteArray exactUtf8(const QString &text)
{
    const qsizetype n = text.size();
    if (n == 0)
        return text.toUtf8();
    QByteArray out(n, Qt::Uninitialized);
    char *dst = out.data();
    const QChar *src = text.constData();
    for (qsizetype i = 0; i < n; ++i) {
        if (src[i].unicode() >= 0x80) {
            out = text.toUtf8();
            out.squeeze();
            return out;
        }
        dst[i] = char(src[i].unicode());
    }
    return out;
}
} // namespace

TraceLog::TraceLog(std::size_t capacity, std::size_t memoryBudgetBytes)
    : m_capacity(std::max<std::size_t>(capacity, 1)), m_budget(memoryBudgetBytes)
{
}

quint32 TraceLog::intern(const QString &s)
{
    // A few dozen names repeat millions of times: a small direct-mapped cache of recent names,
    // chosen by length and end characters and checked by equality, spares most hash lookups.
    // The last three characters take part: "kubelet/node-17" and "kubelet/node-71" (one per
    // node, hundreds of them) must not share a slot.
    std::size_t slot = 0;
    if (!s.isEmpty()) {
        const qsizetype n = s.size();
        slot = std::size_t(n) * 31 + s.front().unicode();
        for (qsizetype i = std::max<qsizetype>(0, n - 3); i < n; ++i)
            slot = slot * 131 + s[i].unicode();
        slot %= m_recent.size();
    }
    RecentName &recent = m_recent[slot];
    // Most callers pass the very string they passed last time (a literal, a component's name):
    // the same characters in memory are equal without comparing them.
    if (recent.valid && recent.name.size() == s.size() && (recent.name.constData() == s.constData() || recent.name == s))
        return recent.id;
    quint32 id = 0;
    const auto it = m_nameIds.constFind(s);
    if (it != m_nameIds.cend()) {
        id = *it;
    } else {
        id = quint32(m_names.size());
        m_names.push_back(s);
        m_nameIds.insert(s, id);
    }
    recent = RecentName{m_names[id], id, true};
    return id;
}

TraceEvent TraceLog::unpack(const Stored &s) const
{
    TraceEvent ev;
    ev.seq = s.seq;
    ev.t = s.t;
    ev.rev = s.rev;
    ev.component = m_names[s.component];
    ev.worker = s.worker;
    ev.type = m_names[s.type];
    ev.key = s.key;
    ev.detail = s.detail;
    if (s.textFn) {
        ev.args[0] = s.args[0];
        ev.args[1] = s.args[1];
        ev.text = s.textFn(ev);
    } else {
        ev.text = QString::fromUtf8(s.text);
    }
    return ev;
}

void TraceLog::trimLocked()
{
    // Keep at least the newest event, whatever its size.
    while (m_events.size() > 1 && (m_events.size() > m_capacity || m_bytes > m_budget)) {
        m_bytes -= m_events.front().bytes;
        m_events.pop_front();
        ++m_dropped;
    }
}

void TraceLog::setMemoryBudget(std::size_t bytes)
{
    std::lock_guard lock(m_mutex);
    m_budget = bytes;
    trimLocked();
}

std::size_t TraceLog::memoryBytes() const
{
    std::lock_guard lock(m_mutex);
    return m_bytes;
}

void TraceLog::setClock(const Clock *clock, qint64 epochMs)
{
    std::lock_guard lock(m_mutex);
    m_clock = clock;
    m_epochMs = epochMs;
}

void TraceLog::setRevisionSource(std::function<qint64()> source)
{
    std::lock_guard lock(m_mutex);
    m_revision = source ? std::make_shared<const std::function<qint64()>>(std::move(source)) : nullptr;
}

void TraceLog::setEnabled(bool on)
{
    std::lock_guard lock(m_mutex);
    m_enabled = on;
}

bool TraceLog::isEnabled() const
{
    std::lock_guard lock(m_mutex);
    return m_enabled;
}

qint64 TraceLog::append(TraceEvent ev)
{
    // The revision source takes the store's lock: call it before ours to keep lock order simple.
    std::shared_ptr<const std::function<qint64()>> revision;
    {
        std::lock_guard lock(m_mutex);
        if (!m_enabled)
            return 0;
        if (ev.rev == 0)
            revision = m_revision;
    }
    if (revision)
        ev.rev = (*revision)();
    Stored st;
    st.rev = ev.rev;
    st.worker = ev.worker;
    st.key = std::move(ev.key);
    if (ev.textFn) {
        st.textFn = ev.textFn;
        st.args[0] = ev.args[0];
        st.args[1] = ev.args[1];
    } else {
        st.text = exactUtf8(ev.text);
    }
    st.detail = std::move(ev.detail);
    // Heap blocks, their headers and the detail's nested values roughly double the visible
    // sizes (calibrated with rlab bench: ~700 bytes of peak RSS per event against ~380 counted).
    st.bytes = 2 * (sizeof(Stored) + 32 + std::size_t(st.text.size()) + std::size_t(st.key.size()) * 2 + approxJsonBytes(st.detail));
    std::lock_guard lock(m_mutex);
    st.t = ev.t == 0 && m_clock ? m_clock->now() - m_epochMs : ev.t;
    st.seq = m_nextSeq++;
    st.component = intern(ev.component);
    st.type = intern(ev.type);
    const qint64 seq = st.seq;
    m_bytes += st.bytes;
    m_events.push_back(std::move(st));
    trimLocked();
    return seq;
}

std::vector<TraceEvent> TraceLog::since(qint64 afterSeq, std::size_t max) const
{
    std::lock_guard lock(m_mutex);
    std::vector<TraceEvent> out;
    if (m_events.empty())
        return out;
    // seqs are contiguous: index = seq - firstSeq
    const qint64 first = m_events.front().seq;
    std::size_t start = afterSeq < first ? 0 : std::size_t(afterSeq - first + 1);
    for (std::size_t i = start; i < m_events.size() && out.size() < max; ++i)
        out.push_back(unpack(m_events[i]));
    return out;
}

std::vector<TraceEvent> TraceLog::ofTypes(qint64 afterSeq, qint64 untilSeq, const QStringList &types) const
{
    std::lock_guard lock(m_mutex);
    std::vector<TraceEvent> out;
    if (m_events.empty() || untilSeq <= afterSeq)
        return out;
    std::vector<bool> wanted(m_names.size(), false);
    for (const QString &t : types)
        if (const auto it = m_nameIds.constFind(t); it != m_nameIds.cend())
            wanted[*it] = true;
    const qint64 first = m_events.front().seq;
    const std::size_t start = afterSeq < first ? 0 : std::size_t(afterSeq - first + 1);
    for (std::size_t i = start; i < m_events.size() && m_events[i].seq <= untilSeq; ++i)
        if (wanted[m_events[i].type])
            out.push_back(unpack(m_events[i]));
    return out;
}

qint64 TraceLog::lastSeq() const
{
    std::lock_guard lock(m_mutex);
    return m_nextSeq - 1;
}

qint64 TraceLog::dropped() const
{
    std::lock_guard lock(m_mutex);
    return m_dropped;
}

std::size_t TraceLog::size() const
{
    std::lock_guard lock(m_mutex);
    return m_events.size();
}

void TraceLog::clear()
{
    std::lock_guard lock(m_mutex);
    m_events.clear();
    m_bytes = 0;
}

} // namespace rlab
