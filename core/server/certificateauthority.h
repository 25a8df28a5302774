#pragma once
#include <QByteArray>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QString>
#include <QStringList>

#include <optional>

namespace rlab::server {

// The classroom server's own certificate authority, as kubeadm makes one: a P-256 CA
// (10 years) that signs the serving certificate (serverAuth, subjectAltName = the server's
// addresses, 1 year) and client certificates (clientAuth; CN = user name, O = groups, as
// kube-apiserver's x509 authenticator reads them, 1 year). Its PEM goes into kubeconfigs as
// certificate-authority-data. With a directory it is kept there (ca.crt, ca.key mode 0600) and
// reused, so kubeconfigs handed out survive a restart. Keys are made by the `openssl` command
// (Qt cannot generate keys). Immutable after open(); any thread (issue* wait for openssl).
class CertificateAuthority
{
public:
    struct Issued
    {
        QByteArray certificatePem, keyPem;
    };

    // dir empty: a fresh CA held in memory. Otherwise DIR/ca.crt + DIR/ca.key, made on first use.
    static std::optional<CertificateAuthority> open(const QString &dir, QString *error, bool *created = nullptr);

    QByteArray certificatePem() const { return m_certPem; }
    QSslCertificate certificate() const;

    std::optional<Issued> issueServing(const QStringList &ipAddresses, const QStringList &dnsNames, QString *error) const;
    std::optional<Issued> issueClient(const QString &commonName, const QStringList &organizations, QString *error) const;

    // What QSslServer needs: the serving certificate and key, and client certificates requested
    // (QueryPeer: optional, tokens work without one) and checked against this CA only.
    std::optional<QSslConfiguration> serverConfiguration(const QStringList &ipAddresses, const QStringList &dnsNames,
                                                         QString *error) const;

private:
    std::optional<Issued> issue(const QString &subject, const QString &extensions, QString *error) const;

    QByteArray m_certPem, m_keyPem;
};

} // namespace rlab::server
