#pragma once
#include <QHash>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace rlab::api {

// A 1-based line and column (in characters) in a source file; 0 means unknown.
struct SourcePosition
{
    int line = 0;
    int column = 0;
    bool isValid() const { return line > 0; }
    bool operator==(const SourcePosition &) const = default;
};

// One problem found while reading a file. toString() gives "file:line:column: message", the
// form compilers use so editors and terminals can jump to it ("file: message" when the problem
// has no position, e.g. a file that is too large).
struct SourceError
{
    QString file;
    int line = 0;
    int column = 0;
    QString message;
    QString toString() const;
    bool operator==(const SourceError &) const = default;
};
using SourceErrors = QList<SourceError>;

// One document of a manifest file as plain JSON, plus where each value came from.
// `positions` maps a JSON path to the position of its key (object members) or of the value
// itself (array elements and the root, path ""). Paths look like field paths in API errors:
// "spec.template.spec.containers[0].image"; keys that are not plain identifiers are bracketed:
// "metadata.labels[app.kubernetes.io/name]". Values reached through a YAML alias have the
// position of the alias only. Plain value type: safe to copy between threads.
struct SourceDocument
{
    QString file;
    int index = 0;   // 1-based number among the file's non-empty documents (List items: the List's)
    QJsonValue value;
    QHash<QString, SourcePosition> positions;

    // Position of `path`, or of its nearest ancestor that has one ("spec.replicas" falls back
    // to "spec", then to the document root).
    SourcePosition position(const QString &path) const;
    // "file:line:column: message" at position(path); "file: message" if nothing is known.
    SourceError errorAt(const QString &path, const QString &message) const;
};

} // namespace rlab::api
