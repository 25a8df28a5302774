#pragma once
#include <QList>
#include <QString>
#include <QStringList>

namespace rlab::ui {

// One reason a manifest batch was refused, with where it comes from. `line`/`column` are
// 1-based, 0 when unknown; `relatedLines` are further lines the same error points at (other
// invalid fields of the same object). toString(): "file:line:column: message", the form
// compilers use, or "file: message" without a position. A plain value.
struct ApplyProblem
{
    QString file;
    int line = 0;
    int column = 0;
    QString message;
    QList<int> relatedLines;

    QString location() const;
    QString toString() const;
};

// What applying a batch of manifests did. Either `problems` is empty and every object was
// written (`results` holds one kubectl-style line per object: "deployment.apps/nginx created"),
// or the batch was refused and the store did not change.
struct ApplyReport
{
    QList<ApplyProblem> problems;
    QStringList results;
    QList<QByteArray> keys;   // etcd keys of the applied objects, in order
    qint64 revisionBefore = 0;
    qint64 revisionAfter = 0;

    bool ok() const { return problems.isEmpty(); }
};

} // namespace rlab::ui
