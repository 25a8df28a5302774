#include "core/api/time.h"

#include <QDateTime>
#include <QTimeZone>

namespace rlab::api {

QString formatTime(Time t)
{
    if (t == 0)
        return {};
    return QDateTime::fromMSecsSinceEpoch(t, Qt::UTC).toString(Qt::ISODate);
}

bool parseTime(const QString &text, Time *out)
{
    QDateTime dt = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!dt.isValid())
        dt = QDateTime::fromString(text, Qt::ISODate);
    if (!dt.isValid())
        return false;
    *out = dt.toMSecsSinceEpoch();
    return true;
}

} // namespace rlab::api
