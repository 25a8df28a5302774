#include "core/base/traceevent.h"

namespace rlab {

QJsonObject TraceEvent::toJson() const
{
    QJsonObject o;
    o.insert(QLatin1String("seq"), seq);
    o.insert(QLatin1String("t"), t);
    o.insert(QLatin1String("rev"), rev);
    o.insert(QLatin1String("component"), component);
    if (worker >= 0)
        o.insert(QLatin1String("worker"), worker);
    o.insert(QLatin1String("type"), type);
    if (!key.isEmpty())
        o.insert(QLatin1String("key"), key);
    if (!detail.isEmpty())
        o.insert(QLatin1String("detail"), detail);
    o.insert(QLatin1String("text"), text);
    return o;
}

} // namespace rlab
