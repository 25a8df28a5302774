#include "ui/lessons/clusterquery.h"

#include "core/api/object.h"
#include "core/client/interface.h"
#include "core/sim/scenariorunner.h"
#include "core/sim/view/clusterview.h"

#include <QJsonArray>

namespace rlab::ui {

using apiserver::resources::lookup;

namespace {
const char *const kObjectKinds[] = {"deployment", "replicaset", "pod", "node"};
const QStringList kQueueFields{QStringLiteral("depth"), QStringLiteral("processing"), QStringLiteral("adds"),
                               QStringLiteral("dedups"), QStringLiteral("requeues"), QStringLiteral("gets"),
                               QStringLiteral("dones")};

QString revisionOf(const QJsonObject &o)
{
    return o.value(QLatin1String("metadata")).toObject().value(QLatin1String("annotations")).toObject()
        .value(QLatin1String("deployment.kubernetes.io/revision")).toString();
}

bool ownedBy(const QJsonObject &o, const QString &uid)
{
    for (const QJsonValue &ref : o.value(QLatin1String("metadata")).toObject().value(QLatin1String("ownerReferences")).toArray())
        if (ref.toObject().value(QLatin1String("uid")).toString() == uid)
            return true;
    return false;
}

QString refOf(const QJsonObject &o)
{
    return o.value(QLatin1String("kind")).toString() + QLatin1Char('/')
         + o.value(QLatin1String("metadata")).toObject().value(QLatin1String("name")).toString();
}

std::optional<QJsonValue> conditionField(const QJsonObject &o, const QString &type, const QString &path)
{
    for (const QJsonValue &c : o.value(QLatin1String("status")).toObject().value(QLatin1String("conditions")).toArray())
        if (c.toObject().value(QLatin1String("type")).toString() == type)
            return c.toObject().value(path.isEmpty() ? QStringLiteral("status") : path);
    return QJsonValue(QStringLiteral("absent"));
}

std::optional<QJsonValue> fieldOf(const QJsonObject &o, const QString &path)
{
    std::optional<QJsonValue> v = ScenarioRunner::field(o, path);
    if (!v && (path.startsWith(QLatin1String("status.")) || !path.contains(QLatin1Char('.'))))
        return QJsonValue(0);   // omitempty counters
    return v;
}

QJsonArray listJson(client::Interface &client, const char *resource, const QString &ns)
{
    QJsonArray out;
    const auto l = client.list(lookup(QLatin1String(resource)), ns);
    if (l.ok())
        for (const api::ObjectPtr &o : l.value.items)
            out.append(o->toJson());
    return out;
}

bool podMatches(const QJsonObject &pod, const QJsonObject &q)
{
    const QJsonObject meta = pod.value(QLatin1String("metadata")).toObject();
    const QJsonObject labels = meta.value(QLatin1String("labels")).toObject();
    const QJsonObject want = q.value(QLatin1String("labels")).toObject();
    for (auto it = want.begin(); it != want.end(); ++it)
        if (labels.value(it.key()) != it.value())
            return false;
    const QJsonObject status = pod.value(QLatin1String("status")).toObject();
    if (q.contains(QLatin1String("phase")) && status.value(QLatin1String("phase")) != q.value(QLatin1String("phase")))
        return false;
    if (q.contains(QLatin1String("terminating"))
        && meta.contains(QLatin1String("deletionTimestamp")) != q.value(QLatin1String("terminating")).toBool())
        return false;
    if (q.contains(QLatin1String("ready"))) {
        bool ready = false;
        for (const QJsonValue &c : status.value(QLatin1String("conditions")).toArray())
            if (c.toObject().value(QLatin1String("type")).toString() == QLatin1String("Ready"))
                ready = c.toObject().value(QLatin1String("status")).toString() == QLatin1String("True");
        if (ready != q.value(QLatin1String("ready")).toBool())
            return false;
    }
    return true;
}
} // namespace

std::optional<ClusterQuery> ClusterQuery::fromJson(const QJsonValue &value, QString *error)
{
    if (!value.isObject()) {
        *error = QStringLiteral("must be a query such as {deployment: nginx, field: status.replicas} or {value: 3}");
        return std::nullopt;
    }
    const QJsonObject o = value.toObject();
    if (o.contains(QLatin1String("value")))
        return ClusterQuery{o};
    if (o.contains(QLatin1String("count"))) {
        const QString what = o.value(QLatin1String("count")).toString();
        if (what != QLatin1String("pods") && what != QLatin1String("replicasets")) {
            *error = QStringLiteral("count: must be pods or replicasets, not \"%1\"").arg(what);
            return std::nullopt;
        }
        return ClusterQuery{o};
    }
    if (o.contains(QLatin1String("workqueue"))) {
        if (!kQueueFields.contains(o.value(QLatin1String("field")).toString())) {
            *error = QStringLiteral("workqueue: field must be one of %1").arg(kQueueFields.join(QStringLiteral(", ")));
            return std::nullopt;
        }
        return ClusterQuery{o};
    }
    for (const char *k : kObjectKinds) {
        if (!o.contains(QLatin1String(k)))
            continue;
        if (!o.contains(QLatin1String("field")) && !o.contains(QLatin1String("condition"))) {
            *error = QStringLiteral("%1: needs a field, e.g. field: status.replicas").arg(QLatin1String(k));
            return std::nullopt;
        }
        if (o.value(QLatin1String("replicaset")).toString() == QLatin1String("new")
            || o.value(QLatin1String("replicaset")).toString() == QLatin1String("old")) {
            if (!o.contains(QLatin1String("deployment"))) {
                *error = QStringLiteral("replicaset: new/old needs the deployment it belongs to, e.g. deployment: nginx");
                return std::nullopt;
            }
        }
        return ClusterQuery{o};
    }
    *error = QStringLiteral("unknown query: use value, count, workqueue, or one of deployment, replicaset, pod, node");
    return std::nullopt;
}

ClusterQuery::Result ClusterQuery::resolve(client::Interface &client, const view::ClusterView &view) const
{
    Result r;
    const QString ns = spec.value(QLatin1String("namespace")).toString(QStringLiteral("default"));
    const QString field = spec.value(QLatin1String("field")).toString();
    if (spec.contains(QLatin1String("value"))) {
        r.value = spec.value(QLatin1String("value"));
        return r;
    }
    if (spec.contains(QLatin1String("count"))) {
        const bool pods = spec.value(QLatin1String("count")).toString() == QLatin1String("pods");
        int n = 0;
        for (const QJsonValue &o : listJson(client, pods ? "pods" : "replicasets", ns))
            n += podMatches(o.toObject(), spec) ? 1 : 0;
        r.value = n;
        return r;
    }
    if (spec.contains(QLatin1String("workqueue"))) {
        const QString name = spec.value(QLatin1String("workqueue")).toString();
        for (const view::QueueView &q : view.queues({}, {}, nullptr, 0)) {   // metrics only: no keys listed
            if (q.controller != name)
                continue;
            const WorkQueueMetrics &m = q.snapshot.metrics;
            const QHash<QString, qint64> values{{QStringLiteral("depth"), m.depth}, {QStringLiteral("processing"), m.processing},
                                                {QStringLiteral("adds"), qint64(m.adds)}, {QStringLiteral("dedups"), qint64(m.dedups)},
                                                {QStringLiteral("requeues"), qint64(m.requeues)}, {QStringLiteral("gets"), qint64(m.gets)},
                                                {QStringLiteral("dones"), qint64(m.dones)}};
            r.value = QJsonValue(values.value(field));
            return r;
        }
        r.error = QStringLiteral("no controller \"%1\" is running").arg(name);
        return r;
    }
    const QString rs = spec.value(QLatin1String("replicaset")).toString();
    if (rs == QLatin1String("new") || rs == QLatin1String("old")) {
        const QString d = spec.value(QLatin1String("deployment")).toString();
        const auto dep = client.get(lookup(QStringLiteral("deployment")), ns, d);
        if (!dep.ok()) {
            r.error = dep.error->message;
            return r;
        }
        const QJsonObject dj = dep.value->toJson();
        const QString uid = dj.value(QLatin1String("metadata")).toObject().value(QLatin1String("uid")).toString();
        const QString revision = revisionOf(dj);
        double sum = 0;
        for (const QJsonValue &v : listJson(client, "replicasets", ns)) {
            const QJsonObject o = v.toObject();
            if (!ownedBy(o, uid))
                continue;
            const bool isNew = !revision.isEmpty() && revisionOf(o) == revision;
            if (rs == QLatin1String("new") && isNew) {
                r.objectRef = refOf(o);
                r.value = fieldOf(o, field);
                if (!r.value)
                    r.error = QStringLiteral("%1 has no field %2").arg(r.objectRef, field);
                return r;
            }
            if (rs == QLatin1String("old") && !isNew) {
                const std::optional<QJsonValue> f = fieldOf(o, field);
                if (!f || !f->isDouble()) {
                    r.error = QStringLiteral("%1: %2 is not a number (old ReplicaSets are summed)").arg(refOf(o), field);
                    return r;
                }
                sum += f->toDouble();
                r.objectRef = r.objectRef.isEmpty() ? refOf(o) : r.objectRef;
            }
        }
        if (rs == QLatin1String("new")) {
            r.error = QStringLiteral("Deployment %1 has no new ReplicaSet yet").arg(d);
            return r;
        }
        r.value = sum;
        return r;
    }
    for (const char *k : kObjectKinds) {
        if (!spec.contains(QLatin1String(k)))
            continue;
        const apiserver::ResourceType rt = lookup(QLatin1String(k));
        const auto o = client.get(rt, rt.namespaced ? ns : QString(), spec.value(QLatin1String(k)).toString());
        if (!o.ok()) {
            r.error = o.error->message;
            return r;
        }
        const QJsonObject json = o.value->toJson();
        r.objectRef = refOf(json);
        if (spec.contains(QLatin1String("condition"))) {
            r.value = conditionField(json, spec.value(QLatin1String("condition")).toString(), field);
            return r;
        }
        r.value = fieldOf(json, field);
        if (!r.value)
            r.error = QStringLiteral("%1 has no field %2").arg(r.objectRef, field);
        return r;
    }
    r.error = QStringLiteral("unknown query");
    return r;
}

} // namespace rlab::ui
