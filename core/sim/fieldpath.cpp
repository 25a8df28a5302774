#include "core/sim/fieldpath.h"

namespace rlab {

QStringList splitFieldPath(const QString &path)
{
    QStringList parts;
    QString cur;
    for (qsizetype i = 0; i < path.size(); ++i) {
        const QChar c = path[i];
        if (c == QLatin1Char('[')) {
            if (!cur.isEmpty())
                parts << cur;
            const qsizetype end = path.indexOf(QLatin1Char(']'), i);
            parts << path.mid(i + 1, (end < 0 ? path.size() : end) - i - 1);
            cur.clear();
            i = end < 0 ? path.size() : end;
        } else if (c == QLatin1Char('.')) {
            if (!cur.isEmpty())
                parts << cur;
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.isEmpty())
        parts << cur;
    return parts;
}

} // namespace rlab
