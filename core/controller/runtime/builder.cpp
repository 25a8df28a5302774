#include "core/controller/runtime/builder.h"

#include "core/client/sharedinformerfactory.h"

namespace rlab::controller::runtime {

Controller &Builder::complete(std::shared_ptr<Reconciler> reconciler)
{
    auto controller = std::make_unique<Controller>(m_name, QStringLiteral("Reconcile"), m_manager.clock(), m_manager.trace(), -1);
    Controller *c = controller.get();
    Reconciler *r = reconciler.get();
    controller->setSyncHandler([c, r](const QString &key) {
        const Result res = r->reconcile(Request::fromKey(key));
        SyncResult out;
        if (!res.note.isEmpty())
            out.notes << res.note;
        if (!res.error.isEmpty()) {
            out.error = res.error;
            return out;
        }
        // controller-runtime's reconcileHandler: RequeueAfter → forget + addAfter; Requeue →
        // addRateLimited; the Controller then forgets on success.
        if (res.requeueAfterMs > 0) {
            c->enqueueAfter(key, res.requeueAfterMs);
            out.notes << QStringLiteral("requeue after %1 ms").arg(res.requeueAfterMs);
        } else if (res.requeue) {
            c->enqueueRateLimited(key);
            out.notes << QStringLiteral("requeue (rate limited)");
        }
        return out;
    });
    const auto enqueueSelf = [c](const api::ObjectPtr &obj) { c->enqueue(obj->key()); };
    const QString forKind = m_for.kind;
    const auto enqueueOwner = [c, forKind](const api::ObjectPtr &obj) {
        if (const api::OwnerReference *ref = obj->metadata.controllerRef(); ref && ref->kind == forKind)
            c->enqueue(obj->metadata.namespace_.isEmpty() ? ref->name : obj->metadata.namespace_ + QLatin1Char('/') + ref->name);
    };
    m_manager.cache().informerFor(m_for).addEventHandler(client::ResourceEventHandlerFuncs(
        [enqueueSelf](const api::ObjectPtr &o, bool) { enqueueSelf(o); },
        [enqueueSelf](const api::ObjectPtr &, const api::ObjectPtr &o) { enqueueSelf(o); },
        [enqueueSelf](const api::ObjectPtr &o, const client::DeletedFinalStateUnknown *) { enqueueSelf(o); }));
    for (const apiserver::ResourceType &rt : m_owns) {
        m_manager.cache().informerFor(rt).addEventHandler(client::ResourceEventHandlerFuncs(
            [enqueueOwner](const api::ObjectPtr &o, bool) { enqueueOwner(o); },
            [enqueueOwner](const api::ObjectPtr &, const api::ObjectPtr &o) { enqueueOwner(o); },
            [enqueueOwner](const api::ObjectPtr &o, const client::DeletedFinalStateUnknown *) { enqueueOwner(o); }));
    }
    return m_manager.add(std::move(controller), std::move(reconciler));
}

} // namespace rlab::controller::runtime
