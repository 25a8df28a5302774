#pragma once
#include "core/api/sourcedocument.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace rlab::api {

// The API server refuses request bodies over 3 MiB ("Request entity too large: limit is
// 3145728"), so a bigger manifest could never be applied; it is refused before parsing.
inline constexpr qint64 kMaxManifestBytes = 3 * 1024 * 1024;

// What reading one manifest file found. Both lists may be non-empty: the documents before a
// syntax error are kept, but a caller applying the file must refuse it unless ok().
struct ReadResult
{
    QList<SourceDocument> documents;
    SourceErrors errors;
    bool ok() const { return errors.isEmpty(); }
};

// Limits on what one manifest file may make the reader do.
struct YamlReadLimits
{
    qint64 maxBytes = kMaxManifestBytes;
    qint64 maxAliasNodes = 1'000'000;          // nodes added by expanding aliases, per document
    qint64 maxAliasBytes = 64 * 1024 * 1024;   // scalar text added by expanding aliases
    int maxDepth = 100;                        // nesting of mappings and sequences
    int maxErrors = 50;
};

// Reads manifest files (YAML, multi-document with `---`, or JSON) into JSON documents the way
// kubectl does (sigs.k8s.io/yaml: go-yaml v2 scalars, see YamlScalar; scalar keys become
// strings as there: `1:` "1", `y:` "true"), with the source position of every value. Stricter
// than kubectl where kubectl silently loses data: duplicate keys are errors, as are null and
// collection keys, tab indentation and alias bombs. Never throws; every error names the file
// and, when it has one, line and column. Empty documents (only comments) are skipped; every
// non-empty document must be a mapping. Stateless static functions: any thread.
class YamlReader
{
public:
    using Limits = YamlReadLimits;

    // Checks the size before reading anything.
    static ReadResult readFile(const QString &path, const Limits &limits = Limits());
    // `fileName` is only used in positions and messages.
    static ReadResult read(const QByteArray &text, const QString &fileName, const Limits &limits = Limits());

    // kubectl's list flattening: a document with an `items` array whose kind ends in "List"
    // (kind: List, DeploymentList, ...) is replaced by its items, each a document of its own
    // with positions re-rooted. Items that are not objects are reported in *errors.
    static QList<SourceDocument> expandLists(const QList<SourceDocument> &documents, SourceErrors *errors = nullptr);

    // Path helpers, as used in SourceDocument::positions: "spec" + "replicas" -> "spec.replicas",
    // "metadata.labels" + "app.kubernetes.io/name" -> "metadata.labels[app.kubernetes.io/name]".
    static QString childPath(const QString &parent, const QString &key);
    static QString indexPath(const QString &parent, qsizetype index);
};

} // namespace rlab::api
