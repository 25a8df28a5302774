// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/http/restconfig.h"

#include <QSslConfiguration>
#include <QSslKey>

#include <optional>

namespace rlab::http {

// The TLS side of a RestConfig (client-go transport.TLSConfigFor): trust only the kubeconfig's
// certificate-authority when it has one (else the system's roots), no verification with
// insecure-skip-tls-verify, the client certificate and its RSA or EC key (PKCS#1, SEC1 or
// PKCS#8 PEM). Errors never quote key material. Stateless.
class TlsSetup
{
public:
    static std::optional<QSslConfiguration> configuration(const RestConfig &config, QString *error);
    static QSslKey readPrivateKey(const QByteArray &pem);   // null key when unreadable
    static void setClientCertificate(QSslConfiguration &tls, const QSslCertificate &cert, const QSslKey &key);
};

} // namespace rlab::http
