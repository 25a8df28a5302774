#pragma once
#include "ui/timetravel/fieldorigin.h"
#include "ui/timetravel/traceindex.h"

#include <QObject>

namespace rlab::ui {

class ClusterSession;
class TimeTravel;

// "Click a field to jump to the revision and trace event that set it", for the inspector:
// origin(etcdKey, path) walks the key's etcd history from the session's view (FieldOrigin) and
// attaches the etcd write of that revision from a TraceIndex it feeds from the session's
// traceEvents (cleared when reset() makes a new cluster); jumpTo() then shows the cluster at
// that revision (TimeTravel::viewRevision) and emits jumped(origin) so a trace view can
// select origin.event->seq. GUI thread only.
class FieldOriginFinder : public QObject
{
    Q_OBJECT
public:
    explicit FieldOriginFinder(TimeTravel &travel, QObject *parent = nullptr);

    FieldOrigin origin(const QByteArray &etcdKey, const QString &path) const;
    // False when the field has no origin or its revision is compacted away.
    bool jumpTo(const QByteArray &etcdKey, const QString &path);
    // "status.readyReplicas = 5 since revision 97 (t=00:00:31) · etcd updated …"
    QString describe(const QByteArray &etcdKey, const QString &path) const;
    const TraceIndex &index() const { return m_index; }

signals:
    void jumped(const rlab::ui::FieldOrigin &origin);

private:
    TimeTravel &m_travel;
    ClusterSession &m_session;
    TraceIndex m_index;
    qint64 m_epoch = 0;
};

// "00:01:23" for 83000 ms of virtual time.
QString formatVirtualTime(qint64 ms);

} // namespace rlab::ui
