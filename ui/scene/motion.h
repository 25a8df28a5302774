#pragma once
#include <QPointF>

namespace rlab::ui {

// Eased motion of the canvas, advanced by frames, never by timers: each animated value is a
// Tween from `from` to `to` with a progress t in [0, 1]; the canvas adds the same step to every
// running tween once per frame (Motion::step). easeInOutCubic: 0 → 0, 0.25 → 0.0625, 0.5 → 0.5,
// 0.75 → 0.9375, 1 → 1. A step is the larger of wall-clock and virtual-time progress, so a big
// jump of virtual time (advance 6 s, a screenshot) finishes every animation at once:
// step(16 ms wall, 16 ms virtual) = 16/600 = 0.0267; step(16 ms, 6000 ms) = 1.
// Plain values; any thread.
struct Motion
{
    static constexpr double kWallDurationMs = 600.0;
    static constexpr double kVirtualDurationMs = 2500.0;

    static double easeInOutCubic(double t);
    static double step(double wallDeltaMs, double virtualDeltaMs);
    static double lerp(double a, double b, double t) { return a + (b - a) * t; }
    static QPointF lerp(const QPointF &a, const QPointF &b, double t) { return a + (b - a) * t; }
};

// One animated value: value() = lerp(from, to, ease(t)). retarget() starts a new tween from the
// current value, so an interrupted motion continues smoothly. t = 1 means at rest.
template<class T> struct Tween
{
    T from{};
    T to{};
    double t = 1.0;

    T value() const { return t >= 1.0 ? to : Motion::lerp(from, to, Motion::easeInOutCubic(t)); }
    bool running() const { return t < 1.0; }
    void snap(const T &v) { from = to = v; t = 1.0; }
    void retarget(const T &v)
    {
        if (v == to)
            return;
        from = value();
        to = v;
        t = 0.0;
    }
    void advance(double dt) { t = t + dt >= 1.0 ? 1.0 : t + dt; }
};

} // namespace rlab::ui
