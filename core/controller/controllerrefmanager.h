// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/labelselector.h"
#include "core/api/object.h"
#include "core/api/pod.h"
#include "core/apiserver/apierror.h"
#include "core/apiserver/resourcetype.h"

#include <QList>
#include <QStringList>

#include <functional>
#include <optional>

namespace rlab::client {
class Interface;
}

namespace rlab::controller {

// pkg/controller ControllerRefManager (Base + Pod/ReplicaSet variants in one, since adoption
// and release only touch metadata): decides which of the listed dependents (pods of a
// ReplicaSet, ReplicaSets of a Deployment) the controller owns, writing ownership changes
// through the ApiServer as strategic merge patches. Per dependent:
//  - controlled by another owner (controller ref uid differs): ignored;
//  - ours and the selector matches: claimed (even while the owner is being deleted);
//  - ours, selector no longer matches: released — patch
//      {"metadata":{"ownerReferences":[{"$patch":"delete","uid":"<owner>"}],"uid":"<pod>"}}
//    unless the owner is being deleted; NotFound/Invalid answers are ignored;
//  - orphan, selector matches, same namespace, neither side being deleted: adopted — patch
//      {"metadata":{"ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":…,
//       "uid":…,"controller":true,"blockOwnerDeletion":true}],"uid":"<pod>"}}
//    after canAdopt() has said yes; canAdopt runs at most once per manager (the uncached
//    recheck of the owner, see recheckDeletionTimestamp).
// With finalizers, adoption also adds them ("finalizers": […]) and release removes them
// ("$deleteFromPrimitiveList/finalizers": […]).
// The "uid" in both patches is a precondition: a pod deleted and re-created under the same
// name is not touched. Thread rules: one manager per sync, used by one thread.
class ControllerRefManager
{
public:
    // "" when adoption may go ahead, else why not.
    using CanAdoptFunc = std::function<QString()>;
    using MatchFunc = std::function<bool(const api::Object &)>;

    struct ClaimResult
    {
        QList<api::ObjectPtr> claimed;   // input order; adopted ones as they were listed
        QString error;                   // aggregated ("" = none): one message, or "[a, b]"
        QStringList adopted, released;   // names, for the trace
    };

    // controller: the owner as listed (its uid, name, namespace, deletionTimestamp are used);
    // controllerApiVersion/controllerKind name it in the owner reference ("apps/v1",
    // "ReplicaSet"); dependents: the resource the claimed objects live in (pods).
    // finalizers: added on adoption and removed on release (Jobs use one; ReplicaSets none).
    ControllerRefManager(client::Interface &api, api::ObjectPtr controller, api::Selector selector,
                         QString controllerApiVersion, QString controllerKind, apiserver::ResourceType dependents,
                         CanAdoptFunc canAdopt = {}, QStringList finalizers = {});

    // ClaimObject for each object; `match` defaults to "the selector matches its labels".
    ClaimResult claimObjects(const QList<api::ObjectPtr> &objects, const MatchFunc &match = {});
    // ClaimPods / ClaimReplicaSets: claimObjects with the typed list and result.
    template<class T> QList<std::shared_ptr<const T>> claim(const QList<std::shared_ptr<const T>> &objects,
                                                             ClaimResult *result = nullptr)
    {
        QList<api::ObjectPtr> in(objects.cbegin(), objects.cend());
        ClaimResult r = claimObjects(in);
        QList<std::shared_ptr<const T>> out;
        for (const api::ObjectPtr &o : r.claimed)
            out.append(api::objectCast<T>(o));
        if (result)
            *result = std::move(r);
        return out;
    }

    // ClaimPods, by its upstream name.
    QList<std::shared_ptr<const api::Pod>> claimPods(const QList<std::shared_ptr<const api::Pod>> &pods,
                                                     ClaimResult *result = nullptr)
    {
        return claim<api::Pod>(pods, result);
    }

    // The patches; nullopt on success.
    std::optional<apiserver::ApiError> adopt(const api::Object &obj);
    std::optional<apiserver::ApiError> release(const api::Object &obj);
    // CanAdoptFunc's answer, computed once.
    QString canAdopt();

    // controller.RecheckDeletionTimestamp: wraps an uncached read of the owner into a
    // CanAdoptFunc that refuses when the read fails or the owner has a deletionTimestamp.
    static CanAdoptFunc recheckDeletionTimestamp(std::function<apiserver::Result<api::ObjectPtr>()> getObject);

private:
    bool claimObject(const api::ObjectPtr &obj, const MatchFunc &match, ClaimResult &result, QStringList &errors);

    client::Interface &m_api;
    api::ObjectPtr m_controller;
    api::Selector m_selector;
    QString m_apiVersion;
    QString m_kind;
    apiserver::ResourceType m_dependents;
    CanAdoptFunc m_canAdoptFunc;
    QStringList m_finalizers;
    std::optional<QString> m_canAdoptResult;
};

} // namespace rlab::controller
