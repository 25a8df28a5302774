// ApiServer: update, patch and the subresources (status, scale, binding, a namespace's finalize).
#include "core/apiserver/apiserver.h"

#include "core/api/codec.h"
#include "core/api/defaults.h"
#include "core/api/deployment.h"
#include "core/api/namespace.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"
#include "core/api/validation.h"
#include "core/apiserver/jsonequivalence.h"
#include "core/apiserver/jsonmergepatch.h"
#include "core/apiserver/jsonpatch.h"
#include "core/apiserver/strategicmergepatch.h"
#include "core/apiserver/strategy.h"
#include "core/base/clock.h"
#include "core/store/kvstore.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace rlab::apiserver {

using namespace rlab::api;

namespace {
const QString kModified = QStringLiteral("the object has been modified; please apply your changes to the latest version and try again");
} // namespace

Result<ObjectPtr> ApiServer::update(MutableObjectPtr obj, const WriteOptions &opts)
{
    if (!obj)
        return Result<ObjectPtr>::failure(ApiError::badRequest(QStringLiteral("no object")));
    const ResourceType rt = obj->kind() == Kind::Generic ? resources::byKind(obj->apiVersion, obj->kindName)
                                                         : resources::byKind(obj->kind());
    const QString ns = obj->metadata.namespace_;   // read before obj is moved into the call
    return update(rt, ns, std::move(obj), opts);
}

Result<ObjectPtr> ApiServer::updateStatus(MutableObjectPtr obj)
{
    WriteOptions opts;
    opts.subresource = QStringLiteral("status");
    return update(std::move(obj), opts);
}

Result<ObjectPtr> ApiServer::update(const ResourceType &rt, const QString &nsIn, MutableObjectPtr obj, const WriteOptions &opts)
{
    using R = Result<ObjectPtr>;
    const QString ns = rt.namespaced ? nsIn : QString();
    traceRequest(QStringLiteral("update"), rt, ns, obj ? obj->metadata.name : QString(), opts.subresource);
    if (!obj)
        return R::failure(ApiError::badRequest(QStringLiteral("no object")));
    if (rt.namespaced && !obj->metadata.namespace_.isEmpty() && obj->metadata.namespace_ != ns)
        return R::failure(ApiError::badRequest(
            QStringLiteral("the namespace of the provided object does not match the namespace sent on the request")));
    obj->metadata.namespace_ = ns;
    std::lock_guard lock(m_writeMutex);
    qint64 modRev = 0;
    const ObjectPtr old = getLocked(rt, ns, obj->metadata.name, &modRev);
    if (!old) {
        if (rt.typedKind == Kind::Event && opts.subresource.isEmpty())   // AllowCreateOnUpdate
            return create(rt, ns, std::move(obj), opts);
        return R::failure(ApiError::notFound(rt.resource, rt.group, obj->metadata.name));
    }
    if (!obj->metadata.resourceVersion.isEmpty() && obj->metadata.resourceVersion != old->metadata.resourceVersion)
        return R::failure(ApiError::conflict(rt.resource, rt.group, obj->metadata.name, kModified));
    if (!obj->metadata.uid.isEmpty() && obj->metadata.uid != old->metadata.uid)
        return R::failure(ApiError::conflict(rt.resource, rt.group, obj->metadata.name,
                                             QStringLiteral("Precondition failed: UID in precondition: %1, UID in object meta: %2")
                                                 .arg(obj->metadata.uid, old->metadata.uid)));
    return writeUpdate(rt, std::move(obj), old, modRev, opts);
}

