#pragma once
#include "core/api/event.h"
#include "core/api/object.h"
#include "core/apiserver/resourcetype.h"
#include "core/base/lightmutex.h"
#include "core/controller/eventcorrelator.h"
#include "core/controller/eventlogcache.h"

#include <QHash>
#include <QJsonObject>
#include <QSet>
#include <QString>
#include <array>
#include <deque>
#include <mutex>
#include <utility>

namespace rlab {
class TraceLog;
}
namespace rlab::client {
class Interface;
}

namespace rlab::controller {

// client-go's record.EventRecorder: `event(obj, "Normal", "ScalingReplicaSet", "Scaled up replica
// set web-7c5b4f to 3")` writes a core/v1 Event about obj through the API server, as
// kube-controller-manager and the kubelet do, through the EventCorrelator: similar events are
// aggregated ("(combined from similar events): …" after 10 messages in 10 minutes), repeats of
// the same key update the existing Event (count + 1, lastTimestamp, message) instead of piling
// up (EventLogCache, 4,096 keys), and a source may write 25 events about one object, then 1
// every 5 minutes (the spam filter; the rest are traced as not written). `Correlation::None`:
// only the repeats are counted (the scheduler writes through the events.k8s.io API, which has no
// aggregator or spam filter). Names are "<object>.<hex timestamp>" like upstream. Thread-safe:
// as upstream's broadcaster hands events to its sink one at a time, events are queued and one
// caller at a time drains the queue (correlates, then gets/updates/creates), with no lock held
// across an API call — two workers repeating one event cannot both create it, and a worker
// waiting on the latency model's baton never blocks another on this recorder.
class EventRecorder
{
public:
    enum class Correlation { Full, None };
    EventRecorder(client::Interface &api, QString component, Correlation correlation = Correlation::Full);
    void event(const api::Object &involved, const QString &type, const QString &reason, const QString &message);
    void eventf(const api::ObjectPtr &involved, const QString &type, const QString &reason, const QString &message)
    {
        if (involved)
            event(*involved, type, reason, message);
    }
    QString component() const { return m_component; }

private:
    // One event waiting for the sink: what it is about (copied, the object may change) and when.
    struct Pending
    {
        api::ObjectReference involved;
        QString type, reason, message;
        CompactKey messageKey;   // CompactKey::of(message), remembered with the message
        qint64 now = 0;
    };
    static const apiserver::ResourceType &rt();
    // Correlates and writes one event (its strings move to the Event); the drainer only.
    void write(Pending &&p);
    void traceEvent(const api::ObjectReference &involved, const QString &type, const QString &reason, const QString &message,
                    bool written);

    client::Interface &m_api;
    QString m_component;
    LightMutex m_mutex;
    TraceLog *m_traceIdsOf = nullptr;   // the log m_traceComponent and m_traceEvent are ids in; under m_mutex
    quint32 m_traceComponent = 0, m_traceEvent = 0;
    std::deque<Pending> m_queue;   // under m_mutex
    bool m_draining = false;       // a caller is draining m_queue; under m_mutex
    Correlation m_correlation;
    EventLogCache m_seen;   // correlation key -> event name (suffix) and count; under m_mutex
    EventCorrelator m_correlator;   // under m_mutex
    QHash<std::pair<QString, QString>, QJsonObject> m_details[2];   // (type, reason) -> the trace detail, [written, kept back]; under m_mutex
    struct RecentDetail
    {
        QString type, reason;
        QJsonObject detail;
    };
    static constexpr std::size_t kRecentDetails = 16;
    std::array<RecentDetail, kRecentDetails> m_recentDetails[2];   // traceEvent's recent pairs; under m_mutex
    qint64 m_counter = 0;
    // The source keys (getSpamKey's hash) of the last objects written about, by where their
    // strings are: a kubelet writes Pulled, Created and Started about one pod in a row. An
    // entry holds its strings, so their characters are neither freed nor reused meanwhile.
    // The drainer's only (one at a time, ordered by m_mutex).
    struct RecentSource
    {
        QString kind, ns, name, uid, apiVersion;
        EventCorrelator::KeyHash source;
    };
    static constexpr std::size_t kRecentSources = 4;
    std::array<RecentSource, kRecentSources> m_recentSources;
    std::size_t m_nextRecentSource = 0;
    EventCorrelator::KeyHash sourceKey(const api::ObjectReference &involved, const QString &ns);
    // The source key's state after its component, kind and namespace, for the strings held here.
    struct SourcePrefix
    {
        QString kind, ns;
        EventCorrelator::KeyHash hash;
    } m_sourcePrefix;   // the drainer's only, as m_recentSources
    // Recent messages, so that the Events of one text share one string: a kubelet writes
    // "Started container nginx" for each of its pods, and the lab keeps every Event for an hour
    // (1.45 million at rlab bench --size large). Each with its CompactKey, which the correlator
    // asks of every event (a message hashed twice an event, ~60 characters). Bounded; under m_mutex.
    QHash<QString, CompactKey> m_messages;
    static constexpr qsizetype kMessagesKept = 256;
    // In front of it, messages by where their characters are (each slot holds the string it
    // was given, so they stay put): the kept string and its key. Under m_mutex.
    struct RecentMessage
    {
        QString message, kept;
        CompactKey key;
    };
    std::array<RecentMessage, 16> m_recentMessages;
};

} // namespace rlab::controller
