// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by tst_kubectlserver_auth and tst_kubectlserver_classroom: a Cluster (no controllers)
// served over HTTPS by an HttpApiServer with a Classroom (CA, admin token, the users of
// kUsers), and requests over QSslSocket with a token or a client certificate. Main thread only.
#include "core/server/authenticator.h"
#include "core/server/classroom.h"
#include "tests/e2e/servertestclient.h"

#include <QSslKey>
#include <QSslSocket>

namespace rlab::test {

// alice and bob: tokens; carol: client certificate only; dave: a namespace column; ta: system:masters.
inline const char *const kUsers = "# token,user,uid,\"groups\",namespace\n"
                                  "alice-token-0001,alice,1001,students\n"
                                  "bob-token-0002,bob,1002,\"students,late\"\n"
                                  ",carol,1003,students\n"
                                  "dave-token-0004,dave,1004,students,team-1\n"
                                  "ta-token-00005,ta,1005,system:masters\n";

struct ClientIdentity
{
    ClientIdentity() {}
    ClientIdentity(const QSslCertificate &c, const QSslKey &k) : certificate(c), key(k) {}
    QSslCertificate certificate;
    QSslKey key;
    static ClientIdentity from(const server::CertificateAuthority::Issued &issued)
    {
        return {QSslCertificate::fromData(issued.certificatePem, QSsl::Pem).value(0), QSslKey(issued.keyPem, QSsl::Ec, QSsl::Pem)};
    }
};

class ClassroomFixture
{
public:
    bool startClassroom(QString *error, const QByteArray &users = kUsers)
    {
        QStringList errors;
        std::optional<server::UsersFile> file = server::UsersFile::parse(users, QStringLiteral("users.csv"), &errors);
        if (!file) {
            *error = errors.join(QLatin1Char('\n'));
            return false;
        }
        adminToken = "admin-token-for-tests";
        classroom = server::Classroom::prepare(*file, QString(), adminToken, error);
        if (!classroom)
            return false;
        cluster = std::make_unique<Cluster>();
        errors.clear();
        classroom->createNamespaces(cluster->api(), &errors);
        if (!errors.isEmpty()) {
            *error = errors.join(QLatin1Char('\n'));
            return false;
        }
        server = std::make_unique<server::HttpApiServer>(cluster->api(), cluster->clock());
        const std::optional<QSslConfiguration> tls =
            classroom->ca().serverConfiguration({QStringLiteral("127.0.0.1")}, {QStringLiteral("localhost")}, error);
        if (!tls)
            return false;
        server->setTlsConfiguration(*tls);
        server->setAuthenticator(classroom->authenticator());
        server->setAuthorizer(classroom->authorizer());
        return server->listen(QHostAddress(QHostAddress::LocalHost), 0, error);
    }

    void stopClassroom()
    {
        server.reset();
        cluster.reset();
        classroom.reset();
    }

    // One request over HTTPS that trusts the classroom's CA; a client certificate if given.
    Response request(const QByteArray &method, const QByteArray &path, const Headers &headers = {}, const ClientIdentity &id = {},
                     const QByteArray &body = {})
    {
        QSslSocket s;
        QSslConfiguration c = s.sslConfiguration();
        c.setCaCertificates({classroom->ca().certificate()});
        if (!id.certificate.isNull()) {
            c.setLocalCertificate(id.certificate);
            c.setPrivateKey(id.key);
        }
        s.setSslConfiguration(c);
        s.connectToHostEncrypted(QStringLiteral("127.0.0.1"), server->port());
        Response r;
        if (!s.waitForEncrypted(10000)) {
            qWarning("TLS handshake failed: %s", qPrintable(s.errorString()));
            return r;
        }
        s.write(requestBytes(method, path, body, headers));
        readResponse(s, &r);
        return r;
    }

    static Headers bearer(const QByteArray &token) { return {{"Authorization", "Bearer " + token}}; }

    QByteArray adminToken;
    std::optional<server::Classroom> classroom;
    std::unique_ptr<Cluster> cluster;
    std::unique_ptr<server::HttpApiServer> server;
};

} // namespace rlab::test
