#pragma once
#include <QList>
#include <QString>
#include <QStringList>

namespace rlab::ui {

// The lessons a teacher can pick: every *.yaml in the first existing lesson directories
// ($RLAB_LESSONS_DIR, :/lessons, then resources/lessons next to or above the executable),
// sorted by file name ("01-apply-journey.yaml" first), titled in the chosen language. Files
// that do not parse are listed with their error as the title, so a teacher sees the problem.
// GUI thread (reads files).
struct LessonCatalog
{
    struct Entry
    {
        QString path;
        QString title;
        bool valid = true;
    };

    static QStringList defaultDirectories();
    static QList<Entry> scan(const QStringList &directories, const QString &language);
};

} // namespace rlab::ui
