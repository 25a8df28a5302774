#include "ui/history/revisionexplainer.h"

#include "core/api/deploymentutil.h"
#include "ui/history/templatetext.h"

#include <QCoreApplication>

namespace rlab::ui {

namespace du = deploymentutil;

namespace {
QString tr(const char *s)
{
    return QCoreApplication::translate("rlab::ui::RevisionExplainer", s);   // as lupdate files it
}
} // namespace

QString RevisionExplainer::rules()
{
    return tr("Only a change of the pod template (spec.template: image, env, labels, annotations of the pod) "
              "creates a revision: the Deployment controller hashes the template, finds no ReplicaSet with that "
              "pod-template-hash and creates one with revision = highest + 1. Scaling, pause/resume and the "
              "Deployment's own labels do not. Rolling back (kubectl rollout undo) copies an old ReplicaSet's "
              "template into the Deployment: that ReplicaSet becomes the new one and is renumbered to highest + 1, "
              "so its old number disappears from the list.");
}

QString RevisionExplainer::explain(const api::Deployment *before, const api::Deployment &after,
                                   const QList<kubectl::rollout::HistoryEntry> &history)
{
    const QString name = after.metadata.name;
    if (!before)
        return tr("deployment/%1 was created: its pod template will be revision 1.").arg(name);
    if (!du::EqualIgnoreHash(before->spec.template_, after.spec.template_)) {
        for (const auto &e : history) {
            if (e.replicaSet && du::EqualIgnoreHash(e.replicaSet->spec.template_, after.spec.template_)) {
                qint64 highest = 0;
                for (const auto &h : history)
                    highest = std::max(highest, h.revision);
                return tr("The pod template now equals revision %1's (ReplicaSet %2): a rollback. No new ReplicaSet; "
                          "%2 is scaled up again and renumbered to revision %3, so revision %1 leaves the list.")
                    .arg(e.revision).arg(e.replicaSet->metadata.name).arg(highest + 1);
            }
        }
        const QString from = TemplateText::images(before->spec.template_), to = TemplateText::images(after.spec.template_);
        const QString what = from != to ? tr(" (image %1 → %2)").arg(from, to) : QString();
        return tr("spec.template changed%1: a new ReplicaSet and a new revision.").arg(what);
    }
    if (before->replicas() != after.replicas())
        return tr("spec.replicas %1 → %2: scaling is not a pod-template change, so no new revision (the ReplicaSets "
                  "are resized, proportionally during a rollout).").arg(before->replicas()).arg(after.replicas());
    if (before->spec.paused != after.spec.paused)
        return after.spec.paused ? tr("spec.paused = true: pausing creates no revision; template changes made while "
                                      "paused wait until resume.")
                                 : tr("spec.paused = false: resuming creates no revision by itself; a template changed "
                                      "while paused rolls out now.");
    return tr("No pod-template change: no new revision.");
}

} // namespace rlab::ui
