#pragma once
#include <QByteArray>
#include <QString>

namespace rlab::server {

// The kubeconfig kubectl needs to reach `rlab serve`: cluster, user and context all named
// "reconcile-lab", http://HOST:PORT (or https:// with the server's self-signed certificate as
// certificate-authority-data), namespace "default", and the bearer token when the server
// requires one. Written with mode 0600 (it may hold the token). Stateless; any thread.
class Kubeconfig
{
public:
    static constexpr const char *kName = "reconcile-lab";

    static QByteArray render(const QString &serverUrl, const QByteArray &token = {}, const QByteArray &caPem = {});
    // 32 random bytes from the system's generator, hex: the bearer token a served lab requires.
    static QByteArray generateToken();
    static bool write(const QString &path, const QString &serverUrl, const QByteArray &token = {}, QString *error = nullptr,
                      const QByteArray &caPem = {});
};

} // namespace rlab::server
