#include "core/server/kubeconfig.h"

#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QSaveFile>

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

bool Kubeconfig::write(const QString &path, const QString &serverUrl, const QByteArray &token, QString *error, const QByteArray &caPem)
{
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath())) {
        if (error)
            *error = QStringLiteral("cannot create the directory %1").arg(info.absolutePath());
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    file.write(render(serverUrl, token, caPem));
    if (!file.commit()) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return true;
}

} // namespace rlab::server
