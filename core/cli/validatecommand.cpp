#include "core/cli/validatecommand.h"

#include "core/kubectl/manifest.h"

namespace rlab::cli {

int validateCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    bool strict = false;
    QStringList files;
    for (const QString &a : args) {
        if (a == QLatin1String("--strict"))
            strict = true;
        else if (a.startsWith(QLatin1String("--"))) {
            err << "rlab validate: unknown flag " << a << "\n";
            return 2;
        } else
            files << a;
    }
    if (files.isEmpty()) {
        err << "usage: rlab validate [--strict] FILE...\n";
        return 2;
    }
    int bad = 0, objects = 0;
    for (const QString &file : files) {
        const kubectl::Manifest m = kubectl::loadManifestFile(file, strict);
        for (const QString &w : m.warnings)
            err << w << "\n";
        for (const QString &e : m.errors)
            err << e << "\n";
        if (!m.ok()) {
            ++bad;
            continue;
        }
        for (const kubectl::ManifestObject &o : m.objects) {
            ++objects;
            out << file << ": " << o.object->kindName << " " << o.object->metadata.name << " is valid\n";
        }
    }
    out << objects << " object(s) valid, " << bad << " file(s) with errors\n";
    out.flush();
    err.flush();
    return bad ? 2 : 0;
}

} // namespace rlab::cli
