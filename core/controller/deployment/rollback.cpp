// SPDX-License-Identifier: Apache-2.0
// DeploymentController, rollback.go: the server-side rollback requested by the annotation
// deprecated.deployment.rollback.to (what extensions/v1beta1's spec.rollbackTo became). The
// template of the ReplicaSet with that revision (0: the previous one) is copied into the
// deployment, which is written back with a full Update and without the annotation; the next
// sync then finds that ReplicaSet as the new one and raises its revision. Example: revisions
// 1, 2, 3 (3 current), rollback to 2 -> the RS of revision 2 becomes revision 4 with
// revision-history "2". `kubectl rollout undo` (rollout.cpp) does the same from the client.
#include "core/controller/deployment/deploymentcontroller.h"

#include "core/client/interface.h"

namespace rlab::controller {

using namespace rlab::api;
namespace du = deploymentutil;

QString DeploymentController::rollback(Context &ctx, Deployment &d, RSList rsList)
{
    const NewAndOld r = getAllReplicaSetsAndSyncRevision(ctx, d, std::move(rsList), true);
    if (!r.error.isEmpty())
        return r.error;
    RSList allRSs = r.oldRSs;
    allRSs.append(r.newRS);
    qint64 revision = getRollbackTo(d).value_or(0);
    const QString fn = QStringLiteral("rollback");
    // Revision 0 means the last revision before the current one.
    if (revision == 0) {
        revision = du::LastRevision(allRSs);
        if (revision == 0) {
            m_recorder.event(d, QStringLiteral("Warning"), du::RollbackRevisionNotFound, QStringLiteral("Unable to find last revision."));
            ctx.note(fn, QStringLiteral("Unable to find last revision: giving up the rollback"));
            return updateDeploymentAndClearRollbackTo(ctx, d);
        }
    }
    for (const ReplicaSetPtr &rs : allRSs) {
        if (!rs)
            continue;
        bool ok = false;
        const qint64 v = du::Revision(*rs, &ok);
        if (!ok || v != revision)
            continue;
        // Copy the pod template from that RS; its revision number is raised by the next
        // getAllReplicaSetsAndSyncRevision. No-op when the template is already the same.
        QString error;
        const bool performedRollback = rollbackToTemplate(ctx, d, rs, &error);
        if (performedRollback && error.isEmpty())
            m_recorder.event(d, QStringLiteral("Normal"), du::RollbackDone,
                             QStringLiteral("Rolled back deployment \"%1\" to revision %2").arg(d.metadata.name).arg(revision));
        return error;
    }
    m_recorder.event(d, QStringLiteral("Warning"), du::RollbackRevisionNotFound, QStringLiteral("Unable to find the revision to rollback to."));
    ctx.note(fn, QStringLiteral("no replica set has revision %1: giving up the rollback").arg(revision));
    return updateDeploymentAndClearRollbackTo(ctx, d);
}

bool DeploymentController::rollbackToTemplate(Context &ctx, Deployment &d, const ReplicaSetPtr &rs, QString *error)
{
    bool performedRollback = false;
    const QString fn = QStringLiteral("rollbackToTemplate");
    if (!du::EqualIgnoreHash(d.spec.template_, rs->spec.template_)) {
        du::SetFromReplicaSetTemplate(d, rs->spec.template_);
        // The RS's annotations (e.g. change-cause) follow its template back onto the deployment;
        // otherwise the current ones would be copied onto that RS as it becomes new again.
        du::SetDeploymentAnnotationsTo(d, *rs);
        performedRollback = true;
        ctx.note(fn, QStringLiteral("copied the pod template of %1 (revision %2) into the deployment")
                         .arg(rs->metadata.name, rs->metadata.annotations.value(du::RevisionAnnotation)));
    } else {
        m_recorder.event(d, QStringLiteral("Warning"), du::RollbackTemplateUnchanged,
                         QStringLiteral("The rollback revision contains the same template as current deployment \"%1\"").arg(d.metadata.name));
        ctx.note(fn, QStringLiteral("%1 has the same template as the deployment: skipping the rollback").arg(rs->metadata.name));
    }
    *error = updateDeploymentAndClearRollbackTo(ctx, d);
    return performedRollback;
}

QString DeploymentController::updateDeploymentAndClearRollbackTo(Context &ctx, Deployment &d)
{
    setRollbackTo(d, std::nullopt);
    const apiserver::Result<ObjectPtr> r = m_api.update(std::make_shared<Deployment>(d));
    if (r.ok())
        return {};
    ctx.note(QStringLiteral("updateDeploymentAndClearRollbackTo"), QStringLiteral("Update failed: %1").arg(r.error->message));
    return r.error->message;
}

std::optional<qint64> DeploymentController::getRollbackTo(const Deployment &d)
{
    const QString revision = d.metadata.annotations.value(du::DeprecatedRollbackTo);
    if (revision.isEmpty())
        return std::nullopt;
    bool ok = false;
    const qint64 v = revision.toLongLong(&ok);
    if (!ok)
        return std::nullopt;   // an invalid request is ignored
    return v;
}

void DeploymentController::setRollbackTo(Deployment &d, std::optional<qint64> revision)
{
    if (!revision) {
        d.metadata.annotations.remove(du::DeprecatedRollbackTo);
        return;
    }
    d.metadata.annotations.insert(du::DeprecatedRollbackTo, QString::number(*revision));
}

} // namespace rlab::controller
