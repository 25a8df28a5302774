#include "ui/charts/seriesstyle.h"

#include <array>

namespace rlab::ui {

namespace {
const QString kSeparator = QStringLiteral(" · ");
}

QString SeriesStyle::groupOf(const QString &seriesName)
{
    const qsizetype i = seriesName.lastIndexOf(kSeparator);
    return i < 0 ? seriesName : seriesName.left(i);
}

QString SeriesStyle::measureOf(const QString &seriesName)
{
    const qsizetype i = seriesName.lastIndexOf(kSeparator);
    return i < 0 ? QString() : seriesName.mid(i + kSeparator.size());
}

QString SeriesStyle::name(const QString &group, const QString &measure)
{
    return measure.isEmpty() ? group : group + kSeparator + measure;
}

QColor SeriesStyle::colour(int groupIndex)
{
    // Okabe–Ito-like, distinguishable for colour-blind viewers and on a washed-out projector.
    static const std::array<QColor, 8> palette{QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x6A, 0x00), QColor(0x00, 0x9E, 0x73),
                                               QColor(0xCC, 0x33, 0x77), QColor(0x56, 0x3D, 0x9E), QColor(0x8C, 0x6D, 0x00),
                                               QColor(0x33, 0x99, 0xCC), QColor(0x55, 0x55, 0x55)};
    return palette[size_t(qMax(0, groupIndex)) % palette.size()];
}

Qt::PenStyle SeriesStyle::penStyle(const QString &measure)
{
    if (measure == QLatin1String("current") || measure == QLatin1String("updated"))
        return Qt::DashLine;
    if (measure == QLatin1String("ready"))
        return Qt::DotLine;
    if (measure == QLatin1String("available"))
        return Qt::DashDotLine;
    if (measure == QLatin1String("unavailable"))
        return Qt::DashDotDotLine;
    return Qt::SolidLine;   // desired, replicas, single series
}

qreal SeriesStyle::width(const QString &measure)
{
    return measure == QLatin1String("desired") || measure == QLatin1String("replicas") || measure.isEmpty() ? 3.0 : 2.0;
}

QPen SeriesStyle::pen(int groupIndex, const QString &measure)
{
    QPen p(colour(groupIndex), width(measure), penStyle(measure));
    p.setCapStyle(Qt::FlatCap);
    return p;
}

} // namespace rlab::ui