Result<ObjectPtr> ApiServer::writeUpdate(const ResourceType &rt, MutableObjectPtr obj, const ObjectPtr &old,
                                         qint64, const WriteOptions &opts)
{
    using R = Result<ObjectPtr>;
    // System fields are the server's (rest.FillObjectMetaSystemFields / BeforeUpdate).
    obj->metadata.uid = old->metadata.uid;
    obj->metadata.creationTimestamp = old->metadata.creationTimestamp;
    obj->metadata.namespace_ = old->metadata.namespace_;
    obj->metadata.name = old->metadata.name;
    obj->metadata.generateName = old->metadata.generateName;
    const bool statusOnly = opts.subresource == QLatin1String("status");
    const bool finalize = opts.subresource == QLatin1String("finalize");
    if (finalize && rt.typedKind != Kind::Namespace)
        return R::failure(ApiError::notFound(rt.resource, rt.group, obj->metadata.name));
    setDefaults(*obj);   // before comparing specs: an undefaulted copy of the same spec is no change
    if (statusOnly)
        strategy::prepareForStatusUpdate(*obj, *old);
    else if (finalize)
        strategy::prepareForFinalize(*obj, *old);
    else
        strategy::prepareForUpdate(*obj, *old);
    obj->metadata.deletionTimestamp = old->metadata.deletionTimestamp;
    obj->metadata.deletionGracePeriodSeconds = old->metadata.deletionGracePeriodSeconds;
    obj->metadata.resourceVersion = old->metadata.resourceVersion;   // unconditional update
    // No second defaulting: what prepareFor(Status)Update copied back comes from the stored
    // object, defaulted when it was written.
    const FieldErrors errors = statusOnly ? validateStatusUpdate(*obj, *old)
                               : finalize ? validateFinalizeUpdate(*obj, *old)
                                          : validateUpdate(*obj, *old);
    if (!errors.isEmpty())
        return R::failure(ApiError::invalid(rt.kind, rt.group, obj->metadata.name, errors));
    if (!statusOnly && !finalize)
        if (auto err = checkCapacity(rt, *obj, false))
            return R::failure(*err);
    // An update that changes nothing writes nothing and keeps the resourceVersion (upstream
    // GuaranteedUpdate skips the etcd write when the bytes are equal).
    obj->metadata.resourceVersion = old->metadata.resourceVersion;
    // Decided on the typed fields (JsonEncoder's rules) unless they meet a case only the JSON settles.
    const Equivalence same = jsonEquivalent(*obj, *old);
    if (same == Equivalence::Equal || (same == Equivalence::Unknown && obj->toJson() == old->toJson()))
        return R{old, {}};
    if (opts.dryRun)
        return R{std::move(obj), {}};
    // The last finalizer removed from an object being deleted: it goes away now
    // (ShouldDeleteDuringUpdate; a namespace also waits for its spec.finalizers, as
    // ShouldDeleteNamespaceDuringUpdate: the namespace controller's finalize empties them).
    if (obj->metadata.deletionTimestamp != 0 && obj->metadata.finalizers.isEmpty()
        && obj->metadata.deletionGracePeriodSeconds.value_or(0) == 0
        && (obj->kind() != Kind::Namespace || static_cast<const Namespace &>(*obj).spec.finalizers.isEmpty()))
        return deleteNow(rt, old);
    const QByteArray key = rt.etcdKey(obj->metadata.namespace_, obj->metadata.name);   // before the move
    return commit(key, std::move(obj), false, old.get());
}

Result<MutableObjectPtr> ApiServer::applyPatch(const ResourceType &rt, const Object &current, PatchType type,
                                               const QByteArray &body, bool strict) const
{
    using R = Result<MutableObjectPtr>;
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &perr);
    if (perr.error != QJsonParseError::NoError)
        return R::failure(ApiError::badRequest(QStringLiteral("error decoding patch: %1").arg(perr.errorString())));
    const QJsonObject original = current.toJson();
    QJsonObject patched;
    QString error;
    switch (type) {
    case PatchType::Merge:
    case PatchType::Apply: {
        if (!doc.isObject())
            return R::failure(ApiError::badRequest(QStringLiteral("json: cannot unmarshal array into Go value of type map[string]interface {}")));
        patched = applyMergePatch(original, doc.object()).toObject();
        break;
    }
    case PatchType::Json: {
        if (!doc.isArray())
            return R::failure(ApiError::badRequest(QStringLiteral("json: cannot unmarshal object into Go value of type jsonpatch.Patch")));
        const std::optional<QJsonValue> v = applyJsonPatch(original, doc.array(), &error);
        if (!v)
            return R::failure(ApiError{422, QStringLiteral("Invalid"), error, current.metadata.name, rt.group, rt.kind, {}, 0});
        patched = v->toObject();
        break;
    }
    case PatchType::Strategic: {
        if (!rt.simulated() && rt.typedKind == Kind::Generic && !resources::byResource(rt.group, rt.resource).isValid())
            return R::failure(ApiError::unsupportedMediaType(QStringLiteral("application/strategic-merge-patch+json")));
        if (!doc.isObject())
            return R::failure(ApiError::badRequest(QStringLiteral("json: cannot unmarshal array into Go value of type map[string]interface {}")));
        const std::optional<QJsonObject> v = applyStrategicMergePatch(original, doc.object(), &error, rt.kind);
        if (!v)
            return R::failure(ApiError::badRequest(error));
        patched = *v;
        break;
    }
    }
    if (patched.value(QLatin1String("kind")).toString() != original.value(QLatin1String("kind")).toString()
        || patched.value(QLatin1String("apiVersion")).toString() != original.value(QLatin1String("apiVersion")).toString())
        return R::failure(ApiError::badRequest(QStringLiteral("a patch may not change apiVersion or kind")));
    DecodeResult dr = decodeObject(patched, strict);
    if (!dr.object)
        return R::failure(ApiError::badRequest(dr.error));
    return R{std::move(dr.object), {}};
}

