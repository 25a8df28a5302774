// SPDX-License-Identifier: Apache-2.0
#include "core/controller/kubelet/goduration.h"

#include <QRegularExpression>

#include <vector>

namespace rlab::controller {

namespace {
// Seconds with up to three decimals, trailing zeros dropped: 2000 → "2", 2500 → "2.5".
QString seconds(qint64 ms)
{
    QString s = QString::number(ms / 1000);
    if (const qint64 frac = ms % 1000) {
        QString f = QStringLiteral("%1").arg(frac, 3, 10, QLatin1Char('0'));
        while (f.endsWith(QLatin1Char('0')))
            f.chop(1);
        s += QLatin1Char('.') + f;
    }
    return s;
}
} // namespace

QString formatGoDuration(qint64 ms)
{
    // The kubelet's stage delays are whole seconds, formatted for every pod (a note and the
    // Pulled event per sync): those under ten minutes are made once and shared.
    constexpr qint64 kShared = 600;
    if (ms > 0 && ms < kShared * 1000 && ms % 1000 == 0) {
        static const std::vector<QString> whole = [] {
            std::vector<QString> v(static_cast<std::size_t>(kShared));
            for (qint64 s = 1; s < kShared; ++s)
                v[std::size_t(s)] = s < 60 ? QString::number(s) + QLatin1Char('s')
                                           : QStringLiteral("%1m%2s").arg(s / 60).arg(s % 60);
            return v;
        }();
        return whole[std::size_t(ms / 1000)];
    }
    if (ms == 0)
        return QStringLiteral("0s");
    if (ms < 0)
        return QLatin1Char('-') + formatGoDuration(-ms);
    if (ms < 1000)
        return QStringLiteral("%1ms").arg(ms);
    const qint64 hours = ms / 3'600'000;
    const qint64 minutes = ms % 3'600'000 / 60'000;
    const qint64 rest = ms % 60'000;
    if (hours > 0)
        return QStringLiteral("%1h%2m%3s").arg(hours).arg(minutes).arg(seconds(rest));
    if (minutes > 0)
        return QStringLiteral("%1m%2s").arg(minutes).arg(seconds(rest));
    return seconds(rest) + QLatin1Char('s');
}

std::optional<qint64> parseGoDuration(const QString &text)
{
    static const QRegularExpression part(QStringLiteral("(\\d+(?:\\.\\d+)?)(ms|h|m|s)"));
    const QString t = text.trimmed();
    if (t.isEmpty())
        return std::nullopt;
    if (t == QLatin1String("0"))
        return 0;
    qint64 total = 0;
    qsizetype pos = 0;
    while (pos < t.size()) {
        const QRegularExpressionMatch m = part.match(t, pos, QRegularExpression::NormalMatch,
                                                     QRegularExpression::AnchorAtOffsetMatchOption);
        if (!m.hasMatch())
            return std::nullopt;
        const double value = m.captured(1).toDouble();
        const QString unit = m.captured(2);
        const double factor = unit == QLatin1String("h") ? 3'600'000.0
                            : unit == QLatin1String("m") ? 60'000.0
                            : unit == QLatin1String("s") ? 1000.0
                                                         : 1.0;
        total += qint64(value * factor + 0.5);
        pos = m.capturedEnd();
    }
    return total;
}

} // namespace rlab::controller
