// SPDX-License-Identifier: Apache-2.0
#include "core/http/watchevents.h"

#include "core/http/objectdecoder.h"
#include "core/http/statuserror.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace rlab::http {

using apiserver::ApiWatchEvent;

bool WatchEvents::decode(const QByteArray &line, const apiserver::ResourceType &rt, ApiWatchEvent *ev, QString *rv,
                         QString *error)
{
    QJsonParseError pe;
    const QJsonObject json = QJsonDocument::fromJson(line, &pe).object();
    if (pe.error != QJsonParseError::NoError) {
        *error = QStringLiteral("unable to decode an event from the watch stream: %1").arg(pe.errorString());
        return false;
    }
    const QString type = json.value(QLatin1String("type")).toString();
    const QJsonObject object = json.value(QLatin1String("object")).toObject();
    *rv = object.value(QLatin1String("metadata")).toObject().value(QLatin1String("resourceVersion")).toString();
    ev->revision = rv->toLongLong();
    ev->object.reset();
    if (type == QLatin1String("ERROR")) {
        ev->type = ApiWatchEvent::Error;
        ev->error = StatusError::fromStatus(object, 500);
        rv->clear();
        return true;
    }
    if (type == QLatin1String("BOOKMARK")) {
        ev->type = ApiWatchEvent::Bookmark;
        return true;
    }
    if (type == QLatin1String("ADDED"))
        ev->type = ApiWatchEvent::Added;
    else if (type == QLatin1String("MODIFIED"))
        ev->type = ApiWatchEvent::Modified;
    else if (type == QLatin1String("DELETED"))
        ev->type = ApiWatchEvent::Deleted;
    else {
        *error = QStringLiteral("got invalid watch event type: %1").arg(type);
        return false;
    }
    QString decodeError;
    ev->object = ObjectDecoder::decode(object, rt, &decodeError);
    if (!ev->object) {
        *error = QStringLiteral("unable to decode a %1 from the watch stream: %2").arg(rt.kind, decodeError);
        return false;
    }
    return true;
}

} // namespace rlab::http
