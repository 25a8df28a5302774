#pragma once
#include <QtGlobal>
#include <deque>
#include <optional>

namespace rlab::live {

// The bound on a live mirror's history (issue #15): every watch event applied to the mirror is
// one revision of its store, kept for time travel. add() counts each with its size (bytes as
// the API server sent the object); once more than maxEvents or maxBytes are retained, trim()
// drops the oldest until at most 3/4 of both remain (so the store is not compacted on every
// event) and returns the revision the mirror's store is to be compacted to: the oldest one
// still viewable, whose receive time is droppedBeforeMs(). E.g. maxEvents 8: the 9th add makes
// trim() drop 3 and return the 4th event's revision. Thread rules: the mirror's owning thread.
class HistoryBound
{
public:
    static constexpr qint64 kDefaultMaxEvents = 200'000;
    static constexpr qint64 kDefaultMaxBytes = qint64(256) << 20;   // 256 MiB

    explicit HistoryBound(qint64 maxEvents = kDefaultMaxEvents, qint64 maxBytes = kDefaultMaxBytes);

    void add(qint64 revision, qint64 t, qint64 bytes);
    // The revision to compact to when the cap was passed; nullopt while within it.
    std::optional<qint64> trim();

    qint64 maxEvents() const { return m_maxEvents; }
    qint64 maxBytes() const { return m_maxBytes; }
    qint64 retainedEvents() const { return qint64(m_kept.size()); }
    qint64 retainedBytes() const { return m_bytes; }
    qint64 droppedEvents() const { return m_droppedEvents; }
    qint64 droppedBytes() const { return m_droppedBytes; }
    // Receive time (ms since the mirror started) of the oldest retained event once something
    // was dropped: history before it is gone; -1 while nothing was.
    qint64 droppedBeforeMs() const { return m_droppedBeforeMs; }
    qint64 droppedBeforeRevision() const { return m_droppedBeforeRevision; }

private:
    struct Kept
    {
        qint64 revision, t, bytes;
    };
    qint64 m_maxEvents, m_maxBytes;
    std::deque<Kept> m_kept;
    qint64 m_bytes = 0;
    qint64 m_droppedEvents = 0, m_droppedBytes = 0;
    qint64 m_droppedBeforeMs = -1, m_droppedBeforeRevision = 0;
};

} // namespace rlab::live
