// SPDX-License-Identifier: Apache-2.0
// kubectl's client-side rollout operations (kubectl pkg/cmd/scale, set/set_image.go,
// rollout/*.go and polymorphichelpers rollback.go, history.go, objectpauser.go,
// objectresumer.go, objectrestarter.go).
#include "core/kubectl/rollout.h"

#include "core/api/deployment.h"
#include "core/api/jsonencoder.h"
#include "core/client/interface.h"
#include "core/apiserver/callerscope.h"
#include "core/apiserver/strategicmergepatch.h"
#include "core/api/deploymentutil.h"
#include "core/base/clock.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace rlab::kubectl::rollout {

using namespace rlab::api;
namespace du = deploymentutil;
using du::ReplicaSetPtr;

QString RolloutResult::errorLine() const
{
    if (error.isEmpty())
        return {};
    if (!serverReason.isEmpty())
        return QStringLiteral("Error from server (%1): %2").arg(serverReason, error);
    return QStringLiteral("error: %1").arg(error);
}

namespace {

const apiserver::ResourceType &deploymentsResource()
{
    static const apiserver::ResourceType rt = apiserver::resources::byKind(Kind::Deployment);
    return rt;
}

RolloutResult clientError(const QString &message)
{
    RolloutResult r;
    r.error = message;
    return r;
}

RolloutResult serverError(const apiserver::ApiError &e)
{
    RolloutResult r;
    r.error = e.message;
    r.serverReason = e.reason.isEmpty() ? QStringLiteral("InternalError") : e.reason;
    return r;
}

RolloutResult printed(const QString &name, const QString &operation)
{
    RolloutResult r;
    r.output = QStringLiteral("deployment.apps/%1 %2").arg(name, operation);
    return r;
}

// The resource builder's GET (every command starts with it).
std::shared_ptr<const Deployment> getDeployment(client::Interface &api, const QString &ns, const QString &name, RolloutResult *error)
{
    const apiserver::Result<ObjectPtr> r = api.get(deploymentsResource(), ns, name);
    if (!r.ok()) {
        *error = serverError(*r.error);
        return nullptr;
    }
    return objectCast<Deployment>(r.value);
}

// A strategic merge patch from the object before and after kubectl's edit, sent with
// fieldManager; "" when there is nothing to change.
RolloutResult patchEdited(client::Interface &api, const Deployment &before, const Deployment &after, const QString &fieldManager,
                          const QString &operation, bool *unchanged = nullptr)
{
    QString error;
    const std::optional<QJsonObject> patch = apiserver::createTwoWayMergePatch(before.toJson(), after.toJson(), &error, QStringLiteral("Deployment"));
    if (!patch)
        return clientError(error);
    if (patch->isEmpty()) {
        if (unchanged)
            *unchanged = true;
        return RolloutResult{};
    }
    apiserver::WriteOptions opts;
    opts.fieldManager = fieldManager;
    const apiserver::Result<ObjectPtr> r = api.patch(deploymentsResource(), before.metadata.namespace_, before.metadata.name,
                                                     apiserver::PatchType::Strategic,
                                                     QJsonDocument(*patch).toJson(QJsonDocument::Compact), opts);
    if (!r.ok())
        return serverError(*r.error);
    return printed(before.metadata.name, operation);
}

// The ReplicaSets the deployment controls, listed by its selector (kubectl's GetAllReplicaSets).
QList<ReplicaSetPtr> ownedReplicaSets(client::Interface &api, const Deployment &d, RolloutResult *error)
{
    QString selectorError;
    const std::optional<Selector> selector =
        d.spec.selector ? Selector::fromLabelSelector(*d.spec.selector, &selectorError) : std::optional<Selector>(Selector::nothing());
    if (!selector) {
        *error = clientError(QStringLiteral("failed to retrieve replica sets from deployment %1: %2").arg(d.metadata.name, selectorError));
        return {};
    }
    apiserver::ListOptions opts;
    opts.labelSelector = selector->toString();
    const apiserver::Result<apiserver::ObjectList> listed =
        api.list(apiserver::resources::byKind(Kind::ReplicaSet), d.metadata.namespace_, opts);
    if (!listed.ok()) {
        *error = clientError(QStringLiteral("failed to retrieve replica sets from deployment %1: %2").arg(d.metadata.name, listed.error->message));
        return {};
    }
    QList<ReplicaSetPtr> owned;
    for (const ObjectPtr &o : listed.value.items) {
        const auto rs = objectCast<ReplicaSet>(o);
        const OwnerReference *ref = rs ? rs->metadata.controllerRef() : nullptr;
        if (ref && ref->uid == d.metadata.uid)
            owned.append(rs);
    }
    return owned;
}

QString revisionNotFound(qint64 revision)
{
    return QStringLiteral("unable to find specified revision %1 in history").arg(revision);
}

// tabwriter.NewWriter(out, 0, 8, 2, ' ', 0) over rows of two cells.
QString tabbed(const QList<QPair<QString, QString>> &rows)
{
    qsizetype width = 0;
    for (const auto &row : rows)
        width = std::max(width, row.first.size());
    QString out;
    for (const auto &row : rows)
        out += row.first.leftJustified(width + 2, QLatin1Char(' ')) + row.second + QLatin1Char('\n');
    return out;
}

} // namespace

