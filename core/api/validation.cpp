// Entry points (validateCreate/Update/StatusUpdate) as the generic registry sequences them
// (rest.BeforeCreate / rest.BeforeUpdate), and the small kinds: Node, Namespace, Event.
#include "core/api/validation.h"

#include "core/api/namevalidation.h"
#include "core/api/quantity.h"
#include "core/api/validationdetail.h"

#include <QSet>

namespace rlab::api {

namespace validation {

namespace {

QString renderTaint(const Taint &t)
{
    return GoJson()
        .add(QStringLiteral("Key"), t.key)
        .add(QStringLiteral("Value"), t.value)
        .add(QStringLiteral("Effect"), t.effect)
        .add(QStringLiteral("TimeAdded"), t.timeAdded ? QJsonValue(formatTime(t.timeAdded)) : QJsonValue(QJsonValue::Null))
        .toString();
}

FieldErrors validateNodeTaints(const QList<Taint> &taints, const QString &path)
{
    FieldErrors errs;
    QSet<QString> unique;   // "effect\nkey"
    for (qsizetype i = 0; i < taints.size(); ++i) {
        const Taint &t = taints[i];
        const QString p = index(path, i);
        errs += validateLabelName(t.key, child(p, QStringLiteral("key")));
        if (const QStringList msgs = isValidLabelValue(t.value); !msgs.isEmpty())
            errs << FieldError::invalid(child(p, QStringLiteral("value")), t.value, msgs.join(QLatin1Char(';')));
        const QString effectPath = child(p, QStringLiteral("effect"));
        if (t.effect.isEmpty())
            errs << FieldError::required(effectPath);
        else if (t.effect != QLatin1String("NoSchedule") && t.effect != QLatin1String("PreferNoSchedule")
                 && t.effect != QLatin1String("NoExecute"))
            errs << FieldError::notSupported(effectPath, t.effect, {QStringLiteral("NoSchedule"),
                                                                    QStringLiteral("PreferNoSchedule"),
                                                                    QStringLiteral("NoExecute")});
        const QString id = t.effect + QLatin1Char('\n') + t.key;
        if (unique.contains(id)) {
            FieldError dup = FieldError::duplicate(p, QJsonValue::Null);
            dup.renderedValue = renderTaint(t);
            dup.detail = QStringLiteral("taints must be unique by key and effect pair");
            errs << dup;
            continue;
        }
        unique.insert(id);
    }
    return errs;
}

FieldErrors validateNodeResources(const Node &node)
{
    FieldErrors errs;
    for (const auto &[list, name] : {std::pair{&node.status.capacity, "capacity"}, std::pair{&node.status.allocatable, "allocatable"}})
        for (auto it = list->cbegin(); it != list->cend(); ++it) {
            const QString path = QStringLiteral("status.%1.%2").arg(QLatin1String(name), it.key());
            QString error;
            const std::optional<Quantity> q = Quantity::parse(it.value(), &error);
            if (!q)
                errs << FieldError::invalid(path, it.value(), error);
            else if (q->sign() < 0)
                errs << FieldError::invalid(path, q->toString(), QStringLiteral("must be greater than or equal to 0"));
        }
    return errs;
}

bool eventHasEventTime(const Event &e)
{
    const QJsonValue t = e.extra.value(QLatin1String("eventTime"));
    return t.isString() && !t.toString().isEmpty();
}

// legacyValidateEvent: what core/v1 Events must satisfy (events.k8s.io adds more).
FieldErrors legacyValidateEvent(const Event &e)
{
    FieldErrors errs;
    const QString involvedNs = QStringLiteral("involvedObject.namespace");
    const QString mismatch = QStringLiteral("does not match event.namespace");
    if (!eventHasEventTime(e)) {
        if (e.involvedObject.namespace_.isEmpty()) {
            if (!e.metadata.namespace_.isEmpty() && e.metadata.namespace_ != QLatin1String("default"))
                errs << FieldError::invalid(involvedNs, e.involvedObject.namespace_, mismatch);
        } else if (e.metadata.namespace_ != e.involvedObject.namespace_) {
            errs << FieldError::invalid(involvedNs, e.involvedObject.namespace_, mismatch);
        }
    } else {
        if (e.involvedObject.namespace_.isEmpty() && e.metadata.namespace_ != QLatin1String("default")
            && e.metadata.namespace_ != QLatin1String("kube-system"))
            errs << FieldError::invalid(involvedNs, e.involvedObject.namespace_, mismatch);
        if (e.reportingComponent.isEmpty())
            errs << FieldError::required(QStringLiteral("reportingController"));
        for (const QStringList found = isQualifiedName(e.reportingComponent); const QString &msg : found)
            errs << FieldError::invalid(QStringLiteral("reportingController"), e.reportingComponent, msg);
        auto checkLength = [&errs](const QString &field, const QString &value, int limit, bool required) {
            if (required && value.isEmpty())
                errs << FieldError::required(field);
            if (value.toUtf8().size() > limit)
                errs << FieldError::invalid(field, QString(), QStringLiteral("can have at most %1 characters").arg(limit));
        };
        checkLength(QStringLiteral("reportingInstance"), e.reportingInstance, 128, true);
        checkLength(QStringLiteral("action"), e.action, 128, true);
        checkLength(QStringLiteral("reason"), e.reason, 128, true);
        checkLength(QStringLiteral("message"), e.message, 1024, false);
    }
    for (const QStringList found = isDNS1123Subdomain(e.metadata.namespace_); const QString &msg : found)
        errs << FieldError::invalid(QStringLiteral("namespace"), e.metadata.namespace_, msg);
    return errs;
}

bool isNamespaced(const Object &obj)
{
    if (obj.kind() == Kind::Generic)
        return !obj.metadata.namespace_.isEmpty();   // scope unknown: take the object's word
    return resourceInfo(obj.kind()).namespaced;
}

// rest.BeforeUpdate's validateCommonFields: the generic metadata rules every kind passes.
FieldErrors validateCommonFields(const Object &obj, const Object &old)
{
    FieldErrors errs = validateObjectMeta(obj.metadata, isNamespaced(obj), validatePathSegmentName,
                                          QStringLiteral("metadata"), false);
    errs += validateObjectMetaUpdate(obj.metadata, old.metadata, QStringLiteral("metadata"), false);
    return errs;
}

} // namespace

FieldErrors validateNode(const Node &node)
{
    FieldErrors errs = validateObjectMeta(node.metadata, false, nameIsDNSSubdomain, QStringLiteral("metadata"));
    // upstream reports spec.taints under metadata.taints
    errs += validateNodeTaints(node.spec.taints, QStringLiteral("metadata.taints"));
    errs += validateNodeResources(node);
    return errs;
}

FieldErrors validateNodeUpdate(const Node &node, const Node &oldNode)
{
    FieldErrors errs = validateObjectMetaUpdate(node.metadata, oldNode.metadata, QStringLiteral("metadata"));
    errs += validateNodeResources(node);
    for (qsizetype i = 0; i < node.status.addresses.size(); ++i) {
        const NodeAddress &a = node.status.addresses[i];
        for (qsizetype j = 0; j < i; ++j)
            if (node.status.addresses[j] == a) {
                FieldError dup = FieldError::duplicate(index(QStringLiteral("status.addresses"), i), QJsonValue::Null);
                dup.renderedValue = GoJson().add(QStringLiteral("Type"), a.type).add(QStringLiteral("Address"), a.address).toString();
                errs << dup;
                break;
            }
    }
    const QString cidrMsg = QStringLiteral("node updates may not change podCIDR except from \"\" to valid");
    if (!oldNode.spec.podCIDRs.isEmpty()) {
        if (oldNode.spec.podCIDRs.size() != node.spec.podCIDRs.size()) {
            errs << FieldError::forbidden(QStringLiteral("spec.podCIDRs"), cidrMsg);
        } else {
            for (qsizetype i = 0; i < oldNode.spec.podCIDRs.size(); ++i)
                if (oldNode.spec.podCIDRs[i] != node.spec.podCIDRs[i])
                    errs << FieldError::forbidden(QStringLiteral("spec.podCIDRs"), cidrMsg);
        }
    }
    if (!oldNode.spec.providerID.isEmpty() && oldNode.spec.providerID != node.spec.providerID)
        errs << FieldError::forbidden(QStringLiteral("spec.providerID"),
                                      QStringLiteral("node updates may not change providerID except from \"\" to valid"));
    if (!node.spec.taints.isEmpty())
        errs += validateNodeTaints(node.spec.taints, QStringLiteral("metadata.taints"));
    if (node.spec.extra.value(QLatin1String("externalID")) != oldNode.spec.extra.value(QLatin1String("externalID")))
        errs << FieldError::forbidden(QStringLiteral("spec.externalID"), QStringLiteral("may not be updated"));
    return errs;
}

FieldErrors validateNamespace(const Namespace &ns)
{
    FieldErrors errs = validateObjectMeta(ns.metadata, false, nameIsDNSLabel, QStringLiteral("metadata"));
    for (const QString &f : ns.spec.finalizers)
        errs += validateFinalizerName(f, QStringLiteral("spec.finalizers"));
    return errs;
}

FieldErrors validateNamespaceUpdate(const Namespace &ns, const Namespace &oldNs)
{
    return validateObjectMetaUpdate(ns.metadata, oldNs.metadata, QStringLiteral("metadata"));
}

// ValidateNamespaceFinalizeUpdate: the metadata rules of any update, and each finalizer named
// like a qualified name (spec.finalizers[i]).
FieldErrors validateNamespaceFinalizeUpdate(const Namespace &ns, const Namespace &oldNs)
{
    FieldErrors errs = validateObjectMetaUpdate(ns.metadata, oldNs.metadata, QStringLiteral("metadata"));
    for (qsizetype i = 0; i < ns.spec.finalizers.size(); ++i)
        errs += validateFinalizerName(ns.spec.finalizers[i], index(QStringLiteral("spec.finalizers"), i));
    return errs;
}

FieldErrors validateEvent(const Event &event)
{
    return legacyValidateEvent(event);
}

FieldErrors validateEventUpdate(const Event &event, const Event &)
{
    return legacyValidateEvent(event);
}

} // namespace validation

using namespace validation;

FieldErrors validateCreate(const Object &obj)
{
    FieldErrors errs;
    switch (obj.kind()) {
    case Kind::Deployment: errs = validateDeployment(static_cast<const Deployment &>(obj)); break;
    case Kind::ReplicaSet: errs = validateReplicaSet(static_cast<const ReplicaSet &>(obj)); break;
    case Kind::Pod: errs = validatePod(static_cast<const Pod &>(obj)); break;
    case Kind::Node: errs = validateNode(static_cast<const Node &>(obj)); break;
    case Kind::Namespace: errs = validateNamespace(static_cast<const Namespace &>(obj)); break;
    case Kind::Event: errs = validateEvent(static_cast<const Event &>(obj)); break;
    case Kind::Generic: break;
    }
    if (!errs.isEmpty())
        return errs;
    // rest.BeforeCreate: once the kind's own rules pass, the generic metadata rules.
    return validateObjectMeta(obj.metadata, isNamespaced(obj), validatePathSegmentName, QStringLiteral("metadata"), false);
}

FieldErrors validateUpdate(const Object &newObj, const Object &oldObj)
{
    if (newObj.kind() != oldObj.kind() || newObj.kindName != oldObj.kindName)
        return {FieldError::forbidden(QStringLiteral("kind"), QStringLiteral("may not be changed by an update"))};
    FieldErrors errs = validateCommonFields(newObj, oldObj);
    switch (newObj.kind()) {
    case Kind::Deployment:
        errs += validateDeploymentUpdate(static_cast<const Deployment &>(newObj), static_cast<const Deployment &>(oldObj));
        break;
    case Kind::ReplicaSet:
        errs += validateReplicaSetUpdate(static_cast<const ReplicaSet &>(newObj), static_cast<const ReplicaSet &>(oldObj));
        break;
    case Kind::Pod: errs += validatePodUpdate(static_cast<const Pod &>(newObj), static_cast<const Pod &>(oldObj)); break;
    case Kind::Node: errs += validateNodeUpdate(static_cast<const Node &>(newObj), static_cast<const Node &>(oldObj)); break;
    case Kind::Namespace:
        errs += validateNamespaceUpdate(static_cast<const Namespace &>(newObj), static_cast<const Namespace &>(oldObj));
        break;
    case Kind::Event: errs += validateEventUpdate(static_cast<const Event &>(newObj), static_cast<const Event &>(oldObj)); break;
    case Kind::Generic: break;
    }
    return errs;
}

FieldErrors validateFinalizeUpdate(const Object &newObj, const Object &oldObj)
{
    if (newObj.kind() != Kind::Namespace || oldObj.kind() != Kind::Namespace)
        return {FieldError::forbidden(QStringLiteral("kind"), QStringLiteral("may not be changed by an update"))};
    return validateNamespaceFinalizeUpdate(static_cast<const Namespace &>(newObj), static_cast<const Namespace &>(oldObj));
}

FieldErrors validateStatusUpdate(const Object &newObj, const Object &oldObj)
{
    if (newObj.kind() != oldObj.kind() || newObj.kindName != oldObj.kindName)
        return {FieldError::forbidden(QStringLiteral("kind"), QStringLiteral("may not be changed by an update"))};
    FieldErrors errs = validateCommonFields(newObj, oldObj);
    switch (newObj.kind()) {
    case Kind::Deployment:
        errs += validateDeploymentStatusUpdate(static_cast<const Deployment &>(newObj), static_cast<const Deployment &>(oldObj));
        break;
    case Kind::ReplicaSet:
        errs += validateReplicaSetStatusUpdate(static_cast<const ReplicaSet &>(newObj), static_cast<const ReplicaSet &>(oldObj));
        break;
    case Kind::Pod: errs += validatePodStatusUpdate(static_cast<const Pod &>(newObj), static_cast<const Pod &>(oldObj)); break;
    case Kind::Node: errs += validateNodeUpdate(static_cast<const Node &>(newObj), static_cast<const Node &>(oldObj)); break;
    case Kind::Namespace: {
        const auto &ns = static_cast<const Namespace &>(newObj);
        errs += validateObjectMetaUpdate(ns.metadata, oldObj.metadata, QStringLiteral("metadata"));
        if (ns.metadata.deletionTimestamp == 0) {
            if (ns.status.phase != QLatin1String("Active"))
                errs << FieldError::invalid(QStringLiteral("status.Phase"), ns.status.phase,
                                            QStringLiteral("may only be 'Active' if `deletionTimestamp` is empty"));
        } else if (ns.status.phase != QLatin1String("Terminating")) {
            errs << FieldError::invalid(QStringLiteral("status.Phase"), ns.status.phase,
                                        QStringLiteral("may only be 'Terminating' if `deletionTimestamp` is not empty"));
        }
        break;
    }
    case Kind::Event:
    case Kind::Generic:
        errs += validateObjectMetaUpdate(newObj.metadata, oldObj.metadata, QStringLiteral("metadata"));
        break;
    }
    return errs;
}

} // namespace rlab::api
