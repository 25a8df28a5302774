#pragma once
#include <QColor>
#include <QPen>
#include <QString>

namespace rlab::ui {

// How a series is drawn, from its name "<group> · <measure>": one colour per group (the
// ReplicaSet, the controller, the user agent; a fixed palette of 8 in order of appearance),
// one line style per measure, so a projected chart reads without a legend hunt. Example:
// group 0 "desired" → blue solid 3 px; group 1 "available" → orange dash-dot 2 px.
// Pure functions; any thread.
struct SeriesStyle
{
    static QString groupOf(const QString &seriesName);     // "nginx-5f77 · ready" → "nginx-5f77"
    static QString measureOf(const QString &seriesName);   // → "ready"; "" when none
    static QString name(const QString &group, const QString &measure);
    static QColor colour(int groupIndex);                  // wraps after 8
    static Qt::PenStyle penStyle(const QString &measure);
    static qreal width(const QString &measure);
    static QPen pen(int groupIndex, const QString &measure);
};

} // namespace rlab::ui
