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
    if (!m_key.key.isNull())
        return m_key.key;
    if (metadata.namespace_.isEmpty())
        return metadata.name;
    return metadata.namespace_ % QLatin1Char('/') % metadata.name;   // one allocation
}

void Object::rememberKey(const Object *previous)
{
    if (previous && !previous->m_key.key.isNull() && previous->metadata.name == metadata.name
        && previous->metadata.namespace_ == metadata.namespace_) {
        m_key.key = previous->m_key.key;
        return;
    }
    m_key.key = QString();   // key() builds it, then it is kept
    m_key.key = key();
}

} // namespace rlab::api
