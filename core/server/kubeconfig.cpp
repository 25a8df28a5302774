#include "core/server/kubeconfig.h"

#include "core/server/secretfile.h"

#include <QRandomGenerator>

namespace rlab::server {

QByteArray Kubeconfig::render(const QString &serverUrl, const QByteArray &token, const QByteArray &caPem)
{
    const QByteArray name(kName);
    QByteArray out;
    out += "# Written by `rlab serve` (Reconcile Lab). Use it with: export KUBECONFIG=<this file>\n";
    out += "apiVersion: v1\n";
    out += "kind: Config\n";
    out += "clusters:\n";
    out += "- name: " + name + "\n";
    out += "  cluster:\n";
    out += "    server: " + serverUrl.toUtf8() + "\n";
    if (!caPem.isEmpty())
        out += "    certificate-authority-data: " + caPem.toBase64() + "\n";
    out += "contexts:\n";
    out += "- name: " + name + "\n";
    out += "  context:\n";
    out += "    cluster: " + name + "\n";
    out += "    user: " + name + "\n";
    out += "    namespace: default\n";
    out += "current-context: " + name + "\n";
    out += "preferences: {}\n";
    out += "users:\n";
    out += "- name: " + name + "\n";
    if (token.isEmpty())
        out += "  user: {}\n";
    else
        out += "  user:\n    token: " + token + "\n";
    return out;
}

QByteArray Kubeconfig::generateToken()
{
    QByteArray bytes(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), bytes.size() / 4);
    return bytes.toHex();
}

bool Kubeconfig::write(const QString &path, const QString &serverUrl, const QByteArray &token, QString *error, const QByteArray &caPem)
{
    // Mode 0600 from the moment the file exists: it may hold the bearer token.
    return SecretFile::write(path, render(serverUrl, token, caPem), error);
}

} // namespace rlab::server
