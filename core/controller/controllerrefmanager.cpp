// SPDX-License-Identifier: Apache-2.0
#include "core/controller/controllerrefmanager.h"

#include "core/api/selectormatcher.h"
#include "core/api/time.h"
#include "core/client/interface.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace rlab::controller {

using apiserver::ApiError;

ControllerRefManager::ControllerRefManager(client::Interface &api, api::ObjectPtr controller, api::Selector selector,
                                           QString controllerApiVersion, QString controllerKind,
                                           apiserver::ResourceType dependents, CanAdoptFunc canAdopt,
                                           QStringList finalizers)
    : m_api(api), m_controller(std::move(controller)), m_selector(std::move(selector)),
      m_apiVersion(std::move(controllerApiVersion)), m_kind(std::move(controllerKind)),
      m_dependents(std::move(dependents)), m_canAdoptFunc(std::move(canAdopt)), m_finalizers(std::move(finalizers))
{
}

QString ControllerRefManager::canAdopt()
{
    if (!m_canAdoptResult)
        m_canAdoptResult = m_canAdoptFunc ? m_canAdoptFunc() : QString();
    return *m_canAdoptResult;
}

ControllerRefManager::ClaimResult ControllerRefManager::claimObjects(const QList<api::ObjectPtr> &objects,
                                                                     const MatchFunc &match)
{
    // A ReplicaSet's pods share their template's labels: matched once, not once a pod.
    api::SelectorMatcher matcher(m_selector);
    const MatchFunc selectorMatch = [&matcher](const api::Object &o) { return matcher(o.metadata.labels); };
    ClaimResult result;
    QStringList errors;
    for (const api::ObjectPtr &obj : objects)
        if (obj && claimObject(obj, match ? match : selectorMatch, result, errors))
            result.claimed.append(obj);
    if (errors.size() == 1)
        result.error = errors.front();
    else if (errors.size() > 1)
        result.error = QLatin1Char('[') + errors.join(QStringLiteral(", ")) + QLatin1Char(']');   // utilerrors.Aggregate
    return result;
}

bool ControllerRefManager::claimObject(const api::ObjectPtr &obj, const MatchFunc &match, ClaimResult &result,
                                       QStringList &errors)
{
    const api::ObjectMeta &owner = m_controller->metadata;
    const api::ObjectMeta &meta = obj->metadata;
    if (const api::OwnerReference *ref = meta.controllerRef()) {
        if (ref->uid != owner.uid)
            return false;   // owned by someone else
        if (match(*obj))
            return true;    // ours and still selected (fine even while we are being deleted)
        if (owner.deletionTimestamp != 0)
            return false;   // no releasing while being deleted
        if (const std::optional<ApiError> err = release(*obj)) {
            if (err->code != 404)
                errors.append(err->message);
            return false;
        }
        result.released.append(meta.name);
        return false;
    }
    // An orphan.
    if (owner.deletionTimestamp != 0 || !match(*obj))
        return false;
    if (meta.deletionTimestamp != 0)
        return false;
    if (!owner.namespace_.isEmpty() && owner.namespace_ != meta.namespace_)
        return false;
    if (const std::optional<ApiError> err = adopt(*obj)) {
        if (err->code != 404)
            errors.append(err->message);
        return false;
    }
    result.adopted.append(meta.name);
    return true;
}

std::optional<ApiError> ControllerRefManager::adopt(const api::Object &obj)
{
    const QString why = canAdopt();
    if (!why.isEmpty())
        return ApiError::internal(QStringLiteral("can't adopt %1 %2/%3 (%4): %5")
                                      .arg(m_dependents.kind, obj.metadata.namespace_, obj.metadata.name, obj.metadata.uid, why));
    const api::ObjectMeta &owner = m_controller->metadata;
    const QJsonObject ref{{QStringLiteral("apiVersion"), m_apiVersion},
                          {QStringLiteral("kind"), m_kind},
                          {QStringLiteral("name"), owner.name},
                          {QStringLiteral("uid"), owner.uid},
                          {QStringLiteral("controller"), true},
                          {QStringLiteral("blockOwnerDeletion"), true}};
    QJsonObject meta{{QStringLiteral("ownerReferences"), QJsonArray{ref}}, {QStringLiteral("uid"), obj.metadata.uid}};
    if (!m_finalizers.isEmpty())
        meta.insert(QStringLiteral("finalizers"), QJsonArray::fromStringList(m_finalizers));
    const QJsonObject patch{{QStringLiteral("metadata"), meta}};
    const auto r = m_api.patch(m_dependents, obj.metadata.namespace_, obj.metadata.name, apiserver::PatchType::Strategic,
                               QJsonDocument(patch).toJson(QJsonDocument::Compact));
    return r.error;
}

std::optional<ApiError> ControllerRefManager::release(const api::Object &obj)
{
    const QJsonObject del{{QStringLiteral("$patch"), QStringLiteral("delete")},
                          {QStringLiteral("uid"), m_controller->metadata.uid}};
    QJsonObject meta{{QStringLiteral("ownerReferences"), QJsonArray{del}}, {QStringLiteral("uid"), obj.metadata.uid}};
    if (!m_finalizers.isEmpty())
        meta.insert(QStringLiteral("$deleteFromPrimitiveList/finalizers"), QJsonArray::fromStringList(m_finalizers));
    const QJsonObject patch{{QStringLiteral("metadata"), meta}};
    const auto r = m_api.patch(m_dependents, obj.metadata.namespace_, obj.metadata.name, apiserver::PatchType::Strategic,
                               QJsonDocument(patch).toJson(QJsonDocument::Compact));
    // Gone, or re-created with another uid / without owner references (Invalid): nothing to
    // release, as upstream's ReleasePod.
    if (r.error && (r.error->code == 404 || r.error->code == 422))
        return std::nullopt;
    return r.error;
}

ControllerRefManager::CanAdoptFunc
ControllerRefManager::recheckDeletionTimestamp(std::function<apiserver::Result<api::ObjectPtr>()> getObject)
{
    return [getObject = std::move(getObject)]() -> QString {
        const apiserver::Result<api::ObjectPtr> r = getObject();
        if (!r.ok())
            return QStringLiteral("can't recheck DeletionTimestamp: %1").arg(r.error->message);
        const api::ObjectMeta &m = r.value->metadata;
        if (m.deletionTimestamp != 0)
            return QStringLiteral("%1/%2 has just been deleted at %3").arg(m.namespace_, m.name, api::formatTime(m.deletionTimestamp));
        return QString();
    };
}

} // namespace rlab::controller
