// SPDX-License-Identifier: Apache-2.0
#include "core/controller/replicaset/realpodcontrol.h"

#include "core/base/joined.h"
#include "core/client/interface.h"
#include "core/controller/eventrecorder.h"

namespace rlab::controller {

using apiserver::ApiError;

RealPodControl::RealPodControl(client::Interface &api, EventRecorder &recorder)
    : m_api(api), m_recorder(recorder)
{
}

std::shared_ptr<api::Pod> RealPodControl::GetPodFromTemplate(const api::PodTemplateSpec &podTemplate, const api::Object &owner,
                                                             const api::OwnerReference *controllerRef)
{
    // An owner creates its pods in runs: the last owner's prefix and reference list (per
    // thread) are the next pod's too, one string and one list shared by its pods, not one each
    // (~200 bytes a pod, 200,000 pods at rlab bench --size large; implicitly shared values,
    // which a pod that changes them detaches from).
    thread_local QString lastOwnerName, lastGenerateName;
    thread_local QList<api::OwnerReference> lastOwnerReferences;
    auto pod = std::make_shared<api::Pod>();
    pod->metadata.labels = podTemplate.metadata.labels;
    pod->metadata.annotations = podTemplate.metadata.annotations;
    pod->metadata.finalizers = podTemplate.metadata.finalizers;
    // getPodsPrefix: "<name>-" (a valid ReplicaSet name plus a dash is always a valid prefix;
    // the NameGenerator cuts it to 58 characters before the 5-character suffix).
    if (owner.metadata.name != lastOwnerName || lastGenerateName.isEmpty()) {
        lastOwnerName = owner.metadata.name;
        lastGenerateName = owner.metadata.name + QLatin1Char('-');
    }
    pod->metadata.generateName = lastGenerateName;
    if (controllerRef) {
        if (lastOwnerReferences.size() != 1 || !(lastOwnerReferences.constFirst() == *controllerRef))
            lastOwnerReferences = QList<api::OwnerReference>{*controllerRef};
        pod->metadata.ownerReferences = lastOwnerReferences;
    }
    pod->spec = podTemplate.spec;
    return pod;
}

std::optional<ApiError> RealPodControl::createPods(const QString &ns, const api::PodTemplateSpec &podTemplate,
                                                   const api::Object &owner, const api::OwnerReference &controllerRef,
                                                   QString *createdName)
{
    std::shared_ptr<api::Pod> pod = GetPodFromTemplate(podTemplate, owner, &controllerRef);
    if (pod->metadata.labels.isEmpty())
        return ApiError::internal(QStringLiteral("unable to create pods, no labels"));
    pod->metadata.namespace_ = ns;
    const apiserver::Result<api::ObjectPtr> r = m_api.create(apiserver::resources::byKind(api::Kind::Pod), ns, pod);
    if (!r.ok()) {
        if (!hasNamespaceTerminatingCause(*r.error))
            m_recorder.event(owner, QStringLiteral("Warning"), QStringLiteral("FailedCreate"),
                             QStringLiteral("Error creating: %1").arg(r.error->message));
        return r.error;
    }
    if (createdName)
        *createdName = r.value->metadata.name;
    m_recorder.event(owner, QStringLiteral("Normal"), QStringLiteral("SuccessfulCreate"),
                     joined(u"Created pod: ", r.value->metadata.name));
    return std::nullopt;
}

std::optional<ApiError> RealPodControl::deletePod(const QString &ns, const QString &podName, const api::Object &owner)
{
    const apiserver::Result<api::ObjectPtr> r = m_api.remove(apiserver::resources::byKind(api::Kind::Pod), ns, podName);
    if (!r.ok()) {
        if (r.error->code == 404)
            return r.error;   // already gone
        m_recorder.event(owner, QStringLiteral("Warning"), QStringLiteral("FailedDelete"),
                         QStringLiteral("Error deleting: %1").arg(r.error->message));
        ApiError e = *r.error;
        e.message = QStringLiteral("unable to delete pods: %1").arg(r.error->message);
        return e;
    }
    m_recorder.event(owner, QStringLiteral("Normal"), QStringLiteral("SuccessfulDelete"), joined(u"Deleted pod: ", podName));
    return std::nullopt;
}

} // namespace rlab::controller
