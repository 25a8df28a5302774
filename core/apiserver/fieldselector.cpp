#include "core/apiserver/fieldselector.h"

#include "core/api/event.h"
#include "core/api/namespace.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"

namespace rlab::apiserver {

using namespace rlab::api;

namespace {
QStringList selectableFields(const QString &resource)
{
    QStringList f{QStringLiteral("metadata.name"), QStringLiteral("metadata.namespace")};
    if (resource == QLatin1String("pods"))
        f << QStringLiteral("spec.nodeName") << QStringLiteral("spec.restartPolicy")
          << QStringLiteral("spec.schedulerName") << QStringLiteral("spec.serviceAccountName")
          << QStringLiteral("status.phase") << QStringLiteral("status.podIP")
          << QStringLiteral("status.nominatedNodeName");
    else if (resource == QLatin1String("events"))
        f << QStringLiteral("involvedObject.kind") << QStringLiteral("involvedObject.namespace")
          << QStringLiteral("involvedObject.name") << QStringLiteral("involvedObject.uid")
          << QStringLiteral("involvedObject.apiVersion") << QStringLiteral("involvedObject.resourceVersion")
          << QStringLiteral("involvedObject.fieldPath") << QStringLiteral("reason")
          << QStringLiteral("reportingComponent") << QStringLiteral("source") << QStringLiteral("type");
    else if (resource == QLatin1String("nodes"))
        f << QStringLiteral("spec.unschedulable");
    else if (resource == QLatin1String("replicasets"))
        f << QStringLiteral("status.replicas");
    else if (resource == QLatin1String("namespaces"))
        f << QStringLiteral("status.phase");
    return f;
}
} // namespace

std::optional<FieldSelector> FieldSelector::parse(const QString &text, const QString &resource, QString *error)
{
    FieldSelector sel;
    const QStringList allowed = selectableFields(resource);
    for (const QString &rawTerm : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString term = rawTerm.trimmed();
        Term t;
        qsizetype pos = term.indexOf(QLatin1String("!="));
        int opLen = 2;
        if (pos >= 0) {
            t.equals = false;
        } else if ((pos = term.indexOf(QLatin1String("=="))) >= 0) {
            opLen = 2;
        } else if ((pos = term.indexOf(QLatin1Char('='))) >= 0) {
            opLen = 1;
        } else {
            if (error)
                *error = QStringLiteral("invalid selector: '%1'; can't understand '%2'").arg(text, term);
            return std::nullopt;
        }
        t.field = term.left(pos).trimmed();
        t.value = term.mid(pos + opLen).trimmed();
        if (!allowed.contains(t.field)) {
            if (error)
                *error = QStringLiteral("field label not supported: %1").arg(t.field);
            return std::nullopt;
        }
        sel.m_terms.append(t);
    }
    return sel;
}

std::optional<QString> FieldSelector::fieldValue(const Object &obj, const QString &field)
{
    if (field == QLatin1String("metadata.name"))
        return obj.metadata.name;
    if (field == QLatin1String("metadata.namespace"))
        return obj.metadata.namespace_;
    if (const Pod *p = obj.kind() == Kind::Pod ? static_cast<const Pod *>(&obj) : nullptr) {
        if (field == QLatin1String("spec.nodeName")) return p->spec.nodeName;
        if (field == QLatin1String("spec.restartPolicy")) return p->spec.restartPolicy;
        if (field == QLatin1String("spec.schedulerName")) return p->spec.schedulerName;
        if (field == QLatin1String("spec.serviceAccountName")) return p->spec.serviceAccountName;
        if (field == QLatin1String("status.phase")) return p->status.phase;
        if (field == QLatin1String("status.podIP")) return p->status.podIP;
        if (field == QLatin1String("status.nominatedNodeName")) return p->status.nominatedNodeName;
    }
    if (const Event *e = obj.kind() == Kind::Event ? static_cast<const Event *>(&obj) : nullptr) {
        if (field == QLatin1String("involvedObject.kind")) return e->involvedObject.kind;
        if (field == QLatin1String("involvedObject.namespace")) return e->involvedObject.namespace_;
        if (field == QLatin1String("involvedObject.name")) return e->involvedObject.name;
        if (field == QLatin1String("involvedObject.uid")) return e->involvedObject.uid;
        if (field == QLatin1String("involvedObject.apiVersion")) return e->involvedObject.apiVersion;
        if (field == QLatin1String("involvedObject.resourceVersion")) return e->involvedObject.resourceVersion;
        if (field == QLatin1String("involvedObject.fieldPath")) return e->involvedObject.fieldPath;
        if (field == QLatin1String("reason")) return e->reason;
        if (field == QLatin1String("reportingComponent")) return e->reportingComponent;
        if (field == QLatin1String("source")) return e->source.component;
        if (field == QLatin1String("type")) return e->type;
    }
    if (const Node *n = obj.kind() == Kind::Node ? static_cast<const Node *>(&obj) : nullptr) {
        if (field == QLatin1String("spec.unschedulable"))
            return n->spec.unschedulable ? QStringLiteral("true") : QStringLiteral("false");
    }
    if (const ReplicaSet *rs = obj.kind() == Kind::ReplicaSet ? static_cast<const ReplicaSet *>(&obj) : nullptr) {
        if (field == QLatin1String("status.replicas")) return QString::number(rs->status.replicas);
    }
    if (const Namespace *ns = obj.kind() == Kind::Namespace ? static_cast<const Namespace *>(&obj) : nullptr) {
        if (field == QLatin1String("status.phase")) return ns->status.phase;
    }
    return std::nullopt;
}

bool FieldSelector::matches(const Object &obj) const
{
    for (const Term &t : m_terms) {
        const std::optional<QString> v = fieldValue(obj, t.field);
        const QString value = v.value_or(QString());
        if ((value == t.value) != t.equals)
            return false;
    }
    return true;
}

} // namespace rlab::apiserver
