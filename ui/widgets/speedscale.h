#pragma once
#include <QString>

namespace rlab::ui {

// The speed slider's logarithmic scale: slider positions 0 … kSteps map to ×0.1 … ×100,
// kStepsPerDecade positions per factor of ten, so every decade gets the same travel.
// Worked example (kStepsPerDecade 100): position 0 → ×0.1, 100 → ×1, 200 → ×10, 300 → ×100,
// 130 → 10^0.3 ≈ ×2 (label "×2"), 235 → 10^1.35 ≈ ×22.4 (label "×22").
// Labels: one decimal below ×10 unless it is .0 ("×0.5", "×2.5", "×3"), whole numbers from ×10.
// A plain value type; any thread.
struct SpeedScale
{
    static constexpr int kStepsPerDecade = 100;
    static constexpr int kSteps = 3 * kStepsPerDecade;
    static constexpr double kMin = 0.1;
    static constexpr double kMax = 100.0;

    static double speedAt(int position);     // clamps the position to [0, kSteps]
    static int positionOf(double speed);      // nearest position; clamps the speed to [kMin, kMax]
    static QString label(double speed);       // "×10"
};

} // namespace rlab::ui
