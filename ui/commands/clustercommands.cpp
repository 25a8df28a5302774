#include "ui/commands/clustercommands.h"

#include "core/client/interface.h"
#include "core/sim/simulation.h"
#include "core/apiserver/callerscope.h"
#include "core/live/livesource.h"
#include "ui/clustersession.h"
#include "ui/live/labonly.h"
#include "ui/commands/clusterqueries.h"
#include "ui/record/stepforms.h"

#include <QRandomGenerator>

namespace rlab::ui {

namespace rollout = kubectl::rollout;

namespace {

QVariantMap step(const QString &action, const QVariantMap &args)
{
    return QVariantMap{{action, args}};
}

ClusterCommands::Result failure(const QString &error, const QString &reason = {})
{
    ClusterCommands::Result r;
    r.error = error;
    r.serverReason = reason;
    return r;
}

ClusterCommands::Result success(const QString &output)
{
    ClusterCommands::Result r;
    r.output = output;
    return r;
}

} // namespace

ClusterCommands::ClusterCommands(ClusterSession &session, QObject *parent)
    : QObject(parent), m_session(session)
{
    // Live mode: the commands act in the namespace the session shows (kubectl -n).
    connect(&session, &ClusterSession::liveChanged, this, [this](live::LiveSource *src) {
        m_ns = src && !src->namespace_().isEmpty() ? src->namespace_() : QStringLiteral("default");
    });
}

QString ClusterCommands::kubectl(const QString &args) const
{
    const QString nsFlag = m_ns == QLatin1String("default") ? QString() : QStringLiteral(" -n ") + m_ns;
    return QStringLiteral("kubectl ") + args + nsFlag;
}

template<class Fn>
ClusterCommands::Result ClusterCommands::perform(const QString &commandLine, const QVariantMap &scenarioStep, Fn run)
{
    Result r;
    if (m_session.isFrozen())   // time travel: the past is read-only
        r = failure(m_session.readOnlyError());
    else
        r = run();
    if (r.ok() && !scenarioStep.isEmpty())
        m_session.recordStep(scenarioStep);
    m_lastCommand = commandLine;
    m_lastResult = r;
    emit performed(commandLine, r);
    return r;
}

ClusterCommands::Result ClusterCommands::scale(const QString &deployment, int replicas)
{
    return perform(kubectl(QStringLiteral("scale deployment/%1 --replicas=%2").arg(deployment).arg(replicas)),
                   StepForms::scale(deployment, replicas, m_ns),
                   [&] { return rollout::scale(m_session.client(), m_ns, deployment, replicas); });
}

ClusterCommands::Result ClusterCommands::setImage(const QString &deployment, const QString &container, const QString &image)
{
    return perform(kubectl(QStringLiteral("set image deployment/%1 %2=%3").arg(deployment, container, image)),
                   StepForms::setImage(deployment, container, image, m_ns),
                   [&] { return rollout::setImage(m_session.client(), m_ns, deployment, container, image); });
}

ClusterCommands::Result ClusterCommands::rolloutUndo(const QString &deployment, qint64 toRevision)
{
    const QString flag = toRevision > 0 ? QStringLiteral(" --to-revision=%1").arg(toRevision) : QString();
    return perform(kubectl(QStringLiteral("rollout undo deployment/%1%2").arg(deployment, flag)),
                   StepForms::rolloutUndo(deployment, toRevision, m_ns),
                   [&] { return rollout::rolloutUndo(m_session.client(), m_ns, deployment, toRevision); });
}

ClusterCommands::Result ClusterCommands::pause(const QString &deployment)
{
    return perform(kubectl(QStringLiteral("rollout pause deployment/%1").arg(deployment)),
                   StepForms::rollout(QStringLiteral("pause"), deployment, m_ns),
                   [&] { return rollout::pause(m_session.client(), m_ns, deployment); });
}

ClusterCommands::Result ClusterCommands::resume(const QString &deployment)
{
    return perform(kubectl(QStringLiteral("rollout resume deployment/%1").arg(deployment)),
                   StepForms::rollout(QStringLiteral("resume"), deployment, m_ns),
                   [&] { return rollout::resume(m_session.client(), m_ns, deployment); });
}

ClusterCommands::Result ClusterCommands::restart(const QString &deployment)
{
    return perform(kubectl(QStringLiteral("rollout restart deployment/%1").arg(deployment)),
                   StepForms::rollout(QStringLiteral("restart"), deployment, m_ns),
                   [&] { return rollout::restart(m_session.client(), m_ns, deployment); });
}

ClusterCommands::Result ClusterCommands::deletePod(const QString &pod)
{
    return perform(kubectl(QStringLiteral("delete pod %1").arg(pod)), StepForms::deleteObject(QStringLiteral("Pod"), pod, m_ns), [&] {
        apiserver::CallerScope caller(QStringLiteral("kubectl delete"));
        // Graceful, like kubectl: the pod turns Terminating, its kubelet stops it, the
        // ReplicaSet controller creates a replacement as soon as it sees the deletionTimestamp.
        const auto r = m_session.client().remove(apiserver::resources::byKind(api::Kind::Pod), m_ns, pod);
        if (!r.ok())
            return failure(r.error->message, r.error->reason);
        return success(QStringLiteral("pod \"%1\" deleted").arg(pod));
    });
}

ClusterCommands::Result ClusterCommands::deleteRandomPod(const QString &deployment)
{
    QStringList candidates;
    for (const ClusterQueries::Pod &p : ClusterQueries::podsOf(m_session.readClient(), m_ns, deployment)) {
        if (!p.terminating)
            candidates << p.name;
    }
    if (candidates.isEmpty() || m_session.isFrozen()) {
        return perform(kubectl(QStringLiteral("delete pod <a random pod of %1>").arg(deployment)), {}, [&] {
            return failure(tr("deployment \"%1\" has no running pod to delete").arg(deployment));
        });
    }
    return deletePod(candidates.at(int(QRandomGenerator::global()->bounded(candidates.size()))));
}

ClusterCommands::Result ClusterCommands::failNode(const QString &node)
{
    return perform(tr("fail node %1 (its kubelet stops)").arg(node), StepForms::node(QStringLiteral("failNode"), node), [&] {
        if (LabOnly::isLive(m_session))
            return failure(LabOnly::refusal(LabOnly::Reason::Faults));
        if (!m_session.simulation().failNode(node))
            return failure(tr("no node \"%1\" with a kubelet").arg(node));
        return success(tr("node/%1 failed: its kubelet stopped; NotReady (Unknown) and tainted now, its pods evicted after 300 s").arg(node));
    });
}

ClusterCommands::Result ClusterCommands::recoverNode(const QString &node)
{
    return perform(tr("recover node %1").arg(node), StepForms::node(QStringLiteral("recoverNode"), node), [&] {
        if (LabOnly::isLive(m_session))
            return failure(LabOnly::refusal(LabOnly::Reason::Faults));
        if (!m_session.simulation().recoverNode(node))
            return failure(tr("no node \"%1\" with a kubelet").arg(node));
        return success(tr("node/%1 recovered: its kubelet posts Ready again").arg(node));
    });
}

ClusterCommands::Result ClusterCommands::setReplicaFloorEnabled(bool enabled)
{
    const QString action = enabled ? QStringLiteral("enableController") : QStringLiteral("disableController");
    return perform(tr("replica-floor controller %1").arg(enabled ? tr("on") : tr("off")),
                   step(action, {{QStringLiteral("controller"), QStringLiteral("replicafloor")}}), [&] {
                       if (LabOnly::isLive(m_session))   // it would write to the mirror
                           return failure(LabOnly::refusal(LabOnly::Reason::ReplicaFloor));
                       m_session.simulation().setReplicaFloorEnabled(enabled);
                       return success(enabled ? tr("replicafloor controller enabled: it raises every Deployment below 3 replicas to 3")
                                              : tr("replicafloor controller disabled"));
                   });
}

ClusterCommands::Result ClusterCommands::resetCluster()
{
    return perform(tr("reset cluster"), {}, [&] {
        if (LabOnly::isLive(m_session))
            return failure(LabOnly::refusal(LabOnly::Reason::Reset));
        if (m_resetGuard && !m_resetGuard())
            return failure(tr("reset cancelled: the cluster was kept"));
        m_session.reset();
        return success(tr("fresh cluster: three Ready nodes, nothing else"));
    });
}

} // namespace rlab::ui
