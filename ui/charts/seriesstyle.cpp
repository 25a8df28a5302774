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
    return measure == QLatin1String("unavailable") ? Qt::DashLine : Qt::SolidLine;
}

// Measures of one thing often coincide (desired = current = ready = available once settled):
// they are drawn nested, widest and palest first, so every one stays visible on top of the
// others and they split apart where the numbers differ.
qreal SeriesStyle::width(const QString &measure)
{
    if (measure == QLatin1String("desired") || measure == QLatin1String("replicas"))
        return 10.0;
    if (measure == QLatin1String("current") || measure == QLatin1String("updated"))
        return 6.5;
    if (measure == QLatin1String("ready"))
        return 4.0;
    return 2.0;   // available, unavailable, a single series
}

int SeriesStyle::alpha(const QString &measure)
{
    if (measure == QLatin1String("desired") || measure == QLatin1String("replicas"))
        return 70;
    if (measure == QLatin1String("current") || measure == QLatin1String("updated"))
        return 130;
    if (measure == QLatin1String("ready"))
        return 200;
    return 255;
}

QPen SeriesStyle::pen(int groupIndex, const QString &measure)
{
    QColor c = colour(groupIndex);
    c.setAlpha(alpha(measure));
    QPen p(c, width(measure), penStyle(measure));
    p.setCapStyle(Qt::FlatCap);
    p.setJoinStyle(Qt::MiterJoin);
    return p;
}

} // namespace rlab::ui
