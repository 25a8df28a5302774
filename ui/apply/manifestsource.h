#pragma once
#include <QByteArray>
#include <QString>

namespace rlab::ui {

// The text of one manifest to apply and the name its errors are reported under (a file path,
// "editor", "dropped text"). A plain value.
struct ManifestSource
{
    QString name;
    QByteArray text;
    QString readError;   // set by fromFile() when the file could not be read

    // Reads `path`, refusing files over the API server's 3 MiB request limit before reading.
    static ManifestSource fromFile(const QString &path);
    // True for the file names Open… and drag-and-drop accept: .yaml, .yml, .json.
    static bool isManifestFileName(const QString &path);
};

} // namespace rlab::ui
