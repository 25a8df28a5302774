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

QStringList WorkQueueLaneLayout::wrapWords(const QString &text, int available, const std::function<int(const QString &)> &advance)
{
    // A word too wide for a line, in pieces that fit: after a separator when one is in reach.
    auto split = [&](QString word) {
        QStringList pieces;
        while (advance(word) > available && word.size() > 1) {
            qsizetype fit = 1;
            while (fit < word.size() && advance(word.left(fit + 1)) <= available)
                ++fit;
            qsizetype cut = fit;
            for (qsizetype i = fit; i > 0; --i) {
                const QChar c = word[i - 1];
                if (c == u'/' || c == u'-' || c == u'(' || c == u',') {
                    cut = i;
                    break;
                }
            }
            pieces << word.left(cut);
            word = word.mid(cut);
        }
        pieces << word;
        return pieces;
    };
    QStringList lines;
    QString line;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString joined = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (advance(joined) <= available) {
            line = joined;
            continue;
        }
        if (!line.isEmpty())
            lines << line;
        QStringList pieces = split(word);
        line = pieces.takeLast();
        lines += pieces;
    }
    if (!line.isEmpty())
        lines << line;
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
