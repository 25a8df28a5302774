#include "core/api/sourcedocument.h"

namespace rlab::api {

QString SourceError::toString() const
{
    if (line <= 0)
        return QStringLiteral("%1: %2").arg(file, message);
    if (column <= 0)
        return QStringLiteral("%1:%2: %3").arg(file).arg(line).arg(message);
    return QStringLiteral("%1:%2:%3: %4").arg(file).arg(line).arg(column).arg(message);
}

namespace {

// "a.b[c].d[0]" -> "a.b[c].d", "a.b[c]" -> "a.b", "a" -> "". Brackets may hold dots.
QString parentPath(const QString &path)
{
    if (path.endsWith(QLatin1Char(']'))) {
        const qsizetype open = path.lastIndexOf(QLatin1Char('['));
        return open < 0 ? QString() : path.left(open);
    }
    const qsizetype dot = path.lastIndexOf(QLatin1Char('.'));
    const qsizetype bracket = path.lastIndexOf(QLatin1Char(']'));
    if (dot < 0 || dot < bracket)
        return bracket < 0 ? QString() : path.left(bracket + 1);
    return path.left(dot);
}

} // namespace

SourcePosition SourceDocument::position(const QString &path) const
{
    QString p = path;
    for (int guard = 0; guard < 1000; ++guard) {
        const auto it = positions.constFind(p);
        if (it != positions.cend())
            return *it;
        if (p.isEmpty())
            break;
        // Callers may spell a map key "labels.app" where we stored "labels[app]" or back.
        if (p.endsWith(QLatin1Char(']'))) {
            const qsizetype open = p.lastIndexOf(QLatin1Char('['));
            if (open >= 0) {
                const QString key = p.mid(open + 1, p.size() - open - 2);
                const QString dotted = open == 0 ? key : p.left(open) + QLatin1Char('.') + key;
                const auto alt = positions.constFind(dotted);
                if (alt != positions.cend())
                    return *alt;
            }
        }
        p = parentPath(p);
    }
    return {};
}

SourceError SourceDocument::errorAt(const QString &path, const QString &message) const
{
    const SourcePosition pos = position(path);
    return SourceError{file, pos.line, pos.column, message};
}

} // namespace rlab::api
