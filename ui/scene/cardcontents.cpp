#include "ui/scene/cardcontents.h"

#include "core/api/deployment.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"
#include "ui/scene/phasecolors.h"
#include "ui/theme.h"

#include <QCoreApplication>

namespace rlab::ui {

namespace {
QString tr(const char *s)
{
    return QCoreApplication::translate("rlab::ui::CardContents", s);
}
} // namespace

QColor CardContents::newReplicaSetAccent()
{
    return theme::accent();
}

QColor CardContents::oldReplicaSetAccent()
{
    return QColor(0x6b, 0x72, 0x80);
}

CardContent CardContents::replicaSet(const api::ReplicaSet &rs, qint64 revision, bool isNew)
{
    CardContent content;
    content.kind = QStringLiteral("ReplicaSet");
    content.title = rs.metadata.name;
    content.badge = revision > 0 ? tr("rev %1").arg(revision) : QString();
    QStringList images;
    for (const api::Container &c : rs.spec.template_.spec.containers)
        images << c.image;
    content.detail = images.join(QLatin1String(", "));
    const QString hash = rs.metadata.labels.value(QStringLiteral("pod-template-hash"));
    if (!hash.isEmpty())
        content.detail += QStringLiteral(" · hash %1").arg(hash);
    content.counters = {{tr("desired"), rs.replicas()},
                        {tr("current"), rs.status.replicas},
                        {tr("ready"), rs.status.readyReplicas},
                        {tr("available"), rs.status.availableReplicas}};
    content.summary = tr("%1/%2 ready").arg(rs.status.readyReplicas).arg(rs.replicas());
    content.accent = isNew ? newReplicaSetAccent() : oldReplicaSetAccent();
    content.faded = !isNew && rs.replicas() == 0 && rs.status.replicas == 0;
    return content;
}

CardContent CardContents::deployment(const api::Deployment &d)
{
    CardContent content;
    content.kind = QStringLiteral("Deployment");
    content.title = d.metadata.name;
    const QString rev = d.metadata.annotations.value(QStringLiteral("deployment.kubernetes.io/revision"));
    content.badge = rev.isEmpty() ? QString() : tr("rev %1").arg(rev);
    QString strategy = d.spec.strategy.type.isEmpty() ? QStringLiteral("RollingUpdate") : d.spec.strategy.type;
    if (strategy == QLatin1String("RollingUpdate")) {
        const auto &ru = d.spec.strategy.rollingUpdate;
        const QString surge = ru && ru->maxSurge ? ru->maxSurge->toString() : QStringLiteral("25%");
        const QString unavailable = ru && ru->maxUnavailable ? ru->maxUnavailable->toString() : QStringLiteral("25%");
        strategy += QStringLiteral(" · maxSurge %1 · maxUnavailable %2").arg(surge, unavailable);
    }
    content.detail = d.spec.paused ? tr("PAUSED · ") + strategy : strategy;
    content.counters = {{tr("desired"), d.replicas()},
                        {tr("updated"), d.status.updatedReplicas},
                        {tr("ready"), d.status.readyReplicas},
                        {tr("available"), d.status.availableReplicas}};
    content.summary = tr("%1/%2 ready · %3 updated").arg(d.status.readyReplicas).arg(d.replicas()).arg(d.status.updatedReplicas);
    content.shortSummary = tr("%1/%2 ready").arg(d.status.readyReplicas).arg(d.replicas());   // a card too narrow for the updated count
    content.accent = QColor(0x4f, 0x46, 0xe5);
    return content;
}

QString CardContents::podTooltip(const api::Pod &pod)
{
    const api::OwnerReference *ref = pod.metadata.controllerRef();
    QString s = QStringLiteral("Pod %1/%2\n%3").arg(pod.metadata.namespace_, pod.metadata.name,
                                                   PhaseColors::label(PhaseColors::stageOf(pod)));
    s += pod.spec.nodeName.isEmpty() ? tr("\nnode: none yet (spec.nodeName empty, waiting for the scheduler)")
                                     : tr("\nnode: %1").arg(pod.spec.nodeName);
    s += ref ? tr("\nowner: %1 %2").arg(ref->kind, ref->name) : tr("\nowner: none");
    return s;
}

} // namespace rlab::ui
