// SPDX-License-Identifier: Apache-2.0
#include "core/http/transporterror.h"

#include <QSslCertificate>

namespace rlab::http {

QString TransportError::describe(QAbstractSocket::SocketError error, const QList<QSslError> &sslErrors, const QUrl &server,
                                 const QString &fallback)
{
    const QString hostPort = QStringLiteral("%1:%2").arg(server.host()).arg(server.port(server.scheme() == QLatin1String("https") ? 443 : 80));
    for (const QSslError &e : sslErrors) {
        switch (e.error()) {
        case QSslError::HostNameMismatch: {
            QStringList names = e.certificate().subjectAlternativeNames().values();
            return QStringLiteral("tls: failed to verify certificate: x509: certificate is valid for %1, not %2")
                    .arg(names.join(QStringLiteral(", ")), server.host());
        }
        case QSslError::SelfSignedCertificate:
        case QSslError::SelfSignedCertificateInChain:
        case QSslError::UnableToGetLocalIssuerCertificate:
        case QSslError::UnableToVerifyFirstCertificate:
        case QSslError::UnableToGetIssuerCertificate:
            return QStringLiteral("tls: failed to verify certificate: x509: certificate signed by unknown authority");
        case QSslError::CertificateExpired:
            return QStringLiteral("tls: failed to verify certificate: x509: certificate has expired or is not yet valid");
        default:
            break;
        }
    }
    if (!sslErrors.isEmpty())
        return QStringLiteral("tls: failed to verify certificate: %1").arg(sslErrors.first().errorString());
    switch (error) {
    case QAbstractSocket::ConnectionRefusedError:
        return QStringLiteral("dial tcp %1: connect: connection refused").arg(hostPort);
    case QAbstractSocket::HostNotFoundError:
        return QStringLiteral("dial tcp: lookup %1: no such host").arg(server.host());
    case QAbstractSocket::SocketTimeoutError:
        return QStringLiteral("context deadline exceeded (Client.Timeout exceeded while awaiting headers)");
    case QAbstractSocket::RemoteHostClosedError:
        return QStringLiteral("EOF");
    case QAbstractSocket::SslHandshakeFailedError:
        return QStringLiteral("remote error: tls: handshake failure (%1)").arg(fallback);
    case QAbstractSocket::ProxyConnectionRefusedError:
    case QAbstractSocket::ProxyConnectionClosedError:
    case QAbstractSocket::ProxyNotFoundError:
    case QAbstractSocket::ProxyProtocolError:
    case QAbstractSocket::ProxyAuthenticationRequiredError:
        return QStringLiteral("proxyconnect tcp: %1").arg(fallback);
    default:
        return fallback;
    }
}

} // namespace rlab::http
