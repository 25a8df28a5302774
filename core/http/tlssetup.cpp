// SPDX-License-Identifier: Apache-2.0
#include "core/http/tlssetup.h"

#include <QSslCertificate>

namespace rlab::http {

namespace {

// The first PEM block whose label ends in "PRIVATE KEY" (openssl ecparam -genkey puts an
// "EC PARAMETERS" block before it).
QByteArray privateKeyBlock(const QByteArray &pem, QByteArray *label)
{
    qsizetype pos = 0;
    while ((pos = pem.indexOf("-----BEGIN ", pos)) >= 0) {
        const qsizetype labelEnd = pem.indexOf("-----", pos + 11);
        if (labelEnd < 0)
            return {};
        *label = pem.mid(pos + 11, labelEnd - pos - 11);
        const QByteArray end = "-----END " + *label + "-----";
        const qsizetype endAt = pem.indexOf(end, labelEnd);
        if (endAt < 0)
            return {};
        if (label->endsWith("PRIVATE KEY"))
            return pem.mid(pos, endAt + end.size() - pos) + '\n';
        pos = endAt + end.size();
    }
    return {};
}

} // namespace

QSslKey TlsSetup::readPrivateKey(const QByteArray &pem)
{
    QByteArray label;
    const QByteArray block = privateKeyBlock(pem, &label);
    if (block.isEmpty())
        return {};
    if (label == "RSA PRIVATE KEY")
        return QSslKey(block, QSsl::Rsa, QSsl::Pem);
    if (label == "EC PRIVATE KEY")
        return QSslKey(block, QSsl::Ec, QSsl::Pem);
    for (QSsl::KeyAlgorithm alg : {QSsl::Rsa, QSsl::Ec}) {   // PKCS#8 "PRIVATE KEY": either
        QSslKey key(block, alg, QSsl::Pem);
        if (!key.isNull())
            return key;
    }
    return {};
}

void TlsSetup::setClientCertificate(QSslConfiguration &tls, const QSslCertificate &cert, const QSslKey &key)
{
    tls.setLocalCertificate(cert);
    tls.setPrivateKey(key);
}

std::optional<QSslConfiguration> TlsSetup::configuration(const RestConfig &config, QString *error)
{
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    if (!config.caPem.isEmpty()) {
        const QList<QSslCertificate> roots = QSslCertificate::fromData(config.caPem, QSsl::Pem);
        if (roots.isEmpty()) {
            *error = QStringLiteral("error: unable to load root certificates: unable to parse bytes as PEM block");
            return std::nullopt;
        }
        tls.setCaCertificates(roots);
    }
    if (config.insecureSkipTlsVerify)
        tls.setPeerVerifyMode(QSslSocket::VerifyNone);
    if (!config.clientCertificatePem.isEmpty()) {
        const QList<QSslCertificate> chain = QSslCertificate::fromData(config.clientCertificatePem, QSsl::Pem);
        if (chain.isEmpty()) {
            *error = QStringLiteral("error: tls: failed to find any PEM data in certificate input");
            return std::nullopt;
        }
        const QSslKey key = readPrivateKey(config.clientKeyPem);
        if (key.isNull()) {
            *error = QStringLiteral("error: tls: failed to find any PEM data in key input (RSA or EC private keys are supported)");
            return std::nullopt;
        }
        setClientCertificate(tls, chain.first(), key);
        if (chain.size() > 1)
            tls.setLocalCertificateChain(chain);
    }
    return tls;
}

} // namespace rlab::http
