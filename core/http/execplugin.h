// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/http/credential.h"
#include "core/http/restconfig.h"

#include <QObject>
#include <QProcess>
#include <QTimer>

namespace rlab::http {

// One run of a client-go credential plugin (users[].user.exec): starts the command with the
// kubeconfig's args and env plus KUBERNETES_EXEC_INFO (an ExecCredential with spec.interactive
// false and, with provideClusterInfo, spec.cluster), reads the ExecCredential it prints
// (client.authentication.k8s.io/v1 or v1beta1: status.token or clientCertificateData +
// clientKeyData, expirationTimestamp) and emits finished() once. Errors are client-go's
// ("exec: executable x not found", "exec: executable x failed with exit code 1") and never quote
// the plugin's output. Thread rules: lives on the network thread; asynchronous (never blocks).
class ExecPlugin : public QObject
{
    Q_OBJECT
public:
    ExecPlugin(const RestConfig &config, qint64 timeoutMs, QObject *parent = nullptr);
    void start();

    // The ExecCredential JSON a plugin printed → Credential (expiry in ms since the epoch).
    static bool parse(const QByteArray &stdoutBytes, const QString &apiVersion, Credential *out, QString *error);
    static QByteArray execInfo(const RestConfig &config);

signals:
    void finished(const rlab::http::Credential &credential, const QString &error);

private:
    void done(const Credential &c, const QString &error);

    ExecConfig m_exec;
    QByteArray m_info;
    QProcess m_process;
    QTimer m_timeout;
    bool m_done = false;
};

} // namespace rlab::http