RolloutResult scale(client::Interface &api, const QString &ns, const QString &name, int replicas)
{
    apiserver::CallerScope caller(QStringLiteral("kubectl scale"));
    if (replicas < 0)
        return clientError(QStringLiteral("The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0"));
    RolloutResult error;
    if (!getDeployment(api, ns, name, &error))
        return error;
    const QByteArray body = QJsonDocument(QJsonObject{{QStringLiteral("spec"), QJsonObject{{QStringLiteral("replicas"), replicas}}}})
                                .toJson(QJsonDocument::Compact);
    const apiserver::Result<QJsonObject> r = api.patchScale(deploymentsResource(), ns, name, apiserver::PatchType::Merge, body);
    if (!r.ok())
        return serverError(*r.error);
    return printed(name, QStringLiteral("scaled"));
}

RolloutResult setImage(client::Interface &api, const QString &ns, const QString &name, const QString &container, const QString &image)
{
    apiserver::CallerScope caller(QStringLiteral("kubectl set image"));
    RolloutResult error;
    const auto before = getDeployment(api, ns, name, &error);
    if (!before)
        return error;
    Deployment after = *before;
    bool found = false;
    for (QList<Container> *list : {&after.spec.template_.spec.initContainers, &after.spec.template_.spec.containers}) {
        for (Container &c : *list) {
            if (container == QLatin1String("*") || c.name == container) {
                c.image = image;
                found = true;
            }
        }
    }
    if (!found)
        return clientError(QStringLiteral("unable to find container named \"%1\"").arg(container));
    bool unchanged = false;
    RolloutResult r = patchEdited(api, *before, after, QStringLiteral("kubectl-set"), QStringLiteral("image updated"), &unchanged);
    return r;   // an unchanged image prints nothing, like kubectl
}

RolloutResult pause(client::Interface &api, const QString &ns, const QString &name)
{
    apiserver::CallerScope caller(QStringLiteral("kubectl rollout pause"));
    RolloutResult error;
    const auto before = getDeployment(api, ns, name, &error);
    if (!before)
        return error;
    if (before->spec.paused)
        return clientError(QStringLiteral("deployments.apps \"%1\" is already paused").arg(name));
    Deployment after = *before;
    after.spec.paused = true;
    bool unchanged = false;
    RolloutResult r = patchEdited(api, *before, after, QStringLiteral("kubectl-rollout"), QStringLiteral("paused"), &unchanged);
    if (unchanged)
        return printed(name, QStringLiteral("already paused"));
    return r;
}

RolloutResult resume(client::Interface &api, const QString &ns, const QString &name)
{
    apiserver::CallerScope caller(QStringLiteral("kubectl rollout resume"));
    RolloutResult error;
    const auto before = getDeployment(api, ns, name, &error);
    if (!before)
        return error;
    if (!before->spec.paused)
        return clientError(QStringLiteral("deployments.apps \"%1\" is not paused").arg(name));
    Deployment after = *before;
    after.spec.paused = false;
    bool unchanged = false;
    RolloutResult r = patchEdited(api, *before, after, QStringLiteral("kubectl-rollout"), QStringLiteral("resumed"), &unchanged);
    if (unchanged)
        return printed(name, QStringLiteral("already resumed"));
    return r;
}

RolloutResult restart(client::Interface &api, const QString &ns, const QString &name)
{
    apiserver::CallerScope caller(QStringLiteral("kubectl rollout restart"));
    RolloutResult error;
    const auto before = getDeployment(api, ns, name, &error);
    if (!before)
        return error;
    if (before->spec.paused)
        return clientError(QStringLiteral("deployments.apps \"%1\" can't restart paused deployment (run rollout resume first)").arg(name));
    Deployment after = *before;
    after.spec.template_.metadata.annotations.insert(QStringLiteral("kubectl.kubernetes.io/restartedAt"),
                                                     formatTime(api.clock().now() / 1000 * 1000));
    return patchEdited(api, *before, after, QStringLiteral("kubectl-rollout"), QStringLiteral("restarted"));
}

