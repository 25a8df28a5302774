// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace rlab::http {

// The kubeconfig files of client-go's ClientConfigLoadingRules, read and merged: an explicit
// --kubeconfig must exist and is the only file; otherwise the $KUBECONFIG list (missing files
// skipped, duplicates once) or ~/.kube/config. Merging: the first file to name a cluster, user
// or context wins that name, the first to set current-context wins it. Every entry keeps the
// directory of its file, against which its relative paths (certificate-authority,
// client-certificate, client-key, tokenFile, exec command) resolve. A plain value.
class KubeconfigFiles
{
public:
    struct Entry
    {
        QJsonObject value;   // the `cluster:` / `user:` / `context:` object
        QString dir;         // directory of the file that defined it
    };

    // files: empty = $KUBECONFIG or ~/.kube/config; one = explicit; several = a precedence list.
    static std::optional<KubeconfigFiles> load(const QStringList &files, QString *error);
    // The list client-go would read, before dropping missing files.
    static QStringList precedence(const QStringList &files, bool *explicitFile = nullptr);

    QStringList loaded;       // files actually read, in order
    QString currentContext;
    QHash<QString, Entry> clusters, users, contexts;

private:
    bool merge(const QString &path, QString *error);
};

} // namespace rlab::http
