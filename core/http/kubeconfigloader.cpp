// SPDX-License-Identifier: Apache-2.0
#include "core/http/kubeconfigloader.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>

namespace rlab::http {

namespace {

QString str(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toString();
}

QString resolvePath(const QString &path, const QString &dir)
{
    if (path.isEmpty() || QDir::isAbsolutePath(path))
        return path;
    if (path.startsWith(QLatin1String("~/")))
        return QDir::homePath() + path.mid(1);
    return QDir(dir).filePath(path);
}

// `certificate-authority-data` (base64) or the file `certificate-authority` names; kubectl's
// "unable to read certificate-authority x for y due to open x: no such file or directory".
bool readMaterial(const QJsonObject &o, const char *dataKey, const char *fileKey, const QString &dir, const QString &what,
                  const QString &owner, QByteArray *out, QString *error)
{
    const QString data = str(o, dataKey);
    if (!data.isEmpty()) {
        const auto decoded = QByteArray::fromBase64Encoding(data.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded) {
            *error = QStringLiteral("error: illegal base64 data in %1 for %2").arg(QLatin1String(dataKey), owner);
            return false;
        }
        *out = *decoded;
        return true;
    }
    const QString file = resolvePath(str(o, fileKey), dir);
    if (file.isEmpty())
        return true;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("Error in configuration: unable to read %1 %2 for %3 due to open %2: no such file or directory")
                         .arg(what, file, owner);
        return false;
    }
    *out = f.readAll();
    return true;
}

bool readExec(const QJsonObject &exec, const QString &dir, const QString &userName, ExecConfig *out, QString *error)
{
    out->command = str(exec, "command");
    out->apiVersion = str(exec, "apiVersion");
    if (out->command.isEmpty()) {
        *error = QStringLiteral("Error in configuration: command must be specified for %1 to use exec authentication plugin").arg(userName);
        return false;
    }
    if (out->apiVersion.isEmpty()) {
        *error = QStringLiteral("Error in configuration: apiVersion must be specified for %1 to use exec authentication plugin").arg(userName);
        return false;
    }
    if (out->command.contains(QLatin1Char('/')))   // client-go resolves only commands given as a path
        out->command = resolvePath(out->command, dir);
    for (const QJsonValue &a : exec.value(QLatin1String("args")).toArray())
        out->args.append(a.toString());
    for (const QJsonValue &e : exec.value(QLatin1String("env")).toArray())
        out->env.append({str(e.toObject(), "name"), str(e.toObject(), "value")});
    out->installHint = str(exec, "installHint");
    out->provideClusterInfo = exec.value(QLatin1String("provideClusterInfo")).toBool();
    out->interactiveMode = str(exec, "interactiveMode");
    if (out->interactiveMode == QLatin1String("Always")) {
        *error = QStringLiteral("error: exec plugin cannot support interactive mode: standard input is not a terminal");
        return false;
    }
    return true;
}

} // namespace

QString KubeconfigLoader::removedAuthProviderMessage(const QString &name)
{
    if (name == QLatin1String("gcp"))
        return QStringLiteral("The gcp auth plugin has been removed.\nPlease use the \"gke-gcloud-auth-plugin\" kubectl/client-go "
                              "credential plugin instead.\nSee https://cloud.google.com/blog/products/containers-kubernetes/"
                              "kubectl-auth-changes-in-gke for further details");
    if (name == QLatin1String("azure"))
        return QStringLiteral("The azure auth plugin has been removed.\nPlease use the https://github.com/Azure/kubelogin "
                              "kubectl/client-go credential plugin instead.\nSee https://kubernetes.io/docs/reference/"
                              "access-authn-authz/authentication/#client-go-credential-plugins for further details");
    return {};
}

std::optional<RestConfig> KubeconfigLoader::load(const KubeconfigSelection &sel, QString *error)
{
    const std::optional<KubeconfigFiles> files = KubeconfigFiles::load(sel.files, error);
    if (!files)
        return std::nullopt;
    return resolve(*files, sel, error);
}

