// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/object.h"
#include "core/api/podspec.h"
#include "core/apiserver/apierror.h"

#include <optional>

namespace rlab::controller {

// controller.PodControlInterface: how the ReplicaSet controller creates and deletes pods, behind
// an interface so that tests can make creates fail the way quota or admission would (upstream's
// FakePodControl). RealPodControl is the one that talks to the ApiServer.
// Thread rules: implementations are called from worker threads (and batch threads in Parallel
// mode) concurrently, so they must be thread-safe.
class PodControl
{
public:
    virtual ~PodControl() = default;
    // CreatePods: one pod from `podTemplate` (labels, annotations, finalizers, spec), generateName
    // "<owner name>-", owner references {controllerRef}; *createdName gets the pod's name.
    virtual std::optional<apiserver::ApiError> createPods(const QString &ns, const api::PodTemplateSpec &podTemplate,
                                                          const api::Object &owner,
                                                          const api::OwnerReference &controllerRef,
                                                          QString *createdName = nullptr) = 0;
    // DeletePod with default options (graceful for a pod on a node). NotFound comes back as is.
    virtual std::optional<apiserver::ApiError> deletePod(const QString &ns, const QString &podName,
                                                         const api::Object &owner) = 0;

    // The create failed only because the namespace is being deleted (NamespaceTerminatingCause):
    // manageReplicas counts that as success, since nothing could be created there anyway.
    static bool hasNamespaceTerminatingCause(const apiserver::ApiError &error)
    {
        return error.code == 403 && error.message.contains(QLatin1String("because it is being terminated"));
    }
};

} // namespace rlab::controller
