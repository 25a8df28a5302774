#include "ui/arithmetic/syncstep.h"

#include "ui/arithmetic/rollingmath.h"

#include <QRegularExpression>

namespace rlab::ui {

namespace {
const QStringList &keptSteps()
{
    static const QStringList steps{QStringLiteral("reconcileNewReplicaSet"), QStringLiteral("cleanupUnhealthyReplicas"),
                                   QStringLiteral("scaleDownOldReplicaSetsForRollingUpdate"),
                                   QStringLiteral("reconcileOldReplicaSets"), QStringLiteral("scale"),
                                   QStringLiteral("getNewReplicaSet"), QStringLiteral("rolloutRecreate"),
                                   QStringLiteral("scaleDownOldReplicaSetsForRecreate")};
    return steps;
}

int num(const QRegularExpressionMatch &m, int i)
{
    return m.captured(i).toInt();
}
} // namespace

SyncStep SyncStep::fromNote(const QString &note)
{
    static const QRegularExpression head(QStringLiteral("^(\\w+) → (\\w+): (.*)$"),
                                         QRegularExpression::DotMatchesEverythingOption);
    SyncStep s;
    const QRegularExpressionMatch h = head.match(note);
    if (!h.hasMatch() || !keptSteps().contains(h.captured(2)))
        return s;
    s.phase = h.captured(1);
    s.step = h.captured(2);
    const QString text = h.captured(3);
    s.why = text;

    static const QRegularExpression up(QStringLiteral("^scaled up (\\S+) from (\\d+) to (\\d+) \\(maxSurge (\\d+): (\\d+) allowed, (\\d+) running\\)"));
    static const QRegularExpression cleanup(QStringLiteral("^scaled down (\\S+) from (\\d+) to (\\d+): (\\d+) of its replicas are not available \\(may remove (\\d+)\\)"));
    static const QRegularExpression down(QStringLiteral("^scaled down (\\S+) from (\\d+) to (\\d+) \\((\\d+) available > minAvailable (\\d+): may remove (\\d+)\\)"));
    static const QRegularExpression blocked(QStringLiteral("^cannot scale up (\\S+) beyond (\\d+) \\(maxSurge (\\d+): (\\d+) allowed, (\\d+) running\\)"));
    static const QRegularExpression noDown(QStringLiteral("^cannot scale down: (\\d+) pods - minAvailable (\\d+) - (\\d+) unavailable in (\\S+) = (-?\\d+)"));
    static const QRegularExpression created(QStringLiteral("^created new replica set (\\S+) \\(.*\\) with (\\d+) replicas"));
    static const QRegularExpression only(QStringLiteral("^(\\S+) is the only active replica set: scaled (?:up|down) from (\\d+) to (\\d+)"));
    static const QRegularExpression generic(QStringLiteral("scaled (?:up |down )?(?:old )?(\\S+) from (\\d+) to (\\d+)"));

    QRegularExpressionMatch m;
    if (s.step == QLatin1String("reconcileNewReplicaSet") && (m = up.match(text)).hasMatch()) {
        s.replicaSet = m.captured(1);
        s.from = num(m, 2);
        s.to = num(m, 3);
        const int surge = num(m, 4), allowed = num(m, 5), running = num(m, 6);
        s.why = RollingMath::newRSNewReplicas(allowed - surge, surge, running, s.from).text;
    } else if (s.step == QLatin1String("cleanupUnhealthyReplicas") && (m = cleanup.match(text)).hasMatch()) {
        s.replicaSet = m.captured(1);
        s.from = num(m, 2);
        s.to = num(m, 3);
        s.why = QStringLiteral("%1 of its pods are not available; at most %2 may go (maxScaledDown) → min(%1, %2) = %3 removed")
                    .arg(num(m, 4)).arg(num(m, 5)).arg(s.from - s.to);
    } else if (s.step == QLatin1String("scaleDownOldReplicaSetsForRollingUpdate") && (m = down.match(text)).hasMatch()) {
        s.replicaSet = m.captured(1);
        s.from = num(m, 2);
        s.to = num(m, 3);
        s.why = QStringLiteral("available %1 − minAvailable %2 = %3 may go; %4 − %5 = %6")
                    .arg(num(m, 4)).arg(num(m, 5)).arg(num(m, 6)).arg(s.from).arg(s.from - s.to).arg(s.to);
    } else if (s.step == QLatin1String("reconcileNewReplicaSet") && (m = blocked.match(text)).hasMatch()) {
        s.replicaSet = m.captured(1);
        const int surge = num(m, 3), allowed = num(m, 4), running = num(m, 5);
        s.why = RollingMath::newRSNewReplicas(allowed - surge, surge, running, num(m, 2)).text;
    } else if (s.step == QLatin1String("reconcileOldReplicaSets") && (m = noDown.match(text)).hasMatch()) {
        s.replicaSet = m.captured(4);
        s.why = QStringLiteral("maxScaledDown = %1 pods − minAvailable %2 − %3 unavailable in the new RS = %4 → no old pod may go")
                    .arg(num(m, 1)).arg(num(m, 2)).arg(num(m, 3)).arg(m.captured(5));
    } else if ((m = created.match(text)).hasMatch()) {
        s.replicaSet = m.captured(1);
        s.from = 0;
        s.to = num(m, 2);
    } else if ((m = only.match(text)).hasMatch()) {
        s.replicaSet = m.captured(1);
        s.from = num(m, 2);
        s.to = num(m, 3);
    } else if ((m = generic.match(text)).hasMatch()) {
        s.replicaSet = m.captured(1);
        s.from = num(m, 2);
        s.to = num(m, 3);
    }
    return s;
}

QList<SyncStep> SyncStep::fromTrace(const TraceEvent &e)
{
    QList<SyncStep> out;
    const bool failed = e.type == QLatin1String("ReconcileError");
    // "shadow/deployment": a live session's shadow controller, upstream's syncDeployment on the live state.
    const bool controller = e.component == QLatin1String("deployment") || e.component == QLatin1String("shadow/deployment");
    if (!controller || (e.type != QLatin1String("ReconcileEnd") && !failed))
        return out;
    static const QRegularExpression prefix(QStringLiteral("^syncDeployment (\\S+)(?:: | failed: )"));
    const QRegularExpressionMatch p = prefix.match(e.text);
    if (!p.hasMatch())
        return out;
    // A failed sync may still have moved ReplicaSets before its error: "… after: <notes>".
    QString notes = e.text.mid(p.capturedLength());
    if (failed) {
        const qsizetype after = notes.indexOf(QStringLiteral(" after: "));
        if (after < 0)
            return out;
        notes = notes.mid(after + 8);
    }
    // Notes are joined with "; "; a new note starts with "<phase> → ".
    static const QRegularExpression split(QStringLiteral("; (?=\\w+ → )"));
    for (const QString &note : notes.split(split)) {
        SyncStep s = fromNote(note);
        if (s.step.isEmpty())
            continue;
        s.t = e.t;
        s.rev = e.rev;
        s.key = p.captured(1);
        if (failed)
            s.why += QStringLiteral(" (this sync then failed and was requeued; the write stands)");
        out.append(s);
    }
    return out;
}

} // namespace rlab::ui
