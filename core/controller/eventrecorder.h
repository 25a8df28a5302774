#pragma once
#include "core/api/object.h"
#include "core/controller/eventlogcache.h"

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <mutex>

namespace rlab::client {
class Interface;
}

namespace rlab::controller {

// client-go's record.EventRecorder: `event(obj, "Normal", "ScalingReplicaSet", "Scaled up replica
// set web-7c5b4f to 3")` writes a core/v1 Event about obj through the API server, as
// kube-controller-manager does. Repeats of the same (object, type, reason, message) update the
// existing Event (count + 1, lastTimestamp) like the event correlator, instead of piling up;
// the correlator remembers the 4096 most recently used keys, as upstream's LRU (EventLogCache).
// Names are "<object>.<hex timestamp>" like upstream. Thread-safe; call from any worker.
class EventRecorder
{
public:
    EventRecorder(client::Interface &api, QString component);
    void event(const api::Object &involved, const QString &type, const QString &reason, const QString &message);
    void eventf(const api::ObjectPtr &involved, const QString &type, const QString &reason, const QString &message)
    {
        if (involved)
            event(*involved, type, reason, message);
    }
    QString component() const { return m_component; }

private:
    client::Interface &m_api;
    QString m_component;
    std::mutex m_mutex;
    EventLogCache m_seen;   // correlation key -> event name; under m_mutex
    QHash<QString, QJsonObject> m_details;   // "type\x1freason" -> the trace detail; under m_mutex
    qint64 m_counter = 0;
};

} // namespace rlab::controller
