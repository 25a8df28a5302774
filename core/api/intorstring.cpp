#include "core/api/intorstring.h"

#include <cmath>

namespace rlab::api {

std::optional<int> IntOrString::scaledValue(int total, bool roundUp, QString *error) const
{
    if (!isString)
        return intVal;
    if (!strVal.endsWith(QLatin1Char('%'))) {
        if (error)
            *error = QStringLiteral("invalid type: string is not a percentage");
        return std::nullopt;
    }
    bool ok = false;
    const int percent = QStringView(strVal).chopped(1).toInt(&ok);
    if (!ok) {
        if (error)
            *error = QStringLiteral("invalid value for IntOrString: invalid value \"%1\"").arg(strVal);
        return std::nullopt;
    }
    // Integer arithmetic avoids float error: 25% of 10 -> 250/100 -> 2 rem 50 -> up 3, down 2.
    const qint64 scaled = qint64(percent) * total;
    qint64 q = scaled / 100;
    const qint64 r = scaled % 100;
    if (roundUp && r > 0)
        ++q;
    if (!roundUp && r < 0)
        --q;
    return int(q);
}

} // namespace rlab::api