Result<ObjectPtr> ApiServer::patch(const ResourceType &rt, const QString &nsIn, const QString &name, PatchType type,
                                   const QByteArray &body, const WriteOptions &opts)
{
    using R = Result<ObjectPtr>;
    const QString ns = rt.namespaced ? nsIn : QString();
    traceRequest(QStringLiteral("patch"), rt, ns, name, opts.subresource);
    std::lock_guard lock(m_writeMutex);
    qint64 modRev = 0;
    const ObjectPtr old = getLocked(rt, ns, name, &modRev);
    if (!old)
        return R::failure(ApiError::notFound(rt.resource, rt.group, name));
    Result<MutableObjectPtr> p = applyPatch(rt, *old, type, body, opts.strict);
    if (!p.ok())
        return R::failure(*p.error);
    MutableObjectPtr obj = std::move(p.value);
    if (obj->metadata.resourceVersion != old->metadata.resourceVersion && !obj->metadata.resourceVersion.isEmpty())
        return R::failure(ApiError::conflict(rt.resource, rt.group, name, kModified));
    if (obj->metadata.name != old->metadata.name)
        return R::failure(ApiError::badRequest(QStringLiteral("the name of the object (%1) does not match the name on the URL (%2)")
                                                   .arg(obj->metadata.name, name)));
    return writeUpdate(rt, std::move(obj), old, modRev, opts);
}

namespace {
QJsonObject scaleOf(const ResourceType &rt, const Object &obj)
{
    int specReplicas = 0, statusReplicas = 0;
    std::optional<LabelSelector> selector;
    if (obj.kind() == Kind::Deployment) {
        const auto &d = static_cast<const Deployment &>(obj);
        specReplicas = d.replicas();
        statusReplicas = d.status.replicas;
        selector = d.spec.selector;
    } else if (obj.kind() == Kind::ReplicaSet) {
        const auto &rs = static_cast<const ReplicaSet &>(obj);
        specReplicas = rs.replicas();
        statusReplicas = rs.status.replicas;
        selector = rs.spec.selector;
    }
    QString selectorText;
    if (selector) {
        if (std::optional<Selector> s = Selector::fromLabelSelector(*selector))
            selectorText = s->toString();
    }
    QJsonObject meta{{QStringLiteral("name"), obj.metadata.name},
                     {QStringLiteral("uid"), obj.metadata.uid},
                     {QStringLiteral("resourceVersion"), obj.metadata.resourceVersion},
                     {QStringLiteral("creationTimestamp"), formatTime(obj.metadata.creationTimestamp)}};
    if (rt.namespaced)
        meta.insert(QStringLiteral("namespace"), obj.metadata.namespace_);
    QJsonObject status{{QStringLiteral("replicas"), statusReplicas}};
    if (!selectorText.isEmpty())
        status.insert(QStringLiteral("selector"), selectorText);
    return QJsonObject{{QStringLiteral("kind"), QStringLiteral("Scale")},
                       {QStringLiteral("apiVersion"), QStringLiteral("autoscaling/v1")},
                       {QStringLiteral("metadata"), meta},
                       {QStringLiteral("spec"), QJsonObject{{QStringLiteral("replicas"), specReplicas}}},
                       {QStringLiteral("status"), status}};
}

bool hasScale(const ResourceType &rt)
{
    return rt.typedKind == Kind::Deployment || rt.typedKind == Kind::ReplicaSet;
}
} // namespace

Result<QJsonObject> ApiServer::getScale(const ResourceType &rt, const QString &ns, const QString &name) const
{
    using R = Result<QJsonObject>;
    if (!hasScale(rt))
        return R::failure(ApiError::notFound(rt.resource, rt.group, name));
    const Result<ObjectPtr> o = get(rt, ns, name);
    if (!o.ok())
        return R::failure(*o.error);
    return R{scaleOf(rt, *o.value), {}};
}

