// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/pod.h"
#include "core/controller/replicaset/podcontrol.h"

#include <memory>

namespace rlab::client {
class Interface;
}

namespace rlab::controller {

class EventRecorder;

// controller.RealPodControl: creates and deletes pods through the ApiServer and records the
// owner's events exactly as kube-controller-manager words them:
//   Normal  SuccessfulCreate  "Created pod: web-7c5b4f-x2k9p"
//   Warning FailedCreate      "Error creating: <api error>"   (not for a terminating namespace)
//   Normal  SuccessfulDelete  "Deleted pod: web-7c5b4f-x2k9p"
//   Warning FailedDelete      "Error deleting: <api error>"   (the error becomes
//                             "unable to delete pods: <api error>"; NotFound has no event)
// Thread rules: any thread (ApiServer and EventRecorder are thread-safe).
class RealPodControl : public PodControl
{
public:
    RealPodControl(client::Interface &api, EventRecorder &recorder);

    std::optional<apiserver::ApiError> createPods(const QString &ns, const api::PodTemplateSpec &podTemplate,
                                                  const api::Object &owner, const api::OwnerReference &controllerRef,
                                                  QString *createdName = nullptr) override;
    std::optional<apiserver::ApiError> deletePod(const QString &ns, const QString &podName, const api::Object &owner) override;

    // controller.GetPodFromTemplate: the pod createPods sends (before the API server names it).
    static std::shared_ptr<api::Pod> GetPodFromTemplate(const api::PodTemplateSpec &podTemplate, const api::Object &owner,
                                                        const api::OwnerReference *controllerRef);

private:
    client::Interface &m_api;
    EventRecorder &m_recorder;
};

} // namespace rlab::controller
