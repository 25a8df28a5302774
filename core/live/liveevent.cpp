#include "core/live/liveevent.h"

namespace rlab::live {

QString LiveEvent::typeName(Type type)
{
    switch (type) {
    case Type::Added: return QStringLiteral("ADDED");
    case Type::Modified: return QStringLiteral("MODIFIED");
    case Type::Deleted: return QStringLiteral("DELETED");
    case Type::Relist: return QStringLiteral("RELIST");
    }
    return {};
}

std::optional<LiveEvent::Type> LiveEvent::typeFromName(const QString &name)
{
    for (Type t : {Type::Added, Type::Modified, Type::Deleted, Type::Relist})
        if (typeName(t) == name)
            return t;
    return std::nullopt;
}

QString LiveEvent::key() const
{
    if (!object)
        return {};
    const QString &ns = object->metadata.namespace_;
    return ns.isEmpty() ? object->metadata.name : ns + QLatin1Char('/') + object->metadata.name;
}

} // namespace rlab::live
