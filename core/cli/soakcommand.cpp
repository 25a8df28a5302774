#include "core/cli/soakcommand.h"

#include "core/sim/chaossoak.h"
#include "core/sim/latencymodel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace rlab::cli {

int soakCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    ChaosConfig config;
    bool json = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        const auto number = [&](double min, double max, double *v) {
            bool ok = false;
            *v = i + 1 < args.size() ? args[++i].toDouble(&ok) : 0;
            if (!ok || *v < min || *v > max) {
                err << "rlab soak: " << a << " takes a number from " << min << " to " << max << "\n";
                return false;
            }
            return true;
        };
        double v = 0;
        if (a == QLatin1String("--hours") || a == QLatin1String("--minutes")) {
            const bool hours = a == QLatin1String("--hours");
            if (!number(hours ? 0.01 : 1, hours ? 1000 : 60000, &v))
                return 2;
            config.virtualMs = qint64(v * (hours ? 3'600'000 : 60'000));
        } else if (a == QLatin1String("--seed")) {
            if (!number(0, 1e15, &v))
                return 2;
            config.seed = quint64(v);
        } else if (a == QLatin1String("--deployments")) {
            if (!number(1, 50, &v))
                return 2;
            config.deployments = int(v);
        } else if (a == QLatin1String("--nodes")) {
            if (!number(2, 100, &v))
                return 2;
            config.nodes = int(v);
        } else if (a == QLatin1String("--trace-memory")) {
            if (!number(1, 65536, &v))
                return 2;
            config.traceMemoryBytes = std::size_t(v) << 20;
        } else if (a == QLatin1String("--threaded")) {
            config.threaded = true;
        } else if (a == QLatin1String("--latency")) {
            config.latency = i + 1 < args.size() ? args[++i] : QString();
            if (!LatencyModel::preset(config.latency)) {
                err << "rlab soak: --latency takes one of " << LatencyModel::presetNames().join(QStringLiteral(", ")) << "\n";
                return 2;
            }
        } else if (a == QLatin1String("--json")) {
            json = true;
        } else {
            err << "rlab soak: unknown argument " << a << "\n";
            return 2;
        }
    }
    int lastPercent = -1;
    const ChaosReport r = ChaosSoak(config).run([&](double done) {
        const int percent = int(done * 100);
        if (!json && percent / 10 != lastPercent / 10) {
            err << "rlab soak: " << percent << "% of the chaos\n";
            err.flush();
        }
        lastPercent = percent;
    });
    if (json) {
        QJsonObject counts;
        for (auto it = r.actionCounts.cbegin(); it != r.actionCounts.cend(); ++it)
            counts.insert(it.key(), it.value());
        const QJsonObject o{{QStringLiteral("runner"), config.threaded ? QStringLiteral("threaded") : QStringLiteral("deterministic")},
                            {QStringLiteral("seed"), qint64(config.seed)},
                            {QStringLiteral("virtualSeconds"), r.virtualMs / 1000},
                            {QStringLiteral("actions"), r.actions},
                            {QStringLiteral("actionCounts"), counts},
                            {QStringLiteral("checks"), r.checks},
                            {QStringLiteral("watchEvents"), r.watchEvents},
                            {QStringLiteral("violations"), r.violationCount},
                            {QStringLiteral("firstViolations"), QJsonArray::fromStringList(r.violations)},
                            {QStringLiteral("converged"), r.converged},
                            {QStringLiteral("rssStartKb"), r.rssStartKb},
                            {QStringLiteral("rssEndKb"), r.rssEndKb},
                            {QStringLiteral("cpuSeconds"), r.cpuSeconds},
                            {QStringLiteral("traceEvents"), r.traceEvents},
                            {QStringLiteral("traceBytes"), r.traceBytes}};
        out << QJsonDocument(o).toJson(QJsonDocument::Compact) << "\n";
    } else {
        out << "soak (" << (config.threaded ? "threaded" : "deterministic") << " runner, seed " << config.seed << ", "
            << config.latency << "): " << r.virtualMs / 1000 << " s of virtual time, " << r.actions << " actions, "
            << r.checks << " checks, " << r.watchEvents << " watch events\n";
        for (auto it = r.actionCounts.cbegin(); it != r.actionCounts.cend(); ++it)
            out << "  " << it.key() << ": " << it.value() << "\n";
        out << "  violations: " << r.violationCount << (r.converged ? ", every Deployment converged" : ", NOT converged") << "\n";
        for (const QString &v : r.violations)
            out << "    " << v << "\n";
        out << "  resident memory " << r.rssStartKb / 1024 << " MiB after the first check, " << r.rssEndKb / 1024
            << " MiB at the end; " << r.cpuSeconds << " s CPU\n"
            << "  the trace holds " << r.traceEvents << " events, ~" << (r.traceBytes >> 20) << " MiB (--trace-memory caps it)\n";
    }
    return r.ok() ? 0 : 1;
}

} // namespace rlab::cli
