#include "ui/widgets/speedscale.h"

#include <QtGlobal>
#include <cmath>

namespace rlab::ui {

double SpeedScale::speedAt(int position)
{
    const int p = qBound(0, position, kSteps);
    return kMin * std::pow(10.0, double(p) / kStepsPerDecade);
}

int SpeedScale::positionOf(double speed)
{
    const double s = qBound(kMin, speed, kMax);
    return qBound(0, int(std::lround(std::log10(s / kMin) * kStepsPerDecade)), kSteps);
}

QString SpeedScale::label(double speed)
{
    if (speed >= 9.95)
        return QStringLiteral("×%1").arg(std::lround(speed));
    const double tenths = std::round(speed * 10.0) / 10.0;
    const bool whole = std::fabs(tenths - std::round(tenths)) < 1e-9;
    return QStringLiteral("×") + QString::number(tenths, 'f', whole ? 0 : 1);
}

} // namespace rlab::ui
