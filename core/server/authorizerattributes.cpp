#include "core/server/authorizerattributes.h"

#include "core/server/queryparameters.h"
#include "core/server/restpath.h"

namespace rlab::server {

AuthorizerAttributes AuthorizerAttributes::fromRequest(const UserInfo &user, const QString &method, const QString &path,
                                                       const QueryParameters &params)
{
    AuthorizerAttributes a;
    a.user = user;
    a.path = path;
    RestPath p;
    if (!RestPath::parse(path, &p)) {
        a.verb = method.toLower();
        if (a.verb == QLatin1String("head"))
            a.verb = QStringLiteral("get");
        return a;
    }
    a.resourceRequest = true;
    a.apiGroup = p.group;
    a.apiVersion = p.version;
    a.namespace_ = p.namespace_;
    a.resource = p.resource;
    a.subresource = p.subresource;
    a.name = p.name;
    const QString m = method.toUpper();
    if (m == QLatin1String("GET") || m == QLatin1String("HEAD")) {
        a.verb = a.name.isEmpty() ? QStringLiteral("list") : QStringLiteral("get");
        if (params.flag(QStringLiteral("watch")))
            a.verb = QStringLiteral("watch");
    } else if (m == QLatin1String("POST")) {
        a.verb = QStringLiteral("create");
    } else if (m == QLatin1String("PUT")) {
        a.verb = QStringLiteral("update");
    } else if (m == QLatin1String("PATCH")) {
        a.verb = QStringLiteral("patch");
    } else if (m == QLatin1String("DELETE")) {
        a.verb = a.name.isEmpty() ? QStringLiteral("deletecollection") : QStringLiteral("delete");
    } else {
        a.verb = method.toLower();
    }
    // RequestInfoFactory: a list or watch of one object by name is authorized for that name.
    if ((a.verb == QLatin1String("list") || a.verb == QLatin1String("watch")) && a.name.isEmpty()) {
        const QString selector = params.value(QStringLiteral("fieldSelector"));
        const QStringList terms = selector.split(QLatin1Char(','), Qt::SkipEmptyParts);
        if (terms.size() == 1) {
            const QString t = terms.first().trimmed();
            for (const char *op : {"metadata.name==", "metadata.name="})
                if (t.startsWith(QLatin1String(op))) {
                    a.name = t.mid(qstrlen(op));
                    break;
                }
        }
    }
    return a;
}

} // namespace rlab::server
