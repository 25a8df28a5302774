// SPDX-License-Identifier: Apache-2.0
#include "core/http/execplugin.h"

#include "core/http/tlssetup.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace rlab::http {

ExecPlugin::ExecPlugin(const RestConfig &config, qint64 timeoutMs, QObject *parent)
    : QObject(parent), m_exec(*config.exec), m_info(execInfo(config))
{
    m_timeout.setSingleShot(true);
    m_timeout.setInterval(int(timeoutMs));
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        m_process.kill();
        done(Credential(), QStringLiteral("exec: executable %1 did not answer within %2 s").arg(m_exec.command).arg(m_timeout.interval() / 1000));
    });
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;   // crashes and timeouts arrive through finished/the timer
        QString msg = QStringLiteral("exec: executable %1 not found").arg(m_exec.command);
        if (!m_exec.installHint.isEmpty())
            msg += QStringLiteral("\n\n") + m_exec.installHint;
        done(Credential(), msg);
    });
    connect(&m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        if (status != QProcess::NormalExit || code != 0) {
            done(Credential(), QStringLiteral("exec: executable %1 failed with exit code %2").arg(m_exec.command).arg(code));
            return;
        }
        Credential c;
        QString error;
        if (!parse(m_process.readAllStandardOutput(), m_exec.apiVersion, &c, &error)) {
            done(Credential(), error);
            return;
        }
        done(c, {});
    });
}

QByteArray ExecPlugin::execInfo(const RestConfig &config)
{
    QJsonObject spec{{QStringLiteral("interactive"), false}};
    if (config.exec->provideClusterInfo) {
        QJsonObject cluster{{QStringLiteral("server"), config.server.toString()}};
        if (!config.tlsServerName.isEmpty())
            cluster.insert(QStringLiteral("tls-server-name"), config.tlsServerName);
        if (config.insecureSkipTlsVerify)
            cluster.insert(QStringLiteral("insecure-skip-tls-verify"), true);
        if (!config.caPem.isEmpty())
            cluster.insert(QStringLiteral("certificate-authority-data"), QString::fromLatin1(config.caPem.toBase64()));
        if (!config.proxyUrl.isEmpty())
            cluster.insert(QStringLiteral("proxy-url"), config.proxyUrl.toString());
        // The cluster's extension named client.authentication.k8s.io/exec becomes spec.cluster.config.
        for (const QJsonValue &e : config.clusterJson.value(QLatin1String("extensions")).toArray())
            if (e.toObject().value(QLatin1String("name")).toString() == QLatin1String("client.authentication.k8s.io/exec"))
                cluster.insert(QStringLiteral("config"), e.toObject().value(QLatin1String("extension")));
        spec.insert(QStringLiteral("cluster"), cluster);
    }
    const QJsonObject info{{QStringLiteral("kind"), QStringLiteral("ExecCredential")},
                           {QStringLiteral("apiVersion"), config.exec->apiVersion},
                           {QStringLiteral("spec"), spec}};
    return QJsonDocument(info).toJson(QJsonDocument::Compact);
}

bool ExecPlugin::parse(const QByteArray &out, const QString &apiVersion, Credential *c, QString *error)
{
    QJsonParseError pe;
    const QJsonObject cred = QJsonDocument::fromJson(out, &pe).object();
    if (pe.error != QJsonParseError::NoError || cred.isEmpty()) {
        *error = QStringLiteral("decoding stdout: couldn't get version/kind; json parse error");
        return false;
    }
    const QString gotVersion = cred.value(QLatin1String("apiVersion")).toString();
    if (gotVersion != apiVersion) {
        *error = QStringLiteral("exec plugin is configured to use API version %1, plugin returned version %2").arg(apiVersion, gotVersion);
        return false;
    }
    if (cred.value(QLatin1String("kind")).toString() != QLatin1String("ExecCredential")) {
        *error = QStringLiteral("decoding stdout: the plugin did not print an ExecCredential");
        return false;
    }
    const QJsonObject status = cred.value(QLatin1String("status")).toObject();
    const QString token = status.value(QLatin1String("token")).toString();
    const QByteArray certPem = status.value(QLatin1String("clientCertificateData")).toString().toUtf8();
    const QByteArray keyPem = status.value(QLatin1String("clientKeyData")).toString().toUtf8();
    if (token.isEmpty() && (certPem.isEmpty() || keyPem.isEmpty())) {
        *error = certPem.isEmpty() != keyPem.isEmpty()
                         ? QStringLiteral("exec plugin: invalid output: client cert and key must both be specified")
                         : QStringLiteral("exec plugin didn't return a token or cert/key pair");
        return false;
    }
    if (!token.isEmpty())
        c->authorization = "Bearer " + token.toUtf8();
    if (!certPem.isEmpty()) {
        const QList<QSslCertificate> certs = QSslCertificate::fromData(certPem, QSsl::Pem);
        c->key = TlsSetup::readPrivateKey(keyPem);
        if (certs.isEmpty() || c->key.isNull()) {
            *error = QStringLiteral("exec plugin: invalid output: failed to parse the client certificate or key");
            return false;
        }
        c->certificate = certs.first();
    }
    const QString expiry = status.value(QLatin1String("expirationTimestamp")).toString();
    if (!expiry.isEmpty()) {
        const QDateTime t = QDateTime::fromString(expiry, Qt::ISODate);
        if (!t.isValid()) {
            *error = QStringLiteral("exec plugin: invalid output: expirationTimestamp %1 is not RFC 3339").arg(expiry);
            return false;
        }
        c->expiresAtMs = t.toMSecsSinceEpoch();
    }
    return true;
}

void ExecPlugin::start()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const auto &e : m_exec.env)
        env.insert(e.first, e.second);
    env.insert(QStringLiteral("KUBERNETES_EXEC_INFO"), QString::fromUtf8(m_info));
    m_process.setProcessEnvironment(env);
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    m_process.setStandardInputFile(QProcess::nullDevice());   // interactive: false
    m_timeout.start();
    m_process.start(m_exec.command, m_exec.args);
}

void ExecPlugin::done(const Credential &c, const QString &error)
{
    if (m_done)
        return;
    m_done = true;
    m_timeout.stop();
    emit finished(c, error);
}

} // namespace rlab::http
