// SPDX-License-Identifier: Apache-2.0
#include "core/http/resourcepath.h"

#include <QUrl>

namespace rlab::http {

QString ResourcePath::encode(const QString &value)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(value));
}

QString ResourcePath::path(const apiserver::ResourceType &rt, const QString &ns, const QString &name, const QString &subresource)
{
    QString p = rt.group.isEmpty() ? QStringLiteral("/api/") + rt.version
                                   : QStringLiteral("/apis/") + rt.group + QLatin1Char('/') + rt.version;
    if (rt.namespaced && !ns.isEmpty())
        p += QStringLiteral("/namespaces/") + encode(ns);
    p += QLatin1Char('/') + rt.resource;
    if (!name.isEmpty())
        p += QLatin1Char('/') + encode(name);
    if (!subresource.isEmpty())
        p += QLatin1Char('/') + subresource;
    return p;
}

QString ResourcePath::listQuery(const apiserver::ListOptions &o, bool watch)
{
    QStringList q;
    const auto add = [&q](const char *key, const QString &value) {
        if (!value.isEmpty())
            q << QLatin1String(key) + QLatin1Char('=') + encode(value);
    };
    add("labelSelector", o.labelSelector);
    add("fieldSelector", o.fieldSelector);
    add("resourceVersion", o.resourceVersion);
    add("resourceVersionMatch", o.resourceVersionMatch);
    if (o.limit > 0 && !watch)
        add("limit", QString::number(o.limit));
    add("continue", o.continueToken);
    if (watch) {
        add("watch", QStringLiteral("true"));
        if (o.allowWatchBookmarks)
            add("allowWatchBookmarks", QStringLiteral("true"));
        if (o.sendInitialEvents)
            add("sendInitialEvents", *o.sendInitialEvents ? QStringLiteral("true") : QStringLiteral("false"));
    }
    if (o.timeoutSeconds)
        add("timeoutSeconds", QString::number(*o.timeoutSeconds));
    return q.join(QLatin1Char('&'));
}

QString ResourcePath::writeQuery(const apiserver::WriteOptions &o)
{
    QStringList q;
    if (o.dryRun)
        q << QStringLiteral("dryRun=All");
    if (!o.fieldManager.isEmpty())
        q << QStringLiteral("fieldManager=") + encode(o.fieldManager);
    if (o.strict)
        q << QStringLiteral("fieldValidation=Strict");
    return q.join(QLatin1Char('&'));
}

QString ResourcePath::withQuery(const QString &path, const QString &query)
{
    return query.isEmpty() ? path : path + QLatin1Char('?') + query;
}

} // namespace rlab::http
