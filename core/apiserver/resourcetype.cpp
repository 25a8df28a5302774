#include "core/apiserver/resourcetype.h"

#include "core/base/tracetext.h"

#include <mutex>

namespace rlab::apiserver {

using api::Kind;

QByteArray ResourceType::etcdKey(const QString &ns, const QString &name) const
{
    // One buffer, no UTF-8 conversion call: this runs for every request, and the pieces are
    // ASCII (DNS names, fixed prefixes) — anything else goes through toUtf8 as before.
    const bool withNs = namespaced && !ns.isEmpty();
    const bool ascii = tracetext::noneHas(etcdPrefix, 0xff80) && (!withNs || tracetext::noneHas(ns, 0xff80))
        && tracetext::noneHas(name, 0xff80);
    if (ascii) {
        // Eight characters a step (tracetext's SSE2 narrowing; a key is ~50 characters).
        QByteArray k(etcdPrefix.size() + 1 + (withNs ? ns.size() + 1 : 0) + name.size(), Qt::Uninitialized);
        char *out = k.data();
        const auto put = [&out](const QString &piece) {
            tracetext::narrow(out, piece);
            out += piece.size();
        };
        put(etcdPrefix);
        *out++ = '/';
        if (withNs) {
            put(ns);
            *out++ = '/';
        }
        put(name);
        return k;
    }
    QString text = etcdPrefix + QLatin1Char('/');
    if (withNs)
        text += ns + QLatin1Char('/');
    return (text + name).toUtf8();
}

namespace resources {

namespace {
ResourceType make(const char *group, const char *resource, const char *kind, bool namespaced,
                  QStringList shortNames, QStringList categories, QStringList sub, Kind typed,
                  const char *etcd = nullptr)
{
    ResourceType r;
    r.group = QString::fromLatin1(group);
    r.version = QStringLiteral("v1");
    r.resource = QString::fromLatin1(resource);
    r.kind = QString::fromLatin1(kind);
    r.singular = r.kind.toLower();
    r.namespaced = namespaced;
    r.shortNames = std::move(shortNames);
    r.categories = std::move(categories);
    r.subresources = std::move(sub);
    r.typedKind = typed;
    r.etcdPrefix = QStringLiteral("/registry/") + QString::fromLatin1(etcd ? etcd : resource);
    return r;
}

const QStringList kAll{QStringLiteral("all")};

std::mutex g_mutex;
QList<ResourceType> g_custom;
} // namespace

const QList<ResourceType> &builtin()
{
    static const QList<ResourceType> table{
        make("", "namespaces", "Namespace", false, {QStringLiteral("ns")}, {}, {QStringLiteral("finalize"), QStringLiteral("status")}, Kind::Namespace),
        make("", "nodes", "Node", false, {QStringLiteral("no")}, {}, {QStringLiteral("status")}, Kind::Node, "minions"),
        make("", "pods", "Pod", true, {QStringLiteral("po")}, kAll, {QStringLiteral("status"), QStringLiteral("binding"), QStringLiteral("log")}, Kind::Pod),
        make("", "events", "Event", true, {QStringLiteral("ev")}, {}, {}, Kind::Event),
        make("apps", "replicasets", "ReplicaSet", true, {QStringLiteral("rs")}, kAll, {QStringLiteral("status"), QStringLiteral("scale")}, Kind::ReplicaSet),
        make("apps", "deployments", "Deployment", true, {QStringLiteral("deploy")}, kAll, {QStringLiteral("status"), QStringLiteral("scale")}, Kind::Deployment),
        // Not simulated: stored and served as given.
        make("", "services", "Service", true, {QStringLiteral("svc")}, kAll, {QStringLiteral("status")}, Kind::Generic, "services/specs"),
        make("", "configmaps", "ConfigMap", true, {QStringLiteral("cm")}, {}, {}, Kind::Generic),
        make("", "secrets", "Secret", true, {}, {}, {}, Kind::Generic),
        make("", "serviceaccounts", "ServiceAccount", true, {QStringLiteral("sa")}, {}, {}, Kind::Generic),
        make("", "persistentvolumeclaims", "PersistentVolumeClaim", true, {QStringLiteral("pvc")}, {}, {QStringLiteral("status")}, Kind::Generic),
        make("", "persistentvolumes", "PersistentVolume", false, {QStringLiteral("pv")}, {}, {QStringLiteral("status")}, Kind::Generic),
        make("", "limitranges", "LimitRange", true, {QStringLiteral("limits")}, {}, {}, Kind::Generic),
        make("", "resourcequotas", "ResourceQuota", true, {QStringLiteral("quota")}, {}, {QStringLiteral("status")}, Kind::Generic),
        make("apps", "statefulsets", "StatefulSet", true, {QStringLiteral("sts")}, kAll, {QStringLiteral("status"), QStringLiteral("scale")}, Kind::Generic),
        make("apps", "daemonsets", "DaemonSet", true, {QStringLiteral("ds")}, kAll, {QStringLiteral("status")}, Kind::Generic),
        make("batch", "jobs", "Job", true, {}, kAll, {QStringLiteral("status")}, Kind::Generic),
        make("batch", "cronjobs", "CronJob", true, {QStringLiteral("cj")}, kAll, {QStringLiteral("status")}, Kind::Generic),
        make("networking.k8s.io", "ingresses", "Ingress", true, {QStringLiteral("ing")}, {}, {QStringLiteral("status")}, Kind::Generic),
        make("autoscaling", "horizontalpodautoscalers", "HorizontalPodAutoscaler", true, {QStringLiteral("hpa")}, kAll, {QStringLiteral("status")}, Kind::Generic),
        make("policy", "poddisruptionbudgets", "PodDisruptionBudget", true, {QStringLiteral("pdb")}, {}, {QStringLiteral("status")}, Kind::Generic),
    };
    return table;
}

ResourceType byResource(const QString &group, const QString &resource)
{
    for (const ResourceType &r : builtin())
        if (r.group == group && r.resource == resource)
            return r;
    std::lock_guard lock(g_mutex);
    for (const ResourceType &r : std::as_const(g_custom))
        if (r.group == group && r.resource == resource)
            return r;
    return {};
}

const ResourceType &byKind(Kind kind)
{
    for (const ResourceType &r : builtin())
        if (r.typedKind == kind && kind != Kind::Generic)
            return r;
    static const ResourceType none;
    return none;
}

ResourceType byKind(const QString &apiVersion, const QString &kind)
{
    const qsizetype slash = apiVersion.indexOf(QLatin1Char('/'));
    const QString group = slash < 0 ? QString() : apiVersion.left(slash);
    const QString version = slash < 0 ? apiVersion : apiVersion.mid(slash + 1);
    for (const ResourceType &r : builtin())
        if (r.kind == kind && r.group == group)
            return r;
    std::lock_guard lock(g_mutex);
    for (const ResourceType &r : std::as_const(g_custom))
        if (r.kind == kind && r.group == group && r.version == version)
            return r;
    ResourceType r;
    r.group = group;
    r.version = version;
    r.kind = kind;
    r.resource = api::pluralForKind(kind);
    r.singular = kind.toLower();
    r.namespaced = true;
    r.etcdPrefix = QStringLiteral("/registry/") + (group.isEmpty() ? QString() : group + QLatin1Char('/')) + r.resource;
    g_custom.append(r);
    return r;
}

ResourceType lookup(const QString &nameIn)
{
    QString name = nameIn.toLower();
    QString group;
    const qsizetype dot = name.indexOf(QLatin1Char('.'));
    if (dot > 0) {
        group = name.mid(dot + 1);
        name = name.left(dot);
    }
    for (const ResourceType &r : all()) {
        if (!group.isEmpty() && r.group != group)
            continue;
        if (r.resource == name || r.singular == name || r.shortNames.contains(name))
            return r;
    }
    return {};
}

QList<ResourceType> all()
{
    QList<ResourceType> out = builtin();
    std::lock_guard lock(g_mutex);
    out += g_custom;
    return out;
}

} // namespace resources
} // namespace rlab::apiserver
