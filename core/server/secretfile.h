#pragma once
#include <QByteArray>
#include <QString>

#include <functional>

namespace rlab::server {

// Writes a file that holds a secret (a kubeconfig with a bearer token) so that no other user can
// read it at any moment: a temporary file next to it is created with mode 0600 (open(2) with
// O_CREAT|O_EXCL, whatever the umask), written and synced, then renamed over the path
// (atomic: readers see the old file or the whole new one). A failure leaves the old file as it
// was. beforeRename (tests) sees the finished temporary file. Thread rules: any thread.
class SecretFile
{
public:
    static bool write(const QString &path, const QByteArray &bytes, QString *error,
                      const std::function<void(const QString &tempPath)> &beforeRename = {});
};

} // namespace rlab::server
