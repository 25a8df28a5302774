#include "core/sim/scenario.h"

#include "core/sim/latencymodel.h"

#include "core/api/yamlreader.h"
#include "core/kubectl/manifest.h"
#include "core/base/duration.h"
#include "core/sim/simulation.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

namespace rlab {

using namespace rlab::api;

QStringList Scenario::knownSteps()
{
    return {QStringLiteral("apply"), QStringLiteral("waitFor"), QStringLiteral("scale"), QStringLiteral("setImage"),
            QStringLiteral("rolloutUndo"), QStringLiteral("pause"), QStringLiteral("resume"), QStringLiteral("restart"),
            QStringLiteral("delete"), QStringLiteral("failNode"), QStringLiteral("recoverNode"), QStringLiteral("advance"),
            QStringLiteral("runUntilIdle"), QStringLiteral("sync"), QStringLiteral("expect"), QStringLiteral("enableController"),
            QStringLiteral("disableController")};
}

std::optional<Scenario> Scenario::load(const QString &path, QStringList *errors)
{
    const ReadResult read = YamlReader::readFile(path);
    if (!read.ok()) {
        for (const SourceError &e : read.errors)
            errors->append(e.toString());
        return std::nullopt;
    }
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return parse(f.readAll(), path, errors);
}

std::optional<Scenario> Scenario::parse(const QByteArray &text, const QString &fileName, QStringList *errors)
{
    const ReadResult read = YamlReader::read(text, fileName);
    for (const SourceError &e : read.errors)
        errors->append(e.toString());
    if (!read.ok())
        return std::nullopt;
    if (read.documents.size() != 1) {
        errors->append(QStringLiteral("%1: a scenario file holds exactly one document, found %2").arg(fileName).arg(read.documents.size()));
        return std::nullopt;
    }
    std::optional<Scenario> s = fromDocument(read.documents.first(), errors);
    if (!errors->isEmpty())
        return std::nullopt;
    return s;
}

std::optional<Scenario> Scenario::fromDocument(const SourceDocument &doc, QStringList *errors, const ScenarioFormat &format)
{
    const QString fileName = doc.file;
    const qsizetype errorsBefore = errors->size();
    const QJsonObject root = doc.value.toObject();
    auto fail = [&](const QString &path, const QString &message) { errors->append(doc.errorAt(path, message).toString()); };
    if (root.value(QLatin1String("apiVersion")).toString() != QLatin1String("rlab.dev/v1alpha1")
        || !format.kinds.contains(root.value(QLatin1String("kind")).toString())) {
        fail(QStringLiteral("kind"), QStringLiteral("expected apiVersion: rlab.dev/v1alpha1 and kind: %1").arg(format.kinds.join(QStringLiteral(" or "))));
        return std::nullopt;
    }
    Scenario s;
    s.file = fileName;
    s.kind = root.value(QLatin1String("kind")).toString();
    s.name = root.value(QLatin1String("metadata")).toObject().value(QLatin1String("name")).toString(QFileInfo(fileName).baseName());
    const QJsonObject spec = root.value(QLatin1String("spec")).toObject();
    for (auto it = spec.begin(); it != spec.end(); ++it) {
        static const QStringList known{QStringLiteral("seed"), QStringLiteral("startTime"), QStringLiteral("controllers"),
                                       QStringLiteral("nodes"), QStringLiteral("kubelet"), QStringLiteral("objects"), QStringLiteral("steps"),
                                       QStringLiteral("latency")};
        if (!known.contains(it.key()) && !format.specExtras.contains(it.key()))
            fail(QStringLiteral("spec.") + it.key(), QStringLiteral("unknown field \"spec.%1\"").arg(it.key()));
    }
    if (spec.contains(QLatin1String("seed")))
        s.seed = quint64(spec.value(QLatin1String("seed")).toDouble());
    if (spec.contains(QLatin1String("startTime"))) {
        const QDateTime t = QDateTime::fromString(spec.value(QLatin1String("startTime")).toString(), Qt::ISODate);
        if (!t.isValid())
            fail(QStringLiteral("spec.startTime"), QStringLiteral("startTime must be RFC 3339, e.g. \"2026-01-01T00:00:00Z\""));
        else
            s.startTimeMs = t.toMSecsSinceEpoch();
    }
    const QStringList known = SimulationConfig::knownControllers();
    if (spec.contains(QLatin1String("controllers"))) {
        const QJsonArray arr = spec.value(QLatin1String("controllers")).toArray();
        for (qsizetype i = 0; i < arr.size(); ++i) {
            const QString c = arr[i].toString();
            if (!known.contains(c))
                fail(QStringLiteral("spec.controllers[%1]").arg(i),
                     QStringLiteral("unknown controller \"%1\" (known: %2)").arg(c, known.join(QStringLiteral(", "))));
            s.controllers.insert(c);
        }
    } else {
        for (const QString &c : known)
            if (c != QLatin1String("replicafloor"))
                s.controllers.insert(c);
    }
    const QJsonValue nodes = spec.value(QLatin1String("nodes"));
    if (nodes.isDouble()) {
        const double count = nodes.toDouble();
        if (count != double(qint64(count)) || count < 0 || count > kMaxNodes)
            fail(QStringLiteral("spec.nodes"), QStringLiteral("spec.nodes: Invalid value: %1: must be an integer between 0 and %2 "
                                                              "(the largest cluster Kubernetes supports)")
                                                   .arg(nodes.toVariant().toString()).arg(kMaxNodes));
        else
            for (int i = 1; i <= int(count); ++i)
                s.nodes.append(ScenarioNode{QStringLiteral("node-%1").arg(i)});
    } else if (nodes.isArray()) {
        const QJsonArray arr = nodes.toArray();
        for (qsizetype i = 0; i < arr.size(); ++i) {
            const QJsonObject n = arr[i].toObject();
            ScenarioNode node;
            node.name = n.value(QLatin1String("name")).toString();
            if (node.name.isEmpty())
                fail(QStringLiteral("spec.nodes[%1]").arg(i), QStringLiteral("a node needs a name"));
            node.cpu = n.value(QLatin1String("cpu")).toVariant().toString().isEmpty() ? node.cpu : n.value(QLatin1String("cpu")).toVariant().toString();
            node.memory = n.value(QLatin1String("memory")).toString(node.memory);
            const QJsonValue pods = n.value(QLatin1String("pods"));
            if (!pods.isUndefined()) {
                const double p = pods.toDouble(-1);
                if (!pods.isDouble() || p != double(qint64(p)) || p < 0 || p > 2147483647.0)
                    fail(QStringLiteral("spec.nodes[%1].pods").arg(i),
                         QStringLiteral("spec.nodes[%1].pods: Invalid value: %2: must be an integer between 0 and 2147483647")
                             .arg(i).arg(pods.toVariant().toString()));
                else
                    node.pods = int(p);
            }
            s.nodes.append(node);
        }
    } else if (nodes.isUndefined()) {
        for (int i = 1; i <= 3; ++i)
            s.nodes.append(ScenarioNode{QStringLiteral("node-%1").arg(i)});
    } else {
        fail(QStringLiteral("spec.nodes"), QStringLiteral("nodes is a number or a list of {name, cpu, memory, pods}"));
    }
    if (spec.contains(QLatin1String("latency"))) {
        s.latency = spec.value(QLatin1String("latency")).toString();
        if (!LatencyModel::preset(s.latency))
            fail(QStringLiteral("spec.latency"), QStringLiteral("unknown latency preset \"%1\" (known: %2)")
                                                     .arg(spec.value(QLatin1String("latency")).toVariant().toString(),
                                                          LatencyModel::presetNames().join(QStringLiteral(", "))));
    }
    s.kubelet = spec.value(QLatin1String("kubelet")).toObject();
    for (auto it = s.kubelet.begin(); it != s.kubelet.end(); ++it) {
        if (!parseDuration(it.value().toString()))
            fail(QStringLiteral("spec.kubelet.") + it.key(), QStringLiteral("invalid duration \"%1\"").arg(it.value().toString()));
    }
    // objects: decoded and validated now, so a bad object is reported before anything runs.
    const QJsonArray objects = spec.value(QLatin1String("objects")).toArray();
    for (qsizetype i = 0; i < objects.size(); ++i) {
        SourceDocument d;
        d.file = fileName;
        d.value = objects[i];
        const QString prefix = QStringLiteral("spec.objects[%1]").arg(i);
        for (auto it = doc.positions.cbegin(); it != doc.positions.cend(); ++it) {
            if (it.key() == prefix || it.key().startsWith(prefix + QLatin1Char('.')))
                d.positions.insert(it.key().mid(prefix.size() + (it.key() == prefix ? 0 : 1)), it.value());
        }
        if (!objects[i].isObject()) {
            fail(prefix, QStringLiteral("an object must be a mapping with apiVersion and kind"));
            continue;
        }
        s.objects.append(d);
    }
    const QJsonArray steps = spec.value(QLatin1String("steps")).toArray();
    const QStringList stepNames = knownSteps();
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QString path = QStringLiteral("spec.steps[%1]").arg(i);
        QJsonObject o = steps[i].toObject();
        bool hasExtras = false;
        for (const QString &extra : format.stepExtras) {
            hasExtras = hasExtras || o.contains(extra);
            o.remove(extra);
        }
        ScenarioStep step;
        step.where = doc.errorAt(path, QString());
        if (o.isEmpty() && hasExtras) {   // narration only
            s.steps.append(step);
            continue;
        }
        if (o.size() != 1) {
            fail(path, QStringLiteral("a step has exactly one action (one of: %1)").arg(stepNames.join(QStringLiteral(", "))));
            continue;
        }
        step.action = o.begin().key();
        step.args = o.begin().value();
        if (!stepNames.contains(step.action)) {
            fail(path, QStringLiteral("unknown step \"%1\" (known: %2)").arg(step.action, stepNames.join(QStringLiteral(", "))));
            continue;
        }
        if (step.action == QLatin1String("apply")) {
            const QString file = step.args.toObject().value(QLatin1String("file")).toString();
            if (!file.isEmpty() && !QFileInfo::exists(QFileInfo(fileName).dir().filePath(file)))
                fail(path, QStringLiteral("apply: file \"%1\" not found (relative to the scenario)").arg(file));
        }
        if (step.action == QLatin1String("scale")) {
            // Go's strconv.ParseInt into replicas (int32): a number out of range is an error, not 0.
            const QJsonValue r = step.args.toObject().value(QLatin1String("replicas"));
            const double v = r.toDouble(-1);
            if (r.isDouble() && (v != double(qint64(v)) || v < 0 || v > 2147483647.0))
                fail(path, QStringLiteral("scale: replicas: Invalid value: %1: must be an integer between 0 and 2147483647")
                               .arg(r.toVariant().toString()));
        }
        if (step.action == QLatin1String("advance") && !parseDuration(step.args.toString()))
            fail(path, QStringLiteral("advance: invalid duration \"%1\"").arg(step.args.toVariant().toString()));
        s.steps.append(step);
    }
    if (errors->size() > errorsBefore)
        return std::nullopt;
    return s;
}

} // namespace rlab
