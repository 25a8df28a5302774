#include "ui/apply/applyproblem.h"

namespace rlab::ui {

QString ApplyProblem::location() const
{
    if (line <= 0)
        return file;
    if (column <= 0)
        return QStringLiteral("%1:%2").arg(file).arg(line);
    return QStringLiteral("%1:%2:%3").arg(file).arg(line).arg(column);
}

QString ApplyProblem::toString() const
{
    const QString where = location();
    return where.isEmpty() ? message : where + QLatin1String(": ") + message;
}

} // namespace rlab::ui
