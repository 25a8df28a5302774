#include "ui/scene/motion.h"

#include <algorithm>

namespace rlab::ui {

double Motion::easeInOutCubic(double t)
{
    t = std::clamp(t, 0.0, 1.0);
    if (t < 0.5)
        return 4.0 * t * t * t;
    const double f = -2.0 * t + 2.0;
    return 1.0 - f * f * f / 2.0;
}

double Motion::step(double wallDeltaMs, double virtualDeltaMs)
{
    const double s = std::max(std::max(wallDeltaMs, 0.0) / kWallDurationMs, std::max(virtualDeltaMs, 0.0) / kVirtualDurationMs);
    return std::min(s, 1.0);
}

} // namespace rlab::ui
