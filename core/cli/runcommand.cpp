#include "core/cli/runcommand.h"

#include "core/api/yamlwriter.h"
#include "core/sim/latencymodel.h"
#include "core/sim/scenariorunner.h"
#include "core/sim/simulation.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>

namespace rlab::cli {

namespace {
bool writeFile(const QString &path, const QByteArray &bytes, QTextStream &err)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size()) {
        err << "rlab run: cannot write " << path << ": " << f.errorString() << "\n";
        return false;
    }
    return true;
}
} // namespace

int runCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QString file, dump, trace;
    std::optional<quint64> seed;
    QString latency;
    bool quiet = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        auto value = [&]() -> QString { return i + 1 < args.size() ? args[++i] : QString(); };
        if (a == QLatin1String("--dump"))
            dump = value();
        else if (a == QLatin1String("--trace"))
            trace = value();
        else if (a == QLatin1String("--quiet"))
            quiet = true;
        else if (a == QLatin1String("--seed")) {
            bool ok = false;
            seed = value().toULongLong(&ok);
            if (!ok) {
                err << "rlab run: --seed needs a number\n";
                return 2;
            }
        } else if (a == QLatin1String("--latency")) {
            latency = value();
            if (!LatencyModel::preset(latency)) {
                err << "rlab run: --latency takes one of " << LatencyModel::presetNames().join(QStringLiteral(", ")) << "\n";
                return 2;
            }
        } else if (a.startsWith(QLatin1String("--"))) {
            err << "rlab run: unknown flag " << a << "\n";
            return 2;
        } else if (file.isEmpty())
            file = a;
        else {
            err << "rlab run: one scenario at a time\n";
            return 2;
        }
    }
    if (file.isEmpty() || (args.contains(QStringLiteral("--dump")) && dump.isEmpty())
        || (args.contains(QStringLiteral("--trace")) && trace.isEmpty())) {
        err << "usage: rlab run SCENARIO.yaml [--dump FILE] [--trace FILE] [--seed N] [--latency classroom|realistic|instant] [--quiet]\n";
        return 2;
    }
    QStringList errors;
    std::optional<Scenario> scenario = Scenario::load(file, &errors);
    if (!scenario) {
        for (const QString &e : errors)
            err << e << "\n";
        return 2;
    }
    if (seed)
        scenario->seed = *seed;
    if (!latency.isEmpty())
        scenario->latency = latency;   // the flag wins over spec.latency
    QElapsedTimer timer;
    timer.start();
    ScenarioRunner runner(*scenario);
    const ScenarioRunner::Outcome outcome = runner.run();
    const qint64 wallMs = timer.elapsed();
    if (!quiet)
        for (const QString &l : runner.log())
            out << l << "\n";
    for (const QString &f : runner.failures())
        err << f << "\n";
    if (!dump.isEmpty()) {
        const QJsonObject list = runner.dump();
        const QByteArray bytes = dump.endsWith(QLatin1String(".json")) ? QJsonDocument(list).toJson(QJsonDocument::Indented)
                                                                       : api::toYaml(list);
        if (!writeFile(dump, bytes, err))
            return 2;
    }
    if (!trace.isEmpty()) {
        QByteArray bytes;
        for (const TraceEvent &e : runner.simulation().trace().since(0))
            bytes += QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact) + '\n';
        if (!writeFile(trace, bytes, err))
            return 2;
    }
    const qint64 virtualMs = runner.simulation().clock().now() - scenario->startTimeMs;
    static const char *words[] = {"passed", "expectation failed", "invalid"};
    out << QStringLiteral("scenario %1 %2: %3 steps, %4 s of virtual time in %5 ms wall time, store revision %6, %7 trace events\n")
               .arg(scenario->name, QLatin1String(words[int(outcome)]))
               .arg(scenario->steps.size())
               .arg(virtualMs / 1000.0, 0, 'f', 1)
               .arg(wallMs)
               .arg(runner.simulation().api().currentRevision())
               .arg(runner.simulation().trace().lastSeq());
    out.flush();
    err.flush();
    return int(outcome);
}

} // namespace rlab::cli
