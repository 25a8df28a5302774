#include "core/server/userkubeconfig.h"

#include "core/server/secretfile.h"

namespace rlab::server {

namespace {

// A YAML scalar kubectl reads back unchanged: names are plain, anything unusual double-quoted.
QByteArray scalar(const QString &s)
{
    bool plain = !s.isEmpty();
    for (const QChar c : s)
        if (!(c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_') || c == QLatin1Char('.') || c == QLatin1Char('@')))
            plain = false;
    if (plain && !s.front().isDigit())
        return s.toUtf8();
    QByteArray out = "\"";
    for (const char c : s.toUtf8()) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + '"';
}

} // namespace

QByteArray UserKubeconfig::render() const
{
    const QByteArray u = scalar(user);
    QByteArray out;
    out += "# Written by `rlab serve --users` (Reconcile Lab) for " + user.toUtf8() + ". Use it with:\n";
    out += "#   export KUBECONFIG=<this file>   or   kubectl --kubeconfig <this file> get pods\n";
    out += "apiVersion: v1\nkind: Config\n";
    out += "clusters:\n- name: reconcile-lab\n  cluster:\n";
    out += "    server: " + serverUrl.toUtf8() + "\n";
    out += "    certificate-authority-data: " + caPem.toBase64() + "\n";
    out += "contexts:\n- name: reconcile-lab\n  context:\n    cluster: reconcile-lab\n";
    out += "    user: " + u + "\n";
    out += "    namespace: " + scalar(namespace_.isEmpty() ? QStringLiteral("default") : namespace_) + "\n";
    out += "current-context: reconcile-lab\npreferences: {}\n";
    out += "users:\n- name: " + u + "\n  user:\n";
    if (!token.isEmpty())
        out += "    token: " + scalar(QString::fromUtf8(token)) + "\n";
    if (!clientCertificatePem.isEmpty()) {
        out += "    client-certificate-data: " + clientCertificatePem.toBase64() + "\n";
        out += "    client-key-data: " + clientKeyPem.toBase64() + "\n";
    }
    return out;
}

bool UserKubeconfig::write(const QString &path, QString *error) const
{
    return SecretFile::write(path, render(), error);
}

} // namespace rlab::server
