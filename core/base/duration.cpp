#include "core/base/duration.h"

namespace rlab {

std::optional<qint64> parseDuration(const QString &textIn)
{
    const QString text = textIn.trimmed();
    if (text.isEmpty())
        return std::nullopt;
    if (text == QLatin1String("0"))
        return 0;
    qint64 totalMicro = 0;
    qsizetype i = 0;
    while (i < text.size()) {
        qsizetype j = i;
        while (j < text.size() && (text[j].isDigit() || text[j] == QLatin1Char('.')))
            ++j;
        if (j == i)
            return std::nullopt;
        bool ok = false;
        const double value = QStringView(text).mid(i, j - i).toDouble(&ok);
        if (!ok)
            return std::nullopt;
        qsizetype k = j;
        while (k < text.size() && text[k].isLetter())
            ++k;
        const QStringView unit = QStringView(text).mid(j, k - j);
        double micro = 0;
        if (unit == QLatin1String("ms"))
            micro = 1e3;
        else if (unit == QLatin1String("s"))
            micro = 1e6;
        else if (unit == QLatin1String("m"))
            micro = 60e6;
        else if (unit == QLatin1String("h"))
            micro = 3600e6;
        else if (unit == QLatin1String("us"))
            micro = 1;
        else
            return std::nullopt;
        // Go: a duration is an int64 of nanoseconds (about 292 years); more is "invalid duration".
        constexpr double kMaxMicro = 9223372036854775.0;
        const double add = value * micro;
        if (!(add <= kMaxMicro) || double(totalMicro) + add > kMaxMicro)
            return std::nullopt;
        totalMicro += qint64(add);
        i = k;
    }
    return totalMicro / 1000;
}

} // namespace rlab
