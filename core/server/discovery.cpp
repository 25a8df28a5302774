#include "core/server/discovery.h"

#include "core/apiserver/kubeversion.h"

#include "core/apiserver/resourcetype.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QStringList>

namespace rlab::server {

using apiserver::ResourceType;

namespace {

QJsonArray strings(const QStringList &list)
{
    return QJsonArray::fromStringList(list);
}

// Group -> versions, "" (core) first, groups sorted, like kube-apiserver's order.
QMap<QString, QStringList> groupVersions()
{
    QMap<QString, QStringList> out;
    for (const ResourceType &r : apiserver::resources::all())
        if (!out.value(r.group).contains(r.version))
            out[r.group].append(r.version);
    return out;
}

QJsonObject subresourceEntry(const ResourceType &r, const QString &sub)
{
    QJsonObject e{{QStringLiteral("name"), r.resource + QLatin1Char('/') + sub},
                  {QStringLiteral("singularName"), QString()},
                  {QStringLiteral("namespaced"), r.namespaced}};
    if (sub == QLatin1String("scale")) {
        e.insert(QStringLiteral("group"), QStringLiteral("autoscaling"));
        e.insert(QStringLiteral("version"), QStringLiteral("v1"));
        e.insert(QStringLiteral("kind"), QStringLiteral("Scale"));
        e.insert(QStringLiteral("verbs"), strings({QStringLiteral("get"), QStringLiteral("patch"), QStringLiteral("update")}));
    } else if (sub == QLatin1String("binding")) {
        e.insert(QStringLiteral("kind"), QStringLiteral("Binding"));
        e.insert(QStringLiteral("verbs"), strings({QStringLiteral("create")}));
    } else if (sub == QLatin1String("finalize")) {
        e.insert(QStringLiteral("kind"), r.kind);
        e.insert(QStringLiteral("verbs"), strings({QStringLiteral("update")}));
    } else if (sub == QLatin1String("log")) {
        e.insert(QStringLiteral("kind"), r.kind);
        e.insert(QStringLiteral("verbs"), strings({QStringLiteral("get")}));
    } else {
        e.insert(QStringLiteral("kind"), r.kind);
        e.insert(QStringLiteral("verbs"), strings({QStringLiteral("get"), QStringLiteral("patch"), QStringLiteral("update")}));
    }
    return e;
}

QString hashOf(const QJsonObject &doc)
{
    return QString::fromLatin1(QCryptographicHash::hash(QJsonDocument(doc).toJson(QJsonDocument::Compact),
                                                        QCryptographicHash::Sha256)
                                   .toHex()
                                   .left(20)
                                   .toUpper());
}

QString groupVersionPath(const QString &group, const QString &version)
{
    return group.isEmpty() ? QStringLiteral("api/") + version : QStringLiteral("apis/%1/%2").arg(group, version);
}

} // namespace

QJsonObject Discovery::version()
{
    const apiserver::KubeVersion v = apiserver::KubeVersion::served();
    const QString git = v.gitVersion();
    return QJsonObject{{QStringLiteral("major"), QString::number(v.major)},
                       {QStringLiteral("minor"), QString::number(v.minor)},
                       {QStringLiteral("gitVersion"), git},
                       {QStringLiteral("gitCommit"), QStringLiteral("0000000000000000000000000000000000000000")},
                       {QStringLiteral("gitTreeState"), QStringLiteral("clean")},
                       {QStringLiteral("buildDate"), QStringLiteral("2026-01-01T00:00:00Z")},
                       {QStringLiteral("goVersion"), QStringLiteral("go1.22.5")},
                       {QStringLiteral("compiler"), QStringLiteral("gc")},
                       {QStringLiteral("platform"), QStringLiteral("linux/amd64")}};
}

QJsonObject Discovery::apiVersions(const QString &serverAddress)
{
    return QJsonObject{{QStringLiteral("kind"), QStringLiteral("APIVersions")},
                       {QStringLiteral("versions"), strings({QStringLiteral("v1")})},
                       {QStringLiteral("serverAddressByClientCIDRs"),
                        QJsonArray{QJsonObject{{QStringLiteral("clientCIDR"), QStringLiteral("0.0.0.0/0")},
                                               {QStringLiteral("serverAddress"), serverAddress}}}}};
}

QJsonObject Discovery::apiGroupList()
{
    QJsonArray groups;
    const QMap<QString, QStringList> gv = groupVersions();
    for (auto it = gv.cbegin(); it != gv.cend(); ++it) {
        if (it.key().isEmpty())
            continue;
        QJsonArray versions;
        for (const QString &v : it.value())
            versions.append(QJsonObject{{QStringLiteral("groupVersion"), it.key() + QLatin1Char('/') + v},
                                        {QStringLiteral("version"), v}});
        groups.append(QJsonObject{{QStringLiteral("name"), it.key()},
                                  {QStringLiteral("versions"), versions},
                                  {QStringLiteral("preferredVersion"), versions.first()}});
    }
    return QJsonObject{{QStringLiteral("kind"), QStringLiteral("APIGroupList")},
                       {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                       {QStringLiteral("groups"), groups}};
}

std::optional<QJsonObject> Discovery::resourceList(const QString &group, const QString &version)
{
    QJsonArray resources;
    for (const ResourceType &r : apiserver::resources::all()) {
        if (r.group != group || r.version != version)
            continue;
        QStringList verbs{QStringLiteral("create"), QStringLiteral("delete"), QStringLiteral("deletecollection"),
                          QStringLiteral("get"), QStringLiteral("list"), QStringLiteral("patch"),
                          QStringLiteral("update"), QStringLiteral("watch")};
        if (r.resource == QLatin1String("namespaces"))
            verbs.removeAll(QStringLiteral("deletecollection"));
        QJsonObject e{{QStringLiteral("name"), r.resource},
                      {QStringLiteral("singularName"), r.singular},
                      {QStringLiteral("namespaced"), r.namespaced},
                      {QStringLiteral("kind"), r.kind},
                      {QStringLiteral("verbs"), strings(verbs)}};
        if (!r.shortNames.isEmpty())
            e.insert(QStringLiteral("shortNames"), strings(r.shortNames));
        if (!r.categories.isEmpty())
            e.insert(QStringLiteral("categories"), strings(r.categories));
        resources.append(e);
        for (const QString &sub : r.subresources)
            resources.append(subresourceEntry(r, sub));
    }
    if (resources.isEmpty())
        return std::nullopt;
    return QJsonObject{{QStringLiteral("kind"), QStringLiteral("APIResourceList")},
                       {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                       {QStringLiteral("groupVersion"), group.isEmpty() ? version : group + QLatin1Char('/') + version},
                       {QStringLiteral("resources"), resources}};
}

QJsonObject Discovery::openApiRoot()
{
    QJsonObject paths;
    const QMap<QString, QStringList> gv = groupVersions();
    for (auto it = gv.cbegin(); it != gv.cend(); ++it) {
        for (const QString &v : it.value()) {
            const QString path = groupVersionPath(it.key(), v);
            const std::optional<QJsonObject> doc = openApiDocument(it.key(), v);
            paths.insert(path, QJsonObject{{QStringLiteral("serverRelativeURL"),
                                            QStringLiteral("/openapi/v3/%1?hash=%2").arg(path, hashOf(doc.value_or(QJsonObject())))}});
        }
    }
    return QJsonObject{{QStringLiteral("paths"), paths}};
}

std::optional<QJsonObject> Discovery::openApiDocument(const QString &group, const QString &version)
{
    const auto param = [](const char *name) {
        return QJsonObject{{QStringLiteral("name"), QLatin1String(name)},
                           {QStringLiteral("in"), QStringLiteral("query")},
                           {QStringLiteral("schema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}}};
    };
    const QJsonArray params{param("dryRun"), param("fieldManager"), param("fieldValidation"), param("force")};
    QJsonObject paths;
    for (const ResourceType &r : apiserver::resources::all()) {
        if (r.group != group || r.version != version)
            continue;
        const QString path = QStringLiteral("/%1/%2%3/{name}")
                                 .arg(groupVersionPath(group, version),
                                      r.namespaced ? QStringLiteral("namespaces/{namespace}/") : QString(), r.resource);
        const QJsonObject patch{
            {QStringLiteral("operationId"), QStringLiteral("patch") + r.kind},
            {QStringLiteral("parameters"), params},
            {QStringLiteral("x-kubernetes-action"), QStringLiteral("patch")},
            {QStringLiteral("x-kubernetes-group-version-kind"),
             QJsonObject{{QStringLiteral("group"), group}, {QStringLiteral("version"), version}, {QStringLiteral("kind"), r.kind}}},
            {QStringLiteral("responses"), QJsonObject{{QStringLiteral("200"), QJsonObject{{QStringLiteral("description"), QStringLiteral("OK")}}}}}};
        paths.insert(path, QJsonObject{{QStringLiteral("patch"), patch}});
    }
    if (paths.isEmpty())
        return std::nullopt;
    return QJsonObject{{QStringLiteral("openapi"), QStringLiteral("3.0.0")},
                       {QStringLiteral("info"), QJsonObject{{QStringLiteral("title"), QStringLiteral("Kubernetes")},
                                                            {QStringLiteral("version"), apiserver::KubeVersion::served().gitVersion()}}},
                       {QStringLiteral("paths"), paths}};
}

} // namespace rlab::server
