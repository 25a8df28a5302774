#pragma once
#include <QColor>
#include <QPen>
#include <QString>

namespace rlab::ui {

// How a series is drawn, from its name "<group> · <measure>": one colour per group (the
// ReplicaSet, the controller, the user agent; a fixed palette of 8 in order of appearance),
// and per measure a width and opacity, nested so that coinciding lines all stay visible
// (desired 10 px pale under current 6.5 px under ready 4 px under available 2 px solid);
// unavailable is dashed. Example: group 0 "desired" → blue, alpha 70, 10 px.
// Pure functions; any thread.
struct SeriesStyle
{
    static QString groupOf(const QString &seriesName);     // "nginx-5f77 · ready" → "nginx-5f77"
    static QString measureOf(const QString &seriesName);   // → "ready"; "" when none
    static QString name(const QString &group, const QString &measure);
    static QColor colour(int groupIndex);                  // wraps after 8
    static Qt::PenStyle penStyle(const QString &measure);
    static qreal width(const QString &measure);
    static int alpha(const QString &measure);
    static QPen pen(int groupIndex, const QString &measure);
};

} // namespace rlab::ui
