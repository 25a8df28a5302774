// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace rlab::http {

// users[].user.exec of a kubeconfig (clientcmdapi.ExecConfig): a client-go credential plugin.
struct ExecConfig
{
    QString command;
    QStringList args;
    QList<QPair<QString, QString>> env;
    QString apiVersion;          // client.authentication.k8s.io/v1 (v1beta1 accepted)
    QString installHint;
    bool provideClusterInfo = false;
    QString interactiveMode;     // Never | IfAvailable | Always (we never have a terminal: Never)
};

// What one kubeconfig context resolves to (client-go rest.Config): the server, how to trust it,
// who we are, the namespace. Secrets (token, key, password) are here in memory only: nothing
// prints this struct, and describe() leaves them out. A plain value; copy freely.
struct RestConfig
{
    QString contextName, clusterName, userName;
    QString namespace_ = QStringLiteral("default");
    bool namespaceFromContext = false;    // the context (or --namespace) named it

    QUrl server;                          // https://host:port[/prefix]
    QByteArray caPem;                     // certificate-authority(-data)
    bool insecureSkipTlsVerify = false;
    QString tlsServerName;
    QByteArray clientCertificatePem;      // client-certificate(-data)
    QByteArray clientKeyPem;              // client-key(-data): RSA or EC, PEM
    QByteArray token;                     // bearer token (token, or read from tokenFile)
    QString tokenFile;                    // re-read when it changes, as client-go does
    QString username, password;           // basic auth (old clusters)
    QUrl proxyUrl;                        // http(s):// or socks5://
    std::optional<ExecConfig> exec;
    QJsonObject clusterJson;              // the cluster entry, for KUBERNETES_EXEC_INFO
    QString userAgent = QStringLiteral("reconcile-lab/v1 (linux/amd64)");

    // "context reconcile-lab: cluster reconcile-lab (https://127.0.0.1:6443), user reconcile-lab
    // (token), namespace default" — no secret material.
    QString describe() const;
};

} // namespace rlab::http
