#include "core/server/certificateauthority.h"

#include "core/server/secretfile.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSslKey>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace rlab::server {

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Runs openssl with `args`; empty on success, else what went wrong.
QString runOpenssl(const QStringList &args)
{
    const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
    if (openssl.isEmpty())
        return QStringLiteral("the openssl command is needed to create the server's certificates");
    QProcess p;
    p.start(openssl, args);
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return QStringLiteral("openssl %1 failed: %2").arg(args.value(0), QString::fromUtf8(p.readAllStandardError()).trimmed());
    return {};
}

// A value of an openssl -subj: '/', '+', '=', ',' and '\' escaped.
QString subjectValue(const QString &v)
{
    QString out;
    for (const QChar c : v) {
        if (c == QLatin1Char('/') || c == QLatin1Char('+') || c == QLatin1Char('=') || c == QLatin1Char(',') || c == QLatin1Char('\\'))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

const char *const kRequestConfig = "[req]\ndistinguished_name = dn\nprompt = no\n[dn]\nCN = reconcile-lab\n"
                                   "[v3_ca]\nbasicConstraints = critical,CA:TRUE\nkeyUsage = critical,keyCertSign,cRLSign,digitalSignature\n"
                                   "subjectKeyIdentifier = hash\n";

} // namespace

QSslCertificate CertificateAuthority::certificate() const
{
    const QList<QSslCertificate> certs = QSslCertificate::fromData(m_certPem, QSsl::Pem);
    return certs.isEmpty() ? QSslCertificate() : certs.first();
}

std::optional<CertificateAuthority> CertificateAuthority::open(const QString &dir, QString *error, bool *created)
{
    const auto fail = [error](const QString &why) -> std::optional<CertificateAuthority> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (created)
        *created = false;
    CertificateAuthority ca;
    const QString certPath = dir.isEmpty() ? QString() : QDir(dir).filePath(QStringLiteral("ca.crt"));
    const QString keyPath = dir.isEmpty() ? QString() : QDir(dir).filePath(QStringLiteral("ca.key"));
    if (!dir.isEmpty() && QFile::exists(certPath) && QFile::exists(keyPath)) {
        ca.m_certPem = readFile(certPath);
        ca.m_keyPem = readFile(keyPath);
        if (ca.certificate().isNull() || QSslKey(ca.m_keyPem, QSsl::Ec, QSsl::Pem).isNull())
            return fail(QStringLiteral("%1 and %2 do not hold a P-256 certificate authority made by rlab serve").arg(certPath, keyPath));
        if (ca.certificate().expiryDate() < QDateTime::currentDateTimeUtc())
            return fail(QStringLiteral("the certificate authority in %1 has expired; remove ca.crt and ca.key to make a new one").arg(dir));
        return ca;
    }
    if (!dir.isEmpty() && (QFile::exists(certPath) || QFile::exists(keyPath)))
        return fail(QStringLiteral("%1 holds only one of ca.crt and ca.key").arg(dir));
    QTemporaryDir tmp;
    if (!tmp.isValid())
        return fail(QStringLiteral("cannot create a temporary directory: %1").arg(tmp.errorString()));
    const QString cnf = tmp.filePath(QStringLiteral("req.cnf"));
    if (!writeFile(cnf, kRequestConfig))
        return fail(QStringLiteral("cannot write %1").arg(cnf));
    const QString why = runOpenssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-config"), cnf, QStringLiteral("-extensions"),
                                    QStringLiteral("v3_ca"), QStringLiteral("-newkey"), QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                                    QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"), QStringLiteral("-days"),
                                    QStringLiteral("3650"), QStringLiteral("-subj"), QStringLiteral("/CN=reconcile-lab-ca"),
                                    QStringLiteral("-keyout"), tmp.filePath(QStringLiteral("ca.key")), QStringLiteral("-out"),
                                    tmp.filePath(QStringLiteral("ca.crt"))});
    if (!why.isEmpty())
        return fail(why);
    ca.m_certPem = readFile(tmp.filePath(QStringLiteral("ca.crt")));
    ca.m_keyPem = readFile(tmp.filePath(QStringLiteral("ca.key")));
    if (ca.certificate().isNull())
        return fail(QStringLiteral("cannot read the certificate authority openssl made"));
    if (!dir.isEmpty()) {
        if (!QDir().mkpath(dir))
            return fail(QStringLiteral("cannot create %1").arg(dir));
        QString e;
        if (!SecretFile::write(keyPath, ca.m_keyPem, &e) || !SecretFile::write(certPath, ca.m_certPem, &e))
            return fail(e);
        if (created)
            *created = true;
    }
    return ca;
}

