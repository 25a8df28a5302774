#pragma once
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rlab::server {

// The students of a classroom server, read from `rlab serve --users FILE`: kube-apiserver's
// static token file (--token-auth-file, CSV `token,user,uid,"group1,group2"`) plus a fifth
// column, the namespace the user may act in (default: the user's name). An empty token means
// the user authenticates with a client certificate only. '#' lines and blank lines are
// skipped. Every mistake is reported as "FILE:LINE: what", and one mistake rejects the file.
// A plain value; parse() from any thread.
struct UsersFile
{
    struct Entry
    {
        QByteArray token;     // empty: client certificate only
        QString user, uid;
        QStringList groups;
        QString namespace_;   // empty only for system:masters members
        int line = 0;
    };
    QList<Entry> entries;

    static std::optional<UsersFile> load(const QString &path, QStringList *errors);
    static std::optional<UsersFile> parse(const QByteArray &text, const QString &fileName, QStringList *errors);

    const Entry *byUser(const QString &user) const;
    // A DNS-1123 label, as a Namespace name must be.
    static bool isNamespaceName(const QString &name);
};

} // namespace rlab::server
