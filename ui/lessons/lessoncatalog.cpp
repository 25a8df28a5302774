#include "ui/lessons/lessoncatalog.h"

#include "ui/lessons/lesson.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace rlab::ui {

QStringList LessonCatalog::defaultDirectories()
{
    QStringList dirs;
    const QString env = qEnvironmentVariable("RLAB_LESSONS_DIR");
    if (!env.isEmpty())
        dirs << env;
    dirs << QStringLiteral(":/lessons");
    const QString app = QCoreApplication::applicationDirPath();
    for (const char *up : {"/resources/lessons", "/../resources/lessons", "/../../resources/lessons", "/../share/reconcile-lab/lessons"})
        dirs << QDir::cleanPath(app + QLatin1String(up));
    const QString source = qEnvironmentVariable("RLAB_SOURCE_DIR");
    if (!source.isEmpty())
        dirs << source + QStringLiteral("/resources/lessons");
    return dirs;
}

QList<LessonCatalog::Entry> LessonCatalog::scan(const QStringList &directories, const QString &language)
{
    QList<Entry> out;
    QStringList seen;
    for (const QString &d : directories) {
        const QDir dir(d);
        if (!dir.exists())
            continue;
        for (const QString &f : dir.entryList({QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files, QDir::Name)) {
            if (seen.contains(f))
                continue;   // an earlier directory overrides a lesson of the same file name
            seen << f;
            Entry e;
            e.path = dir.filePath(f);
            QStringList errors;
            const std::optional<Lesson> lesson = Lesson::load(e.path, &errors);
            e.valid = lesson.has_value();
            e.title = lesson ? lesson->title.text(language) : QStringLiteral("%1 — %2").arg(f, errors.value(0));
            out << e;
        }
        if (!out.isEmpty())
            break;   // the first directory with lessons wins
    }
    return out;
}

} // namespace rlab::ui
