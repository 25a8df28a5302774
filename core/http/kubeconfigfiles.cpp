// SPDX-License-Identifier: Apache-2.0
#include "core/http/kubeconfigfiles.h"

#include "core/api/yamlreader.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

namespace rlab::http {

namespace {
constexpr qint64 kMaxKubeconfigBytes = 16 * 1024 * 1024;
} // namespace

QStringList KubeconfigFiles::precedence(const QStringList &files, bool *explicitFile)
{
    if (explicitFile)
        *explicitFile = files.size() == 1;
    if (!files.isEmpty())
        return files;
    const QString env = qEnvironmentVariable("KUBECONFIG");
    if (!env.isEmpty()) {
        QStringList list;
        for (const QString &f : env.split(QLatin1Char(':'), Qt::SkipEmptyParts))
            if (!list.contains(f))
                list.append(f);
        return list;
    }
    return {QDir::homePath() + QStringLiteral("/.kube/config")};
}

std::optional<KubeconfigFiles> KubeconfigFiles::load(const QStringList &files, QString *error)
{
    bool explicitFile = false;
    const QStringList list = precedence(files, &explicitFile);
    KubeconfigFiles merged;
    for (const QString &path : list) {
        if (!QFileInfo::exists(path)) {
            if (explicitFile) {
                *error = QStringLiteral("error: stat %1: no such file or directory").arg(path);
                return std::nullopt;
            }
            continue;   // a missing file in the KUBECONFIG list is skipped
        }
        if (!merged.merge(path, error))
            return std::nullopt;
    }
    return merged;
}

bool KubeconfigFiles::merge(const QString &path, QString *error)
{
    api::YamlReadLimits limits;
    limits.maxBytes = kMaxKubeconfigBytes;
    const api::ReadResult r = api::YamlReader::readFile(path, limits);
    if (!r.ok()) {
        *error = QStringLiteral("error: error loading config file \"%1\": %2").arg(path, r.errors.first().toString());
        return false;
    }
    loaded.append(path);
    if (r.documents.isEmpty())
        return true;   // an empty file is an empty config
    const QJsonObject doc = r.documents.first().value.toObject();
    const QString dir = QFileInfo(path).absolutePath();
    if (currentContext.isEmpty())
        currentContext = doc.value(QLatin1String("current-context")).toString();
    const auto take = [&](const char *list, const char *field, QHash<QString, Entry> &into) {
        for (const QJsonValue &v : doc.value(QLatin1String(list)).toArray()) {
            const QJsonObject named = v.toObject();
            const QString name = named.value(QLatin1String("name")).toString();
            if (!name.isEmpty() && !into.contains(name))   // first file wins
                into.insert(name, Entry{named.value(QLatin1String(field)).toObject(), dir});
        }
    };
    take("clusters", "cluster", clusters);
    take("users", "user", users);
    take("contexts", "context", contexts);
    return true;
}

} // namespace rlab::http
