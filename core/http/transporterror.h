// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QAbstractSocket>
#include <QList>
#include <QSslError>
#include <QString>
#include <QUrl>

namespace rlab::http {

// Why a connection failed, in the words Go's net/http and crypto/tls use (what kubectl prints
// after "Unable to connect to the server: "): "dial tcp 127.0.0.1:1: connect: connection
// refused", "tls: failed to verify certificate: x509: certificate signed by unknown authority".
// Stateless.
class TransportError
{
public:
    static QString describe(QAbstractSocket::SocketError error, const QList<QSslError> &sslErrors, const QUrl &server,
                            const QString &fallback);
};

} // namespace rlab::http
