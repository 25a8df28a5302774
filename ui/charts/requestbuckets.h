#pragma once
#include <QList>
#include <QMap>
#include <QString>

namespace rlab::ui {

// API requests counted per virtual second and per client, for the "API requests per second"
// chart. add() takes each apiserver Request trace event; takeComplete(nowMs) hands out the
// seconds that are over (every second up to now, empty ones as all-zero, a gap longer than
// kMaxGap seconds collapsed to its two ends). Example: requests at 0.2 s and 0.7 s by
// "deployment", one at 2.1 s by "kubelet/node-1"; takeComplete(3000) → {0: deployment 2},
// {1: nothing}, {2: kubelet 1}. GUI thread only (a plain value).
struct RequestBuckets
{
    struct Second
    {
        qint64 second = 0;
        QMap<QString, int> counts;   // by client()
    };
    static constexpr qint64 kMaxGap = 120;

    void add(qint64 tMs, const QString &userAgent);
    QList<Second> takeComplete(qint64 nowMs);
    void clear();
    // The chart's client name: "kubelet/node-1" → "kubelet", "kubectl set image" → "kubectl",
    // "" → "other", anything else as it is.
    static QString client(const QString &userAgent);

private:
    QMap<qint64, QMap<QString, int>> m_open;   // seconds not handed out yet
    qint64 m_next = 0;                         // first second not handed out
};

} // namespace rlab::ui