RolloutResult rolloutUndo(client::Interface &api, const QString &ns, const QString &name, qint64 toRevision)
{
    apiserver::CallerScope caller(QStringLiteral("kubectl rollout undo"));
    RolloutResult error;
    const auto deployment = getDeployment(api, ns, name, &error);
    if (!deployment)
        return error;
    if (toRevision < 0)
        return clientError(revisionNotFound(toRevision));

    // deploymentRevision: the RS with that revision, or (0) the second newest one.
    QList<ReplicaSetPtr> rsList = ownedReplicaSets(api, *deployment, &error);
    if (!error.ok())
        return error;
    QList<ReplicaSetPtr> allRSs = du::FindOldReplicaSets(*deployment, rsList).second;
    if (const ReplicaSetPtr newRS = du::FindNewReplicaSet(*deployment, rsList))
        allRSs.append(newRS);
    ReplicaSetPtr latestRS, previousRS, target;
    qint64 latestRevision = -1, previousRevision = -1;
    for (const ReplicaSetPtr &rs : allRSs) {
        bool ok = false;
        const qint64 v = du::Revision(*rs, &ok);
        if (!ok)
            continue;
        if (toRevision == 0) {
            if (latestRevision < v) {
                previousRevision = latestRevision;
                previousRS = latestRS;
                latestRevision = v;
                latestRS = rs;
            } else if (previousRevision < v) {
                previousRevision = v;
                previousRS = rs;
            }
        } else if (toRevision == v) {
            target = rs;
            break;
        }
    }
    if (toRevision > 0 && !target)
        return clientError(revisionNotFound(toRevision));
    if (toRevision == 0) {
        if (!previousRS)
            return clientError(QStringLiteral("no rollout history found for deployment \"%1\"").arg(name));
        target = previousRS;
    }
    if (deployment->spec.paused)
        return clientError(QStringLiteral("you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again"));
    // Skip if the revision already matches the current template (kubectl names the requested
    // revision, so a plain undo says "revision 0").
    if (du::EqualIgnoreHash(target->spec.template_, deployment->spec.template_))
        return printed(name, QStringLiteral("skipped rollback (current template already matches revision %1)").arg(toRevision));

    PodTemplateSpec tmpl = target->spec.template_;
    tmpl.metadata.labels.remove(du::DefaultDeploymentUniqueLabelKey);
    QJsonObject annotations;
    for (auto it = deployment->metadata.annotations.cbegin(); it != deployment->metadata.annotations.cend(); ++it)
        if (du::skipCopyAnnotation(it.key()))
            annotations.insert(it.key(), it.value());
    for (auto it = target->metadata.annotations.cbegin(); it != target->metadata.annotations.cend(); ++it)
        if (!du::skipCopyAnnotation(it.key()))
            annotations.insert(it.key(), it.value());
    const QJsonArray patch{
        QJsonObject{{QStringLiteral("op"), QStringLiteral("replace")},
                    {QStringLiteral("path"), QStringLiteral("/spec/template")},
                    {QStringLiteral("value"), JsonEncoder::encode(tmpl)}},
        QJsonObject{{QStringLiteral("op"), QStringLiteral("replace")},
                    {QStringLiteral("path"), QStringLiteral("/metadata/annotations")},
                    {QStringLiteral("value"), annotations}}};
    const apiserver::Result<ObjectPtr> r = api.patch(deploymentsResource(), ns, name, apiserver::PatchType::Json,
                                                     QJsonDocument(patch).toJson(QJsonDocument::Compact));
    if (!r.ok())
        return clientError(QStringLiteral("failed restoring revision %1: %2").arg(toRevision).arg(r.error->message));
    return printed(name, QStringLiteral("rolled back"));
}

QList<HistoryEntry> historyEntries(client::Interface &api, const QString &ns, const QString &name, RolloutResult *error)
{
    RolloutResult err;
    QList<HistoryEntry> entries;
    const auto deployment = getDeployment(api, ns, name, &err);
    if (deployment) {
        QMap<qint64, HistoryEntry> byRevision;
        for (const ReplicaSetPtr &rs : ownedReplicaSets(api, *deployment, &err)) {
            bool ok = false;
            const qint64 v = du::Revision(*rs, &ok);
            if (!ok)
                continue;   // kubectl warns and skips it
            byRevision.insert(v, HistoryEntry{v, rs->metadata.annotations.value(du::ChangeCauseAnnotation), rs});
        }
        entries = byRevision.values();
    }
    if (error)
        *error = err;
    return entries;
}

RolloutResult history(client::Interface &api, const QString &ns, const QString &name)
{
    apiserver::CallerScope caller(QStringLiteral("kubectl rollout history"));
    RolloutResult error;
    const QList<HistoryEntry> entries = historyEntries(api, ns, name, &error);
    if (!error.ok())
        return error;
    QString text;
    if (entries.isEmpty()) {
        text = QStringLiteral("No rollout history found.");
    } else {
        QList<QPair<QString, QString>> rows{{QStringLiteral("REVISION"), QStringLiteral("CHANGE-CAUSE")}};
        for (const HistoryEntry &e : entries)
            rows.append({QString::number(e.revision), e.changeCause.isEmpty() ? QStringLiteral("<none>") : e.changeCause});
        text = tabbed(rows);
    }
    // kubectl prints "<kind>/<name> <operation>" with operation "\n<table>".
    return printed(name, QLatin1Char('\n') + text);
}

} // namespace rlab::kubectl::rollout
