#pragma once
#include <QByteArray>
#include <QSslConfiguration>
#include <QString>
#include <QStringList>

#include <optional>

namespace rlab::server {

// A throw-away TLS identity for `rlab serve --allow-remote`: kubectl (client-go) sends bearer
// tokens only over TLS, so a server reachable from other machines serves HTTPS with a fresh
// self-signed certificate (P-256, valid 30 days, subjectAltName = the given IPs and names),
// whose PEM goes into the kubeconfig as certificate-authority-data. The key and certificate are
// made by the `openssl` command (Qt cannot generate keys) in a temporary directory that is
// removed afterwards. Stateless; any thread (it waits for the openssl process).
class TlsIdentity
{
public:
    QSslConfiguration configuration;   // server side: certificate + private key
    QByteArray certificatePem;         // what clients must trust

    static std::optional<TlsIdentity> createSelfSigned(const QStringList &ipAddresses, const QStringList &dnsNames,
                                                       QString *error = nullptr);
};

} // namespace rlab::server