std::optional<RestConfig> KubeconfigLoader::resolve(const KubeconfigFiles &files, const KubeconfigSelection &sel, QString *error)
{
    RestConfig c;
    c.contextName = sel.context.isEmpty() ? files.currentContext : sel.context;
    KubeconfigFiles::Entry context;
    if (!c.contextName.isEmpty()) {
        if (!files.contexts.contains(c.contextName)) {
            *error = QStringLiteral("Error in configuration: context was not found for specified context: %1").arg(c.contextName);
            return std::nullopt;
        }
        context = files.contexts.value(c.contextName);
    }
    c.clusterName = sel.cluster.isEmpty() ? str(context.value, "cluster") : sel.cluster;
    c.userName = sel.user.isEmpty() ? str(context.value, "user") : sel.user;
    if (!sel.namespace_.isEmpty()) {
        c.namespace_ = sel.namespace_;
        c.namespaceFromContext = true;
    } else if (!str(context.value, "namespace").isEmpty()) {
        c.namespace_ = str(context.value, "namespace");
        c.namespaceFromContext = true;
    }

    if (c.contextName.isEmpty() && c.clusterName.isEmpty()) {
        *error = QStringLiteral("error: invalid configuration: no configuration has been provided, try setting KUBERNETES_MASTER environment variable");
        return std::nullopt;
    }
    const KubeconfigFiles::Entry cluster = files.clusters.value(c.clusterName);
    const QString server = str(cluster.value, "server");
    if (server.isEmpty()) {
        *error = c.clusterName.isEmpty() ? QStringLiteral("Error in configuration: cluster has no server defined")
                                         : QStringLiteral("Error in configuration: no server found for cluster \"%1\"").arg(c.clusterName);
        return std::nullopt;
    }
    c.server = QUrl(server.contains(QLatin1String("://")) ? server : QStringLiteral("https://") + server);
    if (!c.server.isValid() || c.server.host().isEmpty()) {
        *error = QStringLiteral("Error in configuration: invalid server URL \"%1\" for cluster \"%2\"").arg(server, c.clusterName);
        return std::nullopt;
    }
    c.clusterJson = cluster.value;
    c.insecureSkipTlsVerify = cluster.value.value(QLatin1String("insecure-skip-tls-verify")).toBool();
    c.tlsServerName = str(cluster.value, "tls-server-name");
    if (!str(cluster.value, "proxy-url").isEmpty()) {
        c.proxyUrl = QUrl(str(cluster.value, "proxy-url"));
        const QString scheme = c.proxyUrl.scheme();
        if (scheme != QLatin1String("http") && scheme != QLatin1String("https") && scheme != QLatin1String("socks5")) {
            *error = QStringLiteral("Error in configuration: proxy-url for cluster \"%1\" must be http, https or socks5 (got \"%2\")")
                             .arg(c.clusterName, str(cluster.value, "proxy-url"));
            return std::nullopt;
        }
    }
    const QString clusterOwner = c.clusterName;
    if (!readMaterial(cluster.value, "certificate-authority-data", "certificate-authority", cluster.dir,
                      QStringLiteral("certificate-authority"), clusterOwner, &c.caPem, error))
        return std::nullopt;
    if (c.insecureSkipTlsVerify && !c.caPem.isEmpty()) {
        *error = QStringLiteral("Error in configuration: specifying a root certificates file with the insecure flag is not allowed");
        return std::nullopt;
    }

    const KubeconfigFiles::Entry user = files.users.value(c.userName);   // a missing user is anonymous, as in client-go
    const QJsonObject u = user.value;
    if (!readMaterial(u, "client-certificate-data", "client-certificate", user.dir, QStringLiteral("client-cert"), c.userName,
                      &c.clientCertificatePem, error)
        || !readMaterial(u, "client-key-data", "client-key", user.dir, QStringLiteral("client-key"), c.userName, &c.clientKeyPem, error))
        return std::nullopt;
    if (!c.clientCertificatePem.isEmpty() && c.clientKeyPem.isEmpty()) {
        *error = QStringLiteral("Error in configuration: client-key-data or client-key must be specified for %1 to use the clientCert "
                                "authentication method.").arg(c.userName);
        return std::nullopt;
    }
    if (c.clientCertificatePem.isEmpty() && !c.clientKeyPem.isEmpty()) {
        *error = QStringLiteral("Error in configuration: client-cert-data or client-cert must be specified for %1 to use the clientCert "
                                "authentication method.").arg(c.userName);
        return std::nullopt;
    }
    c.token = str(u, "token").toUtf8();
    c.tokenFile = resolvePath(str(u, "tokenFile"), user.dir);
    if (c.token.isEmpty() && !c.tokenFile.isEmpty()) {
        QFile f(c.tokenFile);
        if (!f.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("error: failed to read token file \"%1\": open %1: no such file or directory").arg(c.tokenFile);
            return std::nullopt;
        }
        c.token = f.readAll().trimmed();
    }
    c.username = str(u, "username");
    c.password = str(u, "password");
    QStringList methods;
    if (!c.token.isEmpty())
        methods << QStringLiteral("token");
    if (!c.username.isEmpty() || !c.password.isEmpty())
        methods << QStringLiteral("basicAuth");
    if (methods.size() > 1) {
        *error = QStringLiteral("Error in configuration: more than one authentication method found for %1; found [%2], only one is allowed")
                         .arg(c.userName, methods.join(QLatin1Char(' ')));
        return std::nullopt;
    }
    if (u.contains(QLatin1String("exec"))) {
        ExecConfig exec;
        if (!readExec(u.value(QLatin1String("exec")).toObject(), user.dir, c.userName, &exec, error))
            return std::nullopt;
        c.exec = exec;
    }
    if (u.contains(QLatin1String("auth-provider"))) {
        const QJsonObject provider = u.value(QLatin1String("auth-provider")).toObject();
        const QString name = str(provider, "name");
        const QString removed = removedAuthProviderMessage(name);
        if (!removed.isEmpty()) {
            *error = QStringLiteral("error: ") + removed;
            return std::nullopt;
        }
        if (name != QLatin1String("oidc")) {
            *error = QStringLiteral("error: no Auth Provider found for name \"%1\"").arg(name);
            return std::nullopt;
        }
        // oidc: the id-token is the bearer token (refreshing it needs the issuer: not supported).
        c.token = str(provider.value(QLatin1String("config")).toObject(), "id-token").toUtf8();
        if (c.token.isEmpty()) {
            *error = QStringLiteral("error: the oidc auth provider of user \"%1\" has no id-token; run your OIDC login "
                                    "helper (e.g. kubelogin) to get one").arg(c.userName);
            return std::nullopt;
        }
    }
    return c;
}

} // namespace rlab::http
