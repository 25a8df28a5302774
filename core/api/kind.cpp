#include "core/api/kind.h"

namespace rlab::api {

namespace {
const ResourceInfo kResources[] = {
    {Kind::Namespace, "Namespace", "", "v1", "namespaces", false},
    {Kind::Node, "Node", "", "v1", "nodes", false},
    {Kind::Pod, "Pod", "", "v1", "pods", true},
    {Kind::ReplicaSet, "ReplicaSet", "apps", "v1", "replicasets", true},
    {Kind::Deployment, "Deployment", "apps", "v1", "deployments", true},
    {Kind::Event, "Event", "", "v1", "events", true},
};
} // namespace

QString ResourceInfo::apiVersion() const
{
    return *group ? QStringLiteral("%1/%2").arg(QLatin1String(group), QLatin1String(version))
                  : QString::fromLatin1(version);
}

const ResourceInfo *resourceForKind(const QString &kindName)
{
    for (const auto &r : kResources)
        if (kindName == QLatin1String(r.kindName))
            return &r;
    return nullptr;
}

const ResourceInfo *resourceForPlural(const QString &resource)
{
    for (const auto &r : kResources)
        if (resource == QLatin1String(r.resource))
            return &r;
    return nullptr;
}

const ResourceInfo &resourceInfo(Kind kind)
{
    for (const auto &r : kResources)
        if (r.kind == kind)
            return r;
    Q_UNREACHABLE();
}

QString pluralForKind(const QString &kindName)
{
    if (const ResourceInfo *r = resourceForKind(kindName))
        return QString::fromLatin1(r->resource);
    const QString lower = kindName.toLower();
    if (lower.endsWith(QLatin1Char('s')) || lower.endsWith(QLatin1Char('x')))
        return lower + QStringLiteral("es");
    if (lower.endsWith(QLatin1Char('y')) && lower.size() > 1)
        return lower.chopped(1) + QStringLiteral("ies");
    return lower + QLatin1Char('s');
}

} // namespace rlab::api
