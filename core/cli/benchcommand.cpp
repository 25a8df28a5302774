#include "core/cli/benchcommand.h"

#include "core/cli/benchobjects.h"

#include "core/api/pod.h"
#include "core/cli/rolloutbench.h"
#include "core/cli/sizebench.h"
#include "core/cli/sizebenchrounds.h"
#include "core/sim/cluster.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>

#include <malloc.h>
#include <time.h>
#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <optional>
#include <thread>
#include <vector>

namespace rlab::cli {

using namespace rlab::api;

namespace {
using benchobjects::heapInUse;
// CPU time of the calling thread: on a busy machine wall time says little about the code.
qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

std::shared_ptr<Pod> benchPod(int i)
{
    auto p = std::make_shared<Pod>();
    p->metadata.name = QStringLiteral("bench-7c5b4f9d8-%1").arg(i, 6, 10, QLatin1Char('0'));
    p->metadata.namespace_ = QStringLiteral("default");
    p->metadata.labels = {{QStringLiteral("app"), QStringLiteral("bench")},
                          {QStringLiteral("pod-template-hash"), QStringLiteral("7c5b4f9d8")}};
    OwnerReference ref;
    ref.apiVersion = QStringLiteral("apps/v1");
    ref.kind = QStringLiteral("ReplicaSet");
    ref.name = QStringLiteral("bench-7c5b4f9d8");
    ref.uid = QStringLiteral("0b0b6a3c-8f4e-4c55-9b76-3f1f7c2f9e11");
    ref.controller = true;
    ref.blockOwnerDeletion = true;
    p->metadata.ownerReferences = {ref};
    Container c;
    c.name = QStringLiteral("app");
    c.image = QStringLiteral("nginx:1.25");
    c.ports = {ContainerPort{{}, 0, 80, QStringLiteral("TCP"), {}}};
    c.resources.requests = {{QStringLiteral("cpu"), QStringLiteral("100m")}, {QStringLiteral("memory"), QStringLiteral("64Mi")}};
    p->spec.containers = {c};
    return p;
}

int storeBench(int pods, int watchers, bool json, QTextStream &out)
{
    ClusterConfig cfg;
    cfg.nodes = 0;
    Cluster cluster(cfg);
    cluster.trace().setEnabled(false);
    const apiserver::ResourceType rt = apiserver::resources::byKind(Kind::Pod);
    std::atomic<bool> stop{false};
    std::atomic<qint64> delivered{0};
    std::vector<std::thread> drains;
    std::vector<std::shared_ptr<apiserver::ApiWatch>> watches;
    for (int w = 0; w < watchers; ++w) {
        apiserver::ListOptions lo;
        lo.resourceVersion = QString::number(cluster.api().currentRevision());
        watches.push_back(cluster.api().watch(rt, QString(), lo).value);
    }
    for (int w = 0; w < watchers; ++w) {
        drains.emplace_back([&, w] {
            while (!stop.load()) {
                delivered += qint64(watches[w]->waitTake(std::chrono::milliseconds(5)).size());
            }
            delivered += qint64(watches[w]->take().size());
        });
    }
    // Objects are built before timing and before the heap baseline, so the figures are the API
    // layer's and the store's, not the test harness's.
    std::vector<std::shared_ptr<Pod>> input;
    input.reserve(std::size_t(pods));
    for (int i = 0; i < pods; ++i)
        input.push_back(benchPod(i));
    malloc_trim(0);
    const qint64 heapBefore = heapInUse();
    QElapsedTimer timer;
    timer.start();
    const qint64 cpuStart = threadCpuNs();
    int failures = 0;
    for (int i = 0; i < pods; ++i) {
        if (!cluster.api().create(rt, QStringLiteral("default"), std::move(input[std::size_t(i)])).ok())
            ++failures;
    }
    const qint64 ns = timer.nsecsElapsed();
    const qint64 cpuNs = threadCpuNs() - cpuStart;
    stop = true;
    for (auto &t : drains)
        t.join();
    watches.clear();
    input.clear();
    malloc_trim(0);
    const qint64 heapAfter = heapInUse();
    const double seconds = double(ns) / 1e9;
    const double perSecond = pods / seconds;
    const double perCpuSecond = pods / (double(cpuNs) / 1e9);
    const double bytesPerPod = double(heapAfter - heapBefore) / pods;
    const qint64 jsonBytes = cluster.api().get(rt, QStringLiteral("default"), QStringLiteral("bench-7c5b4f9d8-000000")).value->toJsonBytes().size();
    if (json) {
        out << QJsonDocument(QJsonObject{{QStringLiteral("benchmark"), QStringLiteral("store")},
                                         {QStringLiteral("pods"), pods},
                                         {QStringLiteral("watchers"), watchers},
                                         {QStringLiteral("seconds"), seconds},
                                         {QStringLiteral("createsPerSecond"), perSecond},
                                         {QStringLiteral("createsPerCpuSecond"), perCpuSecond},
                                         {QStringLiteral("heapBytesPerPod"), bytesPerPod},
                                         {QStringLiteral("jsonBytesPerPod"), jsonBytes},
                                         {QStringLiteral("watchEventsDelivered"), delivered.load()},
                                         {QStringLiteral("failures"), failures}})
                   .toJson(QJsonDocument::Compact)
            << "\n";
    } else {
        out << QStringLiteral("store bench: %1 pod creates through the API layer (defaulting, validation, MVCC store, %2 watchers)\n")
                   .arg(pods).arg(watchers)
            << QStringLiteral("  %1 creates/s wall (%2 s); %3 creates per CPU second of the creating thread\n")
                   .arg(perSecond, 0, 'f', 0).arg(seconds, 0, 'f', 3).arg(perCpuSecond, 0, 'f', 0)
            << QStringLiteral("  %1 heap bytes per stored pod (its JSON is %2 bytes)\n").arg(bytesPerPod, 0, 'f', 0).arg(jsonBytes)
            << QStringLiteral("  %1 watch events delivered, %2 failures\n").arg(delivered.load()).arg(failures);
    }
    out.flush();
    return failures ? 1 : 0;
}
} // namespace

int benchCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QString what = QStringLiteral("store");
    int pods = 100000, watchers = 3, traceMemoryMiB = 0, retainRevisions = -1, rounds = 0;
    RolloutBenchOptions rollout;
    std::optional<SizeBenchOptions> sized;
    bool json = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        auto next = [&](int *v) {
            bool ok = false;
            if (i + 1 < args.size())
                *v = args[++i].toInt(&ok);
            return ok && *v >= 0;
        };
        if (a == QLatin1String("--json"))
            json = true;
        else if (a == QLatin1String("--size")) {
            sized = i + 1 < args.size() ? SizeBenchOptions::preset(args[++i]) : std::nullopt;
            if (!sized) {
                err << "rlab bench: --size needs one of " << SizeBenchOptions::presetNames().join(QStringLiteral(", ")) << "\n";
                return 2;
            }
            what = QStringLiteral("size");
        }
        else if (a == QLatin1String("--pods")) {
            if (!next(&pods) || pods == 0) {
                err << "rlab bench: --pods needs a positive number\n";
                return 2;
            }
        } else if (a == QLatin1String("--watchers")) {
            if (!next(&watchers)) {
                err << "rlab bench: --watchers needs a number\n";
                return 2;
            }
        } else if (a == QLatin1String("--trace-memory")) {
            if (!next(&traceMemoryMiB) || traceMemoryMiB <= 0) {
                err << "rlab bench: --trace-memory needs a positive number of MiB\n";
                return 2;
            }
        } else if (a == QLatin1String("--rounds")) {
            if (!next(&rounds) || rounds == 0) {
                err << "rlab bench: --rounds needs a positive number\n";
                return 2;
            }
        } else if (a == QLatin1String("--retain-revisions")) {
            if (!next(&retainRevisions)) {
                err << "rlab bench: --retain-revisions needs a number (0: the lab's default)\n";
                return 2;
            }
        } else if (a == QLatin1String("--deployments") || a == QLatin1String("--replicas") || a == QLatin1String("--nodes")) {
            int *v = a == QLatin1String("--deployments") ? &rollout.deployments
                     : a == QLatin1String("--replicas")  ? &rollout.replicas
                                                         : &rollout.nodes;
            if (!next(v) || *v == 0) {
                err << "rlab bench: " << a << " needs a positive number\n";
                return 2;
            }
        } else if (!a.startsWith(QLatin1String("--")))
            what = a;
        else {
            err << "rlab bench: unknown flag " << a << "\n";
            return 2;
        }
    }
    if (what == QLatin1String("size")) {
        SizeBenchOptions o = sized.value_or(*SizeBenchOptions::preset(QStringLiteral("small")));
        // --deployments/--replicas/--nodes given with --size override the preset.
        const auto override = [&](const char *flag, int *field, int value) {
            if (args.contains(QLatin1String(flag))) {
                *field = value;
                o.size = QStringLiteral("custom");
            }
        };
        override("--deployments", &o.deployments, rollout.deployments);
        override("--replicas", &o.replicas, rollout.replicas);
        override("--nodes", &o.nodes, rollout.nodes);
        o.traceMemoryMiB = traceMemoryMiB;
        if (retainRevisions >= 0)
            o.retainRevisions = retainRevisions;
        if (rounds > 0)
            o.rounds = rounds;
        const bool terminal = isatty(STDERR_FILENO);
        out.flush();   // a round's child process starts with nothing of ours buffered
        err.flush();
        QString failed;
        const SizeBenchResult r = runSizeBenchRounds(o, [&](const QString &phase, double done) {
            if (terminal) {   // a progress bar, overwritten: the phase's share of the goal reached
                const int filled = std::clamp(int(done * 30.0 + 0.5), 0, 30);
                err << "\r[" << QString(filled, QLatin1Char('#')) << QString(30 - filled, QLatin1Char('.')) << "] "
                    << qSetFieldWidth(12) << phase << qSetFieldWidth(0) << " " << qSetFieldWidth(3) << int(done * 100.0 + 0.5)
                    << qSetFieldWidth(0) << " %   ";
                err.flush();
            }
        }, &failed);
        if (terminal)
            err << "\r" << QString(56, QLatin1Char(' ')) << "\r";
        if (!failed.isEmpty()) {
            err << "rlab bench: " << failed << "\n";
            err.flush();
            return 1;
        }
        err.flush();
        if (json)
            out << QJsonDocument(r.toJson(o)).toJson(QJsonDocument::Compact) << "\n";
        else
            out << r.toText(o);
        out.flush();
        return r.complete ? 0 : 1;
    }
    if (what == QLatin1String("store"))
        return storeBench(pods, watchers, json, out);
    if (what == QLatin1String("rollout")) {
        const RolloutBenchResult r = runRolloutBench(rollout);
        if (json)
            out << QJsonDocument(r.toJson(rollout)).toJson(QJsonDocument::Compact) << "\n";
        else
            out << r.toText(rollout);
        out.flush();
        return r.complete ? 0 : 1;
    }
    err << "rlab bench: unknown benchmark \"" << what << "\" (available: store, rollout, size)\n";
    return 2;
}

} // namespace rlab::cli
