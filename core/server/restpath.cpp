#include "core/server/restpath.h"

#include <QStringList>

namespace rlab::server {

bool RestPath::parse(const QString &path, RestPath *out)
{
    QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    RestPath p;
    if (parts.size() >= 2 && parts[0] == QLatin1String("api")) {
        p.version = parts[1];
        parts = parts.mid(2);
    } else if (parts.size() >= 3 && parts[0] == QLatin1String("apis")) {
        p.group = parts[1];
        p.version = parts[2];
        parts = parts.mid(3);
    } else {
        return false;
    }
    if (parts.isEmpty())
        return false;
    // RequestInfoFactory: "namespaces/NS/<resource>/..." scopes a resource, unless the step after
    // the namespace name is one of the namespace's own subresources.
    if (parts[0] == QLatin1String("namespaces") && parts.size() > 1) {
        p.namespace_ = parts[1];
        if (parts.size() > 2 && parts[2] != QLatin1String("status") && parts[2] != QLatin1String("finalize"))
            parts = parts.mid(2);
    }
    if (parts.size() > 3)
        return false;
    p.resource = parts.value(0);
    p.name = parts.value(1);
    p.subresource = parts.value(2);
    if (p.resource == QLatin1String("namespaces") && p.group.isEmpty())
        p.namespace_ = p.name;   // a Namespace is named by its own name
    *out = p;
    return true;
}

} // namespace rlab::server
