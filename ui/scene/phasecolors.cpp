#include "ui/scene/phasecolors.h"

#include "core/api/pod.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace rlab::ui {

namespace {

bool isFailingReason(const QString &reason)
{
    return reason == QLatin1String("ErrImagePull") || reason == QLatin1String("ImagePullBackOff")
        || reason == QLatin1String("CrashLoopBackOff") || reason == QLatin1String("InvalidImageName")
        || reason == QLatin1String("CreateContainerError") || reason == QLatin1String("RunContainerError");
}

} // namespace

PodStage PhaseColors::stageOf(const api::Pod &pod)
{
    if (pod.metadata.deletionTimestamp != 0)
        return PodStage::Terminating;
    if (pod.status.phase == QLatin1String("Failed"))
        return PodStage::Failing;
    if (pod.status.phase == QLatin1String("Succeeded"))
        return PodStage::Succeeded;
    for (const api::ContainerStatus &c : pod.status.containerStatuses) {
        if (c.state.waiting && isFailingReason(c.state.waiting->reason))
            return PodStage::Failing;
    }
    if (pod.status.phase == QLatin1String("Running")) {
        for (const api::Condition &c : pod.status.conditions) {
            if (c.type == QLatin1String("Ready"))
                return c.status == QLatin1String("True") ? PodStage::Ready : PodStage::Running;
        }
        return PodStage::Running;
    }
    if (pod.spec.nodeName.isEmpty())
        return PodStage::Pending;
    for (const api::ContainerStatus &c : pod.status.containerStatuses) {
        if (c.state.waiting && c.state.waiting->reason == QLatin1String("ContainerCreating"))
            return PodStage::ContainerCreating;
    }
    return PodStage::Pending;
}

QColor PhaseColors::color(PodStage stage)
{
    switch (stage) {
    case PodStage::Pending:
        return QColor(0xcb, 0xd5, 0xe1);   // slate 300: waiting, nothing happens yet
    case PodStage::ContainerCreating:
        return QColor(0xf5, 0x9e, 0x0b);   // amber: kubelet at work
    case PodStage::Running:
        return QColor(0x38, 0xbd, 0xf8);   // sky: running, not Ready
    case PodStage::Ready:
        return QColor(0x16, 0xa3, 0x4a);   // green: Ready, serves traffic
    case PodStage::Failing:
        return QColor(0xdc, 0x26, 0x26);   // red
    case PodStage::Succeeded:
        return QColor(0x64, 0x74, 0x8b);
    case PodStage::Terminating:
        return QColor(0x9c, 0xa3, 0xaf);   // grey, fading
    }
    return Qt::gray;
}

QColor PhaseColors::textColor(PodStage stage)
{
    switch (stage) {
    case PodStage::Pending:
    case PodStage::ContainerCreating:
    case PodStage::Running:
    case PodStage::Terminating:   // dark on the light grey: still readable while it fades
        return QColor(0x1f, 0x29, 0x37);
    default:
        return Qt::white;
    }
}

QString PhaseColors::label(PodStage stage)
{
    switch (stage) {
    case PodStage::Pending:
        return QStringLiteral("Pending");
    case PodStage::ContainerCreating:
        return QStringLiteral("ContainerCreating");
    case PodStage::Running:
        return QStringLiteral("Running (not Ready)");
    case PodStage::Ready:
        return QStringLiteral("Running, Ready");
    case PodStage::Failing:
        return QStringLiteral("Failing");
    case PodStage::Succeeded:
        return QStringLiteral("Succeeded");
    case PodStage::Terminating:
        return QStringLiteral("Terminating");
    }
    return {};
}

QString PhaseColors::shortLabel(PodStage stage)
{
    // The legend's words, in the window's language (QT_TRANSLATE_NOOP: lupdate files them).
    const char *context = "rlab::ui::PhaseColors";
    switch (stage) {
    case PodStage::Pending:
        return QCoreApplication::translate(context, QT_TRANSLATE_NOOP("rlab::ui::PhaseColors", "Pending"));
    case PodStage::ContainerCreating:
        return QCoreApplication::translate(context, QT_TRANSLATE_NOOP("rlab::ui::PhaseColors", "Creating"));
    case PodStage::Running:
        return QCoreApplication::translate(context, QT_TRANSLATE_NOOP("rlab::ui::PhaseColors", "Running"));
    case PodStage::Ready:
        return QCoreApplication::translate(context, QT_TRANSLATE_NOOP("rlab::ui::PhaseColors", "Ready"));
    case PodStage::Failing:
        return QCoreApplication::translate(context, QT_TRANSLATE_NOOP("rlab::ui::PhaseColors", "Failing"));
    case PodStage::Terminating:
        return QCoreApplication::translate(context, QT_TRANSLATE_NOOP("rlab::ui::PhaseColors", "Terminating"));
    default:
        return label(stage);
    }
}

QColor PhaseColors::mix(const QColor &a, const QColor &b, double t)
{
    t = std::clamp(t, 0.0, 1.0);
    auto ch = [t](int x, int y) { return int(std::lround(x + (y - x) * t)); };
    return QColor(ch(a.red(), b.red()), ch(a.green(), b.green()), ch(a.blue(), b.blue()), ch(a.alpha(), b.alpha()));
}

} // namespace rlab::ui