std::optional<CertificateAuthority::Issued> CertificateAuthority::issue(const QString &subject, const QString &extensions, QString *error) const
{
    const auto fail = [error](const QString &why) -> std::optional<Issued> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    QTemporaryDir tmp;   // mode 0700: the CA key is written into it for openssl
    if (!tmp.isValid())
        return fail(QStringLiteral("cannot create a temporary directory: %1").arg(tmp.errorString()));
    const auto path = [&tmp](const char *name) { return tmp.filePath(QLatin1String(name)); };
    if (!writeFile(path("req.cnf"), kRequestConfig) || !writeFile(path("ext.cnf"), "[leaf]\n" + extensions.toUtf8())
        || !SecretFile::write(path("ca.key"), m_keyPem, error) || !writeFile(path("ca.crt"), m_certPem))
        return fail(QStringLiteral("cannot write to %1").arg(tmp.path()));
    QString why = runOpenssl({QStringLiteral("req"), QStringLiteral("-new"), QStringLiteral("-config"), path("req.cnf"), QStringLiteral("-newkey"),
                              QStringLiteral("ec"), QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"),
                              QStringLiteral("-nodes"), QStringLiteral("-subj"), subject, QStringLiteral("-keyout"), path("leaf.key"),
                              QStringLiteral("-out"), path("leaf.csr")});
    if (!why.isEmpty())
        return fail(why);
    const QString serial = QStringLiteral("0x") + QString::number(QRandomGenerator::system()->generate64() >> 1, 16);
    why = runOpenssl({QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), path("leaf.csr"), QStringLiteral("-CA"),
                      path("ca.crt"), QStringLiteral("-CAkey"), path("ca.key"), QStringLiteral("-set_serial"), serial,
                      QStringLiteral("-days"), QStringLiteral("365"), QStringLiteral("-extfile"), path("ext.cnf"),
                      QStringLiteral("-extensions"), QStringLiteral("leaf"), QStringLiteral("-out"), path("leaf.crt")});
    if (!why.isEmpty())
        return fail(why);
    Issued out{readFile(path("leaf.crt")), readFile(path("leaf.key"))};
    if (QSslCertificate::fromData(out.certificatePem, QSsl::Pem).isEmpty() || QSslKey(out.keyPem, QSsl::Ec, QSsl::Pem).isNull())
        return fail(QStringLiteral("cannot read the certificate openssl made"));
    return out;
}

std::optional<CertificateAuthority::Issued> CertificateAuthority::issueServing(const QStringList &ipAddresses, const QStringList &dnsNames,
                                                                               QString *error) const
{
    QStringList san;
    for (const QString &ip : ipAddresses)
        san << QStringLiteral("IP:") + ip;
    for (const QString &name : dnsNames)
        san << QStringLiteral("DNS:") + name;
    return issue(QStringLiteral("/CN=reconcile-lab"),
                 QStringLiteral("basicConstraints = critical,CA:FALSE\nkeyUsage = critical,digitalSignature,keyEncipherment\n"
                                "extendedKeyUsage = serverAuth\nauthorityKeyIdentifier = keyid\nsubjectAltName = %1\n")
                     .arg(san.join(QLatin1Char(','))),
                 error);
}

std::optional<CertificateAuthority::Issued> CertificateAuthority::issueClient(const QString &commonName, const QStringList &organizations,
                                                                              QString *error) const
{
    QString subject = QStringLiteral("/CN=") + subjectValue(commonName);
    for (const QString &o : organizations)
        subject += QStringLiteral("/O=") + subjectValue(o);
    return issue(subject,
                 QStringLiteral("basicConstraints = critical,CA:FALSE\nkeyUsage = critical,digitalSignature,keyEncipherment\n"
                                "extendedKeyUsage = clientAuth\nauthorityKeyIdentifier = keyid\n"),
                 error);
}

std::optional<QSslConfiguration> CertificateAuthority::serverConfiguration(const QStringList &ipAddresses, const QStringList &dnsNames,
                                                                           QString *error) const
{
    const std::optional<Issued> serving = issueServing(ipAddresses, dnsNames, error);
    if (!serving)
        return std::nullopt;
    QSslConfiguration c = QSslConfiguration::defaultConfiguration();
    c.setLocalCertificateChain({QSslCertificate::fromData(serving->certificatePem, QSsl::Pem).first(), certificate()});
    c.setPrivateKey(QSslKey(serving->keyPem, QSsl::Ec, QSsl::Pem));
    c.setCaCertificates({certificate()});
    c.setPeerVerifyMode(QSslSocket::QueryPeer);
    return c;
}

} // namespace rlab::server
