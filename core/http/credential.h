// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QByteArray>
#include <QSslCertificate>
#include <QSslKey>

namespace rlab::http {

// What one request authenticates with: the Authorization header (Bearer or Basic; empty for
// none) and/or a client certificate from an exec plugin, valid until expiresAtMs (0: no expiry).
// `generation` tells apart successive credentials, so that concurrent 401s refresh only once.
// Secret material: never logged, traced or put in messages. A plain value.
struct Credential
{
    QByteArray authorization;
    QSslCertificate certificate;
    QSslKey key;
    qint64 expiresAtMs = 0;
    quint64 generation = 0;
};

} // namespace rlab::http