Result<QJsonObject> ApiServer::updateScale(const ResourceType &rt, const QString &ns, const QString &name,
                                           const QJsonObject &scale, const WriteOptions &opts)
{
    using R = Result<QJsonObject>;
    traceRequest(QStringLiteral("update"), rt, ns, name, QStringLiteral("scale"));
    if (!hasScale(rt))
        return R::failure(ApiError::notFound(rt.resource, rt.group, name));
    std::lock_guard lock(m_writeMutex);
    qint64 modRev = 0;
    const ObjectPtr old = getLocked(rt, ns, name, &modRev);
    if (!old)
        return R::failure(ApiError::notFound(rt.resource, rt.group, name));
    const QJsonValue replicas = scale.value(QLatin1String("spec")).toObject().value(QLatin1String("replicas"));
    const QString rv = scale.value(QLatin1String("metadata")).toObject().value(QLatin1String("resourceVersion")).toString();
    if (!rv.isEmpty() && rv != old->metadata.resourceVersion)
        return R::failure(ApiError::conflict(rt.resource, rt.group, name, kModified));
    if (!replicas.isUndefined() && !(replicas.isDouble() && replicas.toDouble() == double(int(replicas.toDouble()))))
        return R::failure(ApiError::badRequest(QStringLiteral("json: cannot unmarshal %1 into Go struct field ScaleSpec.spec.replicas of type int32")
                                                   .arg(replicas.isString() ? QStringLiteral("string") : QStringLiteral("number"))));
    const int n = replicas.toInt();
    if (n < 0) {
        return R::failure(ApiError::invalid(QStringLiteral("Scale"), QStringLiteral("autoscaling"), name,
                                            {FieldError::invalid(QStringLiteral("spec.replicas"), n,
                                                                 QStringLiteral("must be greater than or equal to 0"))}));
    }
    MutableObjectPtr obj = old->clone();
    if (auto d = objectCast<Deployment>(obj))
        d->spec.replicas = n;
    else if (auto rs = objectCast<ReplicaSet>(obj))
        rs->spec.replicas = n;
    Result<ObjectPtr> r = writeUpdate(rt, std::move(obj), old, modRev, opts);
    if (!r.ok())
        return R::failure(*r.error);
    return R{scaleOf(rt, *r.value), {}};
}

Result<QJsonObject> ApiServer::patchScale(const ResourceType &rt, const QString &ns, const QString &name,
                                          PatchType type, const QByteArray &body, const WriteOptions &opts)
{
    using R = Result<QJsonObject>;
    std::lock_guard lock(m_writeMutex);
    const Result<QJsonObject> current = getScale(rt, ns, name);
    if (!current.ok())
        return current;
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &perr);
    if (perr.error != QJsonParseError::NoError)
        return R::failure(ApiError::badRequest(QStringLiteral("error decoding patch: %1").arg(perr.errorString())));
    QJsonObject patched;
    QString error;
    if (type == PatchType::Json) {
        const std::optional<QJsonValue> v = applyJsonPatch(current.value, doc.array(), &error);
        if (!v)
            return R::failure(ApiError{422, QStringLiteral("Invalid"), error, name, rt.group, rt.kind, {}, 0});
        patched = v->toObject();
    } else {
        patched = applyMergePatch(current.value, doc.object()).toObject();
    }
    return updateScale(rt, ns, name, patched, opts);
}

Result<ObjectPtr> ApiServer::bind(const QString &ns, const QString &podName, const QString &nodeName)
{
    using R = Result<ObjectPtr>;
    const ResourceType rt = resources::byKind(Kind::Pod);
    traceRequest(QStringLiteral("create"), rt, ns, podName, QStringLiteral("binding"));
    std::lock_guard lock(m_writeMutex);
    qint64 modRev = 0;
    const ObjectPtr old = getLocked(rt, ns, podName, &modRev);
    if (!old)
        return R::failure(ApiError::notFound(rt.resource, rt.group, podName));
    const auto oldPod = objectCast<Pod>(old);
    if (oldPod->metadata.deletionTimestamp != 0)
        return R::failure(ApiError::conflict(rt.resource, rt.group, podName,
                                             QStringLiteral("pod %1 is being deleted, cannot be assigned to a host").arg(podName)));
    if (!oldPod->spec.nodeName.isEmpty())
        return R::failure(ApiError::conflict(rt.resource, rt.group, podName,
                                             QStringLiteral("pod %1 is already assigned to node \"%2\"").arg(podName, oldPod->spec.nodeName)));
    auto pod = std::static_pointer_cast<Pod>(old->clone());
    pod->spec.nodeName = nodeName;
    Condition c;
    c.type = QStringLiteral("PodScheduled");
    c.status = QStringLiteral("True");
    c.lastTransitionTime = m_clock.now() / 1000 * 1000;
    const qsizetype i = findCondition(pod->status.conditions, c.type);
    if (i >= 0)
        pod->status.conditions[i] = c;
    else
        pod->status.conditions.append(c);
    // Binding writes spec and status at once, bypassing the update strategy (like upstream's
    // BindingREST.setPodHostAndAnnotations).
    pod->metadata.resourceVersion.clear();
    return commit(rt.etcdKey(ns, podName), std::move(pod), false, old.get());
}

} // namespace rlab::apiserver
