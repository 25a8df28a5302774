// ApiServer: delete, with graceful pod deletion, the finalizers the garbage collector uses and
// namespace termination.
#include "core/apiserver/apiserver.h"

#include "core/api/namespace.h"
#include "core/api/pod.h"
#include "core/base/clock.h"
#include "core/base/joined.h"
#include "core/store/kvstore.h"

namespace rlab::apiserver {

using namespace rlab::api;

Result<ObjectPtr> ApiServer::deleteNow(const ResourceType &rt, const ObjectPtr &old)
{
    const QByteArray key = rt.etcdKey(old->metadata.namespace_, old->metadata.name);
    const store::DeleteResult d = m_store.deleteRange(store::KeyRange::single(key));
    if (d.deleted > 0 && old->kind() == Kind::Pod && m_livePods.load() >= 0)
        --m_livePods;
    // "etcd deleted <key> at revision <rev>", made when the trace is read (a revision of 0, an
    // empty store's, would be replaced by the log's: that one is written now).
    if (d.revision > 0)
        traceWrite("Delete", key, d.revision, QString(),
                   [](const TraceEvent &e) { return joined(u"etcd deleted ", e.key, u" at revision ", QString::number(e.rev)); });
    else
        traceWrite("Delete", key, d.revision,
                   QStringLiteral("etcd deleted %1 at revision %2").arg(QString::fromUtf8(key)).arg(d.revision));
    return {old, {}};
}

// Worked example, a scheduled pod with terminationGracePeriodSeconds 30, deleted at t=100 s:
// the pod gets deletionTimestamp 130 s and deletionGracePeriodSeconds 30 and stays (Terminating);
// its kubelet stops it and deletes it again with grace 0, which removes it from etcd.
Result<ObjectPtr> ApiServer::remove(const ResourceType &rt, const QString &nsIn, const QString &name, const DeleteOptions &opts)
{
    using R = Result<ObjectPtr>;
    const QString ns = rt.namespaced ? nsIn : QString();
    traceRequest(QStringLiteral("delete"), rt, ns, name);
    std::lock_guard lock(m_writeMutex);
    const ObjectPtr old = getLocked(rt, ns, name);
    if (!old)
        return R::failure(ApiError::notFound(rt.resource, rt.group, name));
    // The NamespaceLifecycle admission plugin: its immortal namespaces.
    if (rt.group.isEmpty() && rt.resource == QLatin1String("namespaces")
        && (name == QLatin1String("default") || name == QLatin1String("kube-system") || name == QLatin1String("kube-public")))
        return R::failure(ApiError::forbidden(rt.resource, rt.group, name, QStringLiteral("this namespace may not be deleted")));
    if (!opts.preconditionUid.isEmpty() && opts.preconditionUid != old->metadata.uid)
        return R::failure(ApiError::conflict(rt.resource, rt.group, name,
                                             QStringLiteral("Precondition failed: UID in precondition: %1, UID in object meta: %2")
                                                 .arg(opts.preconditionUid, old->metadata.uid)));
    if (!opts.preconditionResourceVersion.isEmpty() && opts.preconditionResourceVersion != old->metadata.resourceVersion)
        return R::failure(ApiError::conflict(rt.resource, rt.group, name,
                                             QStringLiteral("Precondition failed: ResourceVersion in precondition: %1, ResourceVersion in object meta: %2")
                                                 .arg(opts.preconditionResourceVersion, old->metadata.resourceVersion)));
    const QStringList policies{QStringLiteral("Background"), QStringLiteral("Foreground"), QStringLiteral("Orphan")};
    if (!opts.propagationPolicy.isEmpty() && !policies.contains(opts.propagationPolicy))
        return R::failure(ApiError::invalid(QStringLiteral("DeleteOptions"), QString(), QString(),
                                            {FieldError::notSupported(QStringLiteral("propagationPolicy"), opts.propagationPolicy, policies)}));
    if (opts.gracePeriodSeconds && *opts.gracePeriodSeconds < 0)
        return R::failure(ApiError::invalid(QStringLiteral("DeleteOptions"), QString(), QString(),
                                            {FieldError::invalid(QStringLiteral("gracePeriodSeconds"), double(*opts.gracePeriodSeconds),
                                                                 QStringLiteral("must be greater than or equal to 0"))}));
    if (old->kind() == Kind::Namespace)
        return removeNamespace(rt, old, opts);
    if (opts.dryRun)
        return R{old, {}};

    MutableObjectPtr obj = old->clone();
    bool changed = false;
    const qint64 now = m_clock.now();

    // Graceful deletion (pods only; BeforeDelete / CheckGracefulDelete).
    qint64 grace = 0;
    if (const auto pod = objectCast<Pod>(old)) {
        grace = opts.gracePeriodSeconds.value_or(pod->spec.terminationGracePeriodSeconds.value_or(30));
        const QString phase = pod->status.phase;
        if (pod->spec.nodeName.isEmpty() || phase == QLatin1String("Succeeded") || phase == QLatin1String("Failed"))
            grace = 0;   // nothing runs it: no kubelet will confirm
        if (old->metadata.deletionTimestamp != 0) {
            const qint64 current = old->metadata.deletionGracePeriodSeconds.value_or(0);
            if (grace >= current && current > 0 && old->metadata.finalizers.isEmpty())
                return R{old, {}};   // already terminating with a shorter or equal grace
        }
        if (grace > 0 && (old->metadata.deletionTimestamp == 0 || grace < old->metadata.deletionGracePeriodSeconds.value_or(0))) {
            obj->metadata.deletionTimestamp = (now / 1000 + grace) * 1000;
            obj->metadata.deletionGracePeriodSeconds = grace;
            changed = true;
        } else if (grace == 0 && old->metadata.deletionTimestamp != 0) {
            obj->metadata.deletionGracePeriodSeconds = 0;
            changed = true;
        }
    }

    // Propagation: Foreground and Orphan park the object behind a finalizer the garbage
    // collector removes once it has deleted (Foreground) or released (Orphan) the dependents.
    const QString policy = opts.propagationPolicy;
    const QString finalizer = policy == QLatin1String("Foreground") ? QStringLiteral("foregroundDeletion")
                            : policy == QLatin1String("Orphan")     ? QStringLiteral("orphan")
                                                                    : QString();
    if (!finalizer.isEmpty() && !obj->metadata.finalizers.contains(finalizer)) {
        obj->metadata.finalizers.append(finalizer);
        changed = true;
    }
    if (!obj->metadata.finalizers.isEmpty() || grace > 0) {
        if (obj->metadata.deletionTimestamp == 0) {
            obj->metadata.deletionTimestamp = now / 1000 * 1000;
            obj->metadata.deletionGracePeriodSeconds = grace;
            changed = true;
        }
        if (!changed)
            return R{old, {}};
        obj->metadata.resourceVersion.clear();
        return commit(rt.etcdKey(ns, name), std::move(obj), false, old.get());
    }
    return deleteNow(rt, old);
}

// The namespace REST's Delete (registry/core/namespace/storage): the first delete only starts
// termination — deletionTimestamp now, phase Terminating, the orphan / foregroundDeletion
// finalizer as the propagation policy asks — and answers 200 with the namespace; the namespace
// controller then deletes the content and empties spec.finalizers through namespaces/finalize,
// which removes it. A delete while spec.finalizers remain changes nothing (200, the namespace);
// with none left it is a plain delete. E.g. `kubectl delete ns prod` at t=100 s: prod gets
// deletionTimestamp 100 s, phase Terminating, spec.finalizers [kubernetes] still; gone once the
// controller finalizes it.
Result<ObjectPtr> ApiServer::removeNamespace(const ResourceType &rt, const ObjectPtr &old, const DeleteOptions &opts)
{
    using R = Result<ObjectPtr>;
    const auto &ns = static_cast<const Namespace &>(*old);
    if (old->metadata.deletionTimestamp == 0) {
        MutableObjectPtr obj = old->clone();
        auto &n = static_cast<Namespace &>(*obj);
        n.metadata.deletionTimestamp = m_clock.now() / 1000 * 1000;
        n.status.phase = QStringLiteral("Terminating");
        const auto ensure = [&n](const QString &finalizer, bool want) {
            if (want && !n.metadata.finalizers.contains(finalizer))
                n.metadata.finalizers.append(finalizer);
            else if (!want)
                n.metadata.finalizers.removeAll(finalizer);
        };
        const QString &policy = opts.propagationPolicy;
        if (!policy.isEmpty()) {   // shouldHaveOrphanFinalizer / shouldHaveDeleteDependentsFinalizer
            ensure(QStringLiteral("orphan"), policy == QLatin1String("Orphan"));
            ensure(QStringLiteral("foregroundDeletion"), policy == QLatin1String("Foreground"));
        }
        if (opts.dryRun)
            return R{std::move(obj), {}};
        obj->metadata.resourceVersion.clear();
        return commit(rt.etcdKey(QString(), old->metadata.name), std::move(obj), false, old.get());
    }
    if (!ns.spec.finalizers.isEmpty() || opts.dryRun)
        return R{old, {}};
    if (!old->metadata.finalizers.isEmpty())
        return R{old, {}};   // the garbage collector's finalizers still hold it
    return deleteNow(rt, old);
}

} // namespace rlab::apiserver
