#include "core/server/tlsidentity.h"

#include <QFile>
#include <QProcess>
#include <QSslCertificate>
#include <QSslKey>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace rlab::server {

std::optional<TlsIdentity> TlsIdentity::createSelfSigned(const QStringList &ipAddresses, const QStringList &dnsNames, QString *error)
{
    const auto fail = [error](const QString &why) -> std::optional<TlsIdentity> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
    if (openssl.isEmpty())
        return fail(QStringLiteral("the openssl command is needed to create the server's TLS certificate"));
    QTemporaryDir dir;
    if (!dir.isValid())
        return fail(QStringLiteral("cannot create a temporary directory: %1").arg(dir.errorString()));
    QStringList san;
    for (const QString &ip : ipAddresses)
        san << QStringLiteral("IP:") + ip;
    for (const QString &name : dnsNames)
        san << QStringLiteral("DNS:") + name;
    const QString keyPath = dir.filePath(QStringLiteral("key.pem"));
    const QString certPath = dir.filePath(QStringLiteral("cert.pem"));
    QProcess p;
    p.start(openssl, {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("ec"),
                      QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                      QStringLiteral("-days"), QStringLiteral("30"), QStringLiteral("-subj"), QStringLiteral("/CN=reconcile-lab"),
                      QStringLiteral("-addext"), QStringLiteral("subjectAltName=") + san.join(QLatin1Char(',')),
                      QStringLiteral("-keyout"), keyPath, QStringLiteral("-out"), certPath});
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return fail(QStringLiteral("openssl could not create a certificate: %1").arg(QString::fromUtf8(p.readAllStandardError()).trimmed()));
    QFile keyFile(keyPath), certFile(certPath);
    if (!keyFile.open(QIODevice::ReadOnly) || !certFile.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("openssl wrote no key or certificate"));
    TlsIdentity id;
    id.certificatePem = certFile.readAll();
    const QSslKey key(keyFile.readAll(), QSsl::Ec, QSsl::Pem);
    const QList<QSslCertificate> certs = QSslCertificate::fromData(id.certificatePem, QSsl::Pem);
    if (key.isNull() || certs.isEmpty())
        return fail(QStringLiteral("cannot read the key or certificate openssl made"));
    id.configuration = QSslConfiguration::defaultConfiguration();
    id.configuration.setLocalCertificate(certs.first());
    id.configuration.setPrivateKey(key);
    id.configuration.setPeerVerifyMode(QSslSocket::VerifyNone);   // clients authenticate with the token
    return id;
}

} // namespace rlab::server
