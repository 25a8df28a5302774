#pragma once
#include <QColor>
#include <QString>

namespace rlab::api {
class Pod;
}

namespace rlab::ui {

// Where a pod is in its life, as a learner reads it on the canvas, from the stored Pod only:
// Pending (no node yet, or bound and nothing started) → ContainerCreating (kubelet pulling /
// starting: container waiting "ContainerCreating") → Running (phase Running, Ready False) →
// Ready (condition Ready True); Failing (ErrImagePull, ImagePullBackOff, CrashLoopBackOff,
// phase Failed); Terminating (metadata.deletionTimestamp set) wins over everything.
enum class PodStage { Pending, ContainerCreating, Running, Ready, Failing, Succeeded, Terminating };

// The stage's colour, its label, and the colour maths of the chip animation.
// Example: mix(#000000, #ffffff, 0.25) = #404040; mix(a, b, 0) = a; mix(a, b, 1) = b (t is
// clamped to [0, 1]). Pure functions; any thread.
struct PhaseColors
{
    static PodStage stageOf(const api::Pod &pod);
    static QColor color(PodStage stage);
    static QColor textColor(PodStage stage);   // readable on color(stage)
    static QString label(PodStage stage);
    static QString shortLabel(PodStage stage);   // the legend: "Creating", "Running", "Ready" (translated)
    static QColor mix(const QColor &a, const QColor &b, double t);
};

} // namespace rlab::ui
