#include "ui/timetravel/fieldoriginfinder.h"

#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/timetravel/timetravel.h"

#include <QJsonDocument>
#include <QJsonArray>
#include <QJsonObject>

namespace rlab::ui {

QString formatVirtualTime(qint64 ms)
{
    const qint64 s = ms / 1000;
    return QStringLiteral("%1:%2:%3").arg(s / 3600, 2, 10, QLatin1Char('0')).arg(s / 60 % 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'));
}

FieldOriginFinder::FieldOriginFinder(TimeTravel &travel, QObject *parent)
    : QObject(parent), m_travel(travel), m_session(travel.session()), m_epoch(m_session.clusterEpoch())
{
    connect(&m_session, &ClusterSession::traceEvents, this, [this](const std::vector<TraceEvent> &events) { m_index.add(events); });
    connect(&m_session, &ClusterSession::clusterReset, this, [this] {
        if (m_session.clusterEpoch() != m_epoch) {
            m_epoch = m_session.clusterEpoch();
            m_index.clear();
        }
    });
    m_index.add(m_session.view().trace(0));
}

FieldOrigin FieldOriginFinder::origin(const QByteArray &etcdKey, const QString &path) const
{
    FieldOrigin o = FieldOrigin::find(m_session.view().history(etcdKey), path);
    if (o.found)
        o.event = m_index.find(o.revision, QString::fromUtf8(etcdKey));
    return o;
}

bool FieldOriginFinder::jumpTo(const QByteArray &etcdKey, const QString &path)
{
    const FieldOrigin o = origin(etcdKey, path);
    if (!o.found || !m_travel.viewRevision(o.revision))
        return false;
    emit jumped(o);
    return true;
}

QString FieldOriginFinder::describe(const QByteArray &etcdKey, const QString &path) const
{
    const FieldOrigin o = origin(etcdKey, path);
    if (!o.found)
        return tr("%1: no retained history").arg(QString::fromUtf8(etcdKey));
    const QString value = o.value.isUndefined() ? tr("absent")
                                                : QString::fromUtf8(QJsonDocument(QJsonArray{o.value}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
    QString text = tr("%1 = %2 since revision %3%4").arg(path, value).arg(o.revision).arg(o.atOrBefore ? tr(" or earlier") : QString());
    if (o.event)
        text += tr(" (t=%1) · %2").arg(formatVirtualTime(o.event->t), o.event->text);
    return text;
}

} // namespace rlab::ui
