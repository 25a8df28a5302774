#pragma once
#include "core/base/traceevent.h"

#include <QByteArray>
#include <QHash>

#include <array>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace rlab {

class Clock;

// Append-only, bounded log of TraceEvents shared by every component. append() is cheap (one
// short lock); readers take batches by sequence number (`since(seq)`), so the GUI can drain
// it once per frame and files can be written at the end. Events are kept compact (component
// and type interned, text as UTF-8) and rebuilt by since(). When more than `capacity` events,
// or more than the memory budget (approximate bytes), are held the oldest are dropped and
// counted (dropped()). Any thread may call anything.
class TraceLog
{
public:
    static constexpr std::size_t kDefaultMemoryBudget = std::size_t(384) << 20;   // 384 MiB
    explicit TraceLog(std::size_t capacity = 1'000'000, std::size_t memoryBudgetBytes = kDefaultMemoryBudget);

    // Stamps seq (and t from the clock, relative to the epoch set by setEpoch, when a clock is
    // set and ev.t == 0) and stores the event. Returns the seq.
    qint64 append(TraceEvent ev);
    void setClock(const Clock *clock, qint64 epochMs);
    // Optional: current store revision supplier, used when ev.rev == 0.
    void setRevisionSource(std::function<qint64()> source);
    void setEnabled(bool on);
    bool isEnabled() const;

    // Events with seq > afterSeq, at most max, in order.
    std::vector<TraceEvent> since(qint64 afterSeq, std::size_t max = SIZE_MAX) const;
    // Events with afterSeq < seq <= untilSeq whose type is one of `types`, in order. Only those
    // are rebuilt (the rest is skipped by its interned type), so time travel can replay the
    // Queue* events of a million-event log without copying the million.
    std::vector<TraceEvent> ofTypes(qint64 afterSeq, qint64 untilSeq, const QStringList &types) const;
    qint64 lastSeq() const;
    qint64 dropped() const;
    std::size_t size() const;
    // Approximate bytes held by the kept events (what the memory budget is compared with).
    std::size_t memoryBytes() const;
    void setMemoryBudget(std::size_t bytes);
    void clear();

private:
    struct Stored
    {
        qint64 seq = 0, t = 0, rev = 0;
        qint32 worker = -1;
        quint32 component = 0, type = 0;   // indices into m_names
        QString key;                       // usually shared with the object's own key
        QByteArray text;                   // UTF-8
        QJsonObject detail;
        TraceEvent::TextFn textFn = nullptr;   // set: text is empty and made on read from args
        qint64 args[2] = {0, 0};
        std::size_t bytes = 0;             // approximate footprint
    };
    quint32 intern(const QString &s);      // under m_mutex
    TraceEvent unpack(const Stored &s) const;
    void trimLocked();

    mutable std::mutex m_mutex;
    std::deque<Stored> m_events;
    std::vector<QString> m_names;
    QHash<QString, quint32> m_nameIds;
    struct RecentName
    {
        QString name;
        quint32 id = 0;
        bool valid = false;
    };
    std::array<RecentName, 256> m_recent;   // intern()'s cache, under m_mutex
    std::size_t m_capacity;
    std::size_t m_budget;
    std::size_t m_bytes = 0;
    qint64 m_nextSeq = 1;
    qint64 m_dropped = 0;
    bool m_enabled = true;
    const Clock *m_clock = nullptr;
    qint64 m_epochMs = 0;
    // Shared, never changed in place: append() copies the pointer (not the function) under the lock.
    std::shared_ptr<const std::function<qint64()>> m_revision;
};

} // namespace rlab
