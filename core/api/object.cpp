#include "core/api/object.h"

#include <QJsonDocument>
#include <QStringBuilder>

namespace rlab::api {

QByteArray Object::toJsonBytes() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Compact);
}

QString Object::key() const
{
    if (metadata.namespace_.isEmpty())
        return metadata.name;
    return metadata.namespace_ % QLatin1Char('/') % metadata.name;   // one allocation
}

} // namespace rlab::api
