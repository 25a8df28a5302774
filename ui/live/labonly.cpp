#include "ui/live/labonly.h"

#include "ui/clustersession.h"

#include <QAction>
#include <QVariant>
#include <QWidget>

namespace rlab::ui {

namespace {
constexpr const char *kLabTip = "rlabLabToolTip";

template<class Control>
void setOn(Control *control, bool live, bool enabledInLab, LabOnly::Reason why)
{
    if (!control)
        return;
    const QString refusal = LabOnly::refusal(why);
    const QVariant kept = control->property(kLabTip);
    if (live) {
        if (control->toolTip() != refusal)   // the owner's newest lab tooltip
            control->setProperty(kLabTip, control->toolTip());
        control->setToolTip(refusal);
        control->setEnabled(false);
        return;
    }
    if (kept.isValid()) {
        control->setToolTip(kept.toString());
        control->setProperty(kLabTip, QVariant());
    }
    control->setEnabled(enabledInLab);
}
} // namespace

bool LabOnly::isLive(const ClusterSession &session)
{
    return session.liveSource() != nullptr;
}

void LabOnly::set(QWidget *control, bool live, bool enabledInLab, Reason why)
{
    setOn(control, live, enabledInLab, why);
}

void LabOnly::set(QAction *control, bool live, bool enabledInLab, Reason why)
{
    setOn(control, live, enabledInLab, why);
}

QString LabOnly::refusal(Reason reason)
{
    return tr("Lab only: %1 (File → Back to the lab)").arg(why(reason));
}

QString LabOnly::why(Reason reason)
{
    switch (reason) {
    case Reason::Stepping: return tr("a real cluster's controllers run on their own, there is no reconcile to step");
    case Reason::Mode: return tr("a real cluster's controllers run in kube-controller-manager");
    case Reason::Latency: return tr("a real cluster's hops take the time they take");
    case Reason::Speed: return tr("a real cluster runs in real time");
    case Reason::Reset: return tr("a real cluster is not thrown away from here");
    case Reason::Faults: return tr("fault injection stops the lab's simulated kubelets, a real node is not failed from here");
    case Reason::ReplicaFloor: return tr("the replica-floor controller runs in the simulator");
    case Reason::Lessons: return tr("a lesson runs its own scenario on the simulator");
    case Reason::Recording: return tr("a live session records itself (File → Connect to cluster records every watch event)");
    case Reason::Serving: return tr("the window serves the lab's API, a real cluster has its own");
    }
    return {};
}

} // namespace rlab::ui
