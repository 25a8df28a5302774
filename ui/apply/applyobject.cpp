#include "ui/apply/applyobject.h"

#include "core/apiserver/apiserver.h"

namespace rlab::ui {

using apiserver::ResourceType;

ApplyOutcome applyObject(apiserver::ApiServer &api, api::MutableObjectPtr obj, bool dryRun)
{
    ApplyOutcome out;
    const ResourceType rt = obj->kind() == api::Kind::Generic ? apiserver::resources::byKind(obj->apiVersion, obj->kindName)
                                                              : apiserver::resources::byKind(obj->kind());
    QString ns = rt.namespaced ? obj->metadata.namespace_ : QString();
    if (rt.namespaced && ns.isEmpty())
        ns = QStringLiteral("default");
    apiserver::WriteOptions opts;
    opts.dryRun = dryRun;
    opts.strict = true;
    opts.fieldManager = QStringLiteral("kubectl-client-side-apply");

    const bool named = !obj->metadata.name.isEmpty();
    const apiserver::Result<api::ObjectPtr> existing =
        named ? api.get(rt, ns, obj->metadata.name) : apiserver::Result<api::ObjectPtr>::failure({});
    if (!existing.ok()) {
        apiserver::Result<api::ObjectPtr> r = api.create(rt, ns, std::move(obj), opts);
        out.object = r.value;
        out.error = r.error;
        out.action = QStringLiteral("created");
        return out;
    }
    const QString oldRv = existing.value->metadata.resourceVersion;
    obj->metadata.resourceVersion = oldRv;
    apiserver::Result<api::ObjectPtr> r = api.update(rt, ns, std::move(obj), opts);
    out.object = r.value;
    out.error = r.error;
    out.action = (r.ok() && r.value && r.value->metadata.resourceVersion == oldRv && !dryRun)
                     ? QStringLiteral("unchanged")
                     : QStringLiteral("configured");
    return out;
}

} // namespace rlab::ui
