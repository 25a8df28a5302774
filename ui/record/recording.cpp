#include "ui/record/recording.h"

#include "core/api/yamlreader.h"
#include "core/api/yamlwriter.h"
#include "ui/record/statedump.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace rlab::ui {

namespace {
bool writeFile(const QString &path, const QByteArray &bytes, QString *error)
{
    QFile f(path);
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size())
        return true;
    if (error)
        *error = QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
    return false;
}

std::optional<QByteArray> readFile(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    return f.readAll();
}
} // namespace

QByteArray Recording::scenarioYaml() const
{
    return api::toYaml(scenario);
}

int Recording::stepCount() const
{
    return int(scenario.value(QLatin1String("spec")).toObject().value(QLatin1String("steps")).toArray().size());
}

QString Recording::stemOf(const QString &path)
{
    for (const char *suffix : {".trace.jsonl", ".state.json", ".yaml", ".yml"})
        if (path.endsWith(QLatin1String(suffix)))
            return path.chopped(qsizetype(qstrlen(suffix)));
    return path;
}

bool Recording::save(const QString &stem, QString *error) const
{
    return writeFile(scenarioPath(stem), scenarioYaml(), error) && writeFile(tracePath(stem), trace, error)
           && writeFile(statePath(stem), StateDump::json(finalState), error);
}

std::optional<Recording> Recording::load(const QString &stem, QString *error)
{
    const auto yaml = readFile(scenarioPath(stem), error);
    const auto trace = yaml ? readFile(tracePath(stem), error) : std::nullopt;
    const auto state = trace ? readFile(statePath(stem), error) : std::nullopt;
    if (!state)
        return std::nullopt;
    const api::ReadResult read = api::YamlReader::read(*yaml, scenarioPath(stem));
    if (!read.ok() || read.documents.size() != 1 || !read.documents.first().value.isObject()) {
        if (error)
            *error = read.ok() ? QStringLiteral("%1: not one scenario document").arg(scenarioPath(stem))
                               : read.errors.first().toString();
        return std::nullopt;
    }
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(*state, &parse);
    if (!doc.isObject()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(statePath(stem), parse.errorString());
        return std::nullopt;
    }
    return Recording{read.documents.first().value.toObject(), *trace, doc.object()};
}

} // namespace rlab::ui
