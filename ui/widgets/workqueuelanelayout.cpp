#include "ui/widgets/workqueuelanelayout.h"

namespace rlab::ui {

int WorkQueueLaneLayout::fitCount(const QList<int> &widths, int available, int spacing, int moreWidth)
{
    int total = 0;
    for (int i = 0; i < widths.size(); ++i)
        total += widths[i] + (i > 0 ? spacing : 0);
    if (total <= available)
        return int(widths.size());
    const int budget = available - moreWidth - spacing;
    int used = 0;
    int n = 0;
    for (int i = 0; i < widths.size(); ++i) {
        const int next = used + widths[i] + (i > 0 ? spacing : 0);
        if (next > budget)
            break;
        used = next;
        ++n;
    }
    return n;
}

int WorkQueueLaneLayout::headerLines(int titleWidth, int countersWidth, int available, int spacing)
{
    return titleWidth + spacing + countersWidth <= available ? 1 : 2;
}

QList<int> WorkQueueLaneLayout::wrap(const QList<int> &widths, int separator, int available)
{
    QList<int> lines;
    int used = 0, count = 0;
    for (int w : widths) {
        if (count > 0 && used + separator + w > available) {
            lines << count;
            used = count = 0;
        }
        used += (count > 0 ? separator : 0) + w;
        ++count;
    }
    if (count > 0)
        lines << count;
    return lines;
}

QString WorkQueueLaneLayout::countdown(qint64 ms)
{
    if (ms <= 0)
        return QStringLiteral("now");
    const qint64 tenths = (ms + 99) / 100;
    if (tenths < 100)
        return QStringLiteral("%1.%2 s").arg(tenths / 10).arg(tenths % 10);
    const qint64 seconds = (ms + 999) / 1000;
    if (seconds < 120)
        return QStringLiteral("%1 s").arg(seconds);
    return QStringLiteral("%1m%2s").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

QString WorkQueueLaneLayout::duration(qint64 ms)
{
    if (ms < 1000)
        return QStringLiteral("%1 ms").arg(qMax<qint64>(ms, 0));
    if (ms < 10000)
        return QStringLiteral("%1.%2 s").arg(ms / 1000).arg((ms % 1000) / 100);
    return QStringLiteral("%1 s").arg(ms / 1000);
}

double WorkQueueLaneLayout::fade(qint64 ageMs, qint64 lifeMs)
{
    if (lifeMs <= 0 || ageMs >= lifeMs)
        return 0.0;
    const qint64 hold = lifeMs / 2;
    if (ageMs <= hold)
        return 1.0;
    return double(lifeMs - ageMs) / double(lifeMs - hold);
}

} // namespace rlab::ui
