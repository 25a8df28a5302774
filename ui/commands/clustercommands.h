#pragma once
#include "core/kubectl/rollout.h"

#include <QObject>
#include <QString>
#include <QVariantMap>
#include <functional>

namespace rlab::ui {

class ClusterSession;

// What the window's buttons do, as kubectl would do it: every command goes through the
// session's client::Interface (core/kubectl/rollout.h for scale, set image, rollout
// undo/pause/resume/restart; a graceful DELETE for pods) or the Simulation's teacher's faults
// (fail/recover node, the replica-floor controller), and returns kubectl's output or error
// line. Each command is announced by performed() with its kubectl command line, and each
// successful one is recorded with the session as a design.md §5 scenario step, e.g.
// scale → {"scale": {"deployment": "nginx", "replicas": 5}} (ClusterSession::recordStep). While
// the session is frozen at an old revision (time travel), commands are refused with its
// readOnlyError() and nothing is written. GUI thread only.
class ClusterCommands : public QObject
{
    Q_OBJECT
public:
    using Result = kubectl::rollout::RolloutResult;

    explicit ClusterCommands(ClusterSession &session, QObject *parent = nullptr);

    // Namespace of every command (kubectl -n); "default" unless set.
    void setNamespace(const QString &ns) { m_ns = ns; }
    QString ns() const { return m_ns; }

    Result scale(const QString &deployment, int replicas);
    Result setImage(const QString &deployment, const QString &container, const QString &image);
    Result rolloutUndo(const QString &deployment, qint64 toRevision = 0);   // 0: the previous revision
    Result pause(const QString &deployment);
    Result resume(const QString &deployment);
    Result restart(const QString &deployment);
    Result deletePod(const QString &pod);
    // Deletes one of the deployment's pods that is not terminating yet, chosen at random.
    Result deleteRandomPod(const QString &deployment);
    Result failNode(const QString &node);
    Result recoverNode(const QString &node);
    Result setReplicaFloorEnabled(bool enabled);
    // Refused while frozen; cancelled (nothing happens) when the reset guard says no.
    Result resetCluster();
    // Asked before every reset (the window asks for confirmation during a lesson).
    void setResetGuard(std::function<bool()> guard) { m_resetGuard = std::move(guard); }

    QString lastCommandLine() const { return m_lastCommand; }
    Result lastResult() const { return m_lastResult; }

signals:
    // After every command, refused ones included: "kubectl scale deployment/nginx --replicas=5"
    // and what it printed.
    void performed(const QString &commandLine, const rlab::kubectl::rollout::RolloutResult &result);

private:
    // Refuses while viewing history; else runs `run`, records `step` when it succeeded, emits.
    template<class Fn> Result perform(const QString &commandLine, const QVariantMap &step, Fn run);
    QString kubectl(const QString &args) const;

    ClusterSession &m_session;
    QString m_ns = QStringLiteral("default");
    QString m_lastCommand;
    Result m_lastResult;
    std::function<bool()> m_resetGuard;
};

} // namespace rlab::ui
