#include "core/cli/sizebench.h"

#include "core/api/deployment.h"
#include "core/cli/benchfloor.h"
#include "core/cli/benchobjects.h"
#include "core/api/pod.h"
#include "core/controller/controller.h"
#include "core/kubectl/rollout.h"
#include "core/sim/deterministicrunner.h"
#include "core/sim/simulation.h"
#include "core/store/kvstore.h"

#include <QElapsedTimer>
#include <QJsonArray>

#include <algorithm>
#include <chrono>

#include <malloc.h>
#include <sys/resource.h>
#include <time.h>

namespace rlab::cli {

using namespace rlab::api;

namespace {
using benchobjects::heapInUse;
using benchobjects::nameOf;
using benchobjects::processCpuS;
using benchobjects::processKernelS;
const auto benchDeployment = benchobjects::deployment;
constexpr qint64 kPhaseVirtualMs = 3'600'000;   // an hour of virtual time per phase at most
// Scaled x2, every preset puts 200 pods on a node (medium: 20,000 on 100), more than the
// kubelet's default --max-pods 110: the nodes are registered with 250 (a common managed-cluster
// setting), so the scale phase measures scheduling, not 9,000 unschedulable pods.
constexpr int kMaxPodsPerNode = 250;

qint64 peakRssBytes()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return qint64(ru.ru_maxrss) * 1024;   // kilobytes on Linux
}

qint64 reconciles(const Simulation &sim)
{
    qint64 n = 0;
    for (const controller::Controller *c : sim.controllers())
        n += c->syncs();
    return n;
}

// Syncs by controller name, every node's kubelet as one "kubelet".
QMap<QString, qint64> reconcilesBy(const Simulation &sim)
{
    QMap<QString, qint64> by;
    for (const controller::Controller *c : sim.controllers())
        by[c->name().section(QLatin1Char('/'), 0, 0)] += c->syncs();
    return by;
}

// The share of the goal reached: pods updated and available over deployments x replicas.
double doneShare(Simulation &sim, int deployments, int replicas)
{
    qint64 done = 0;
    for (int i = 0; i < deployments; ++i)
        if (const auto d = sim.api().getAs<Deployment>(QStringLiteral("default"), nameOf(i)))
            done += std::min({d->status.updatedReplicas, d->status.availableReplicas, replicas});
    const double goal = double(deployments) * double(replicas);
    return goal > 0 ? double(done) / goal : 1.0;
}

// Every Deployment has `replicas` pods, all updated and available (a rollout is complete).
bool allAvailable(Simulation &sim, int deployments, int replicas)
{
    for (int i = 0; i < deployments; ++i) {
        const auto d = sim.api().getAs<Deployment>(QStringLiteral("default"), nameOf(i));
        if (!d || d->status.replicas != replicas || d->status.updatedReplicas != replicas || d->status.availableReplicas != replicas)
            return false;
    }
    return true;
}
} // namespace

std::optional<SizeBenchOptions> SizeBenchOptions::preset(const QString &name)
{
    SizeBenchOptions o;
    o.size = name;
    if (name == QLatin1String("small"))
        o.deployments = 10, o.replicas = 10, o.nodes = 10, o.rounds = 3;
    else if (name == QLatin1String("medium"))
        o.deployments = 10, o.replicas = 1000, o.nodes = 100, o.rounds = 3;
    else if (name == QLatin1String("large"))
        o.deployments = 100, o.replicas = 1000, o.nodes = 1000, o.rounds = 1;
    else
        return std::nullopt;
    return o;
}

QStringList SizeBenchOptions::presetNames()
{
    return {QStringLiteral("small"), QStringLiteral("medium"), QStringLiteral("large")};
}

namespace {
QJsonArray roundsJson(const QList<SizeBenchRound> &rounds)
{
    QJsonArray list;
    for (const SizeBenchRound &r : rounds)
        list.append(QJsonObject{{QStringLiteral("cpuSeconds"), r.cpuS},
                                {QStringLiteral("kernelCpuSeconds"), r.kernelCpuS},
                                {QStringLiteral("floorCpuSeconds"), r.floorCpuS},
                                {QStringLiteral("pipelineOverFloor"), r.pipelineOverFloor},
                                {QStringLiteral("labPeakRssBytes"), r.labPeakRssBytes},
                                {QStringLiteral("complete"), r.complete}});
    return list;
}

// The lab's three phases into `r`; returns the floor holding their writes (spilled, the capture
// stopped), to be replayed once the lab is gone.
std::unique_ptr<BenchFloor> runLab(const SizeBenchOptions &o, const SizeBenchProgress &progress, SizeBenchResult &r)
{
    SimulationConfig config;
    config.cluster.nodes = o.nodes;
    config.cluster.maxPods = kMaxPodsPerNode;
    config.podCapacity = 0;   // large goes past the lab's default capacity of 100,000 pods
    config.cluster.seed = 1;
    config.latency = LatencyModel::instant();
    if (o.retainRevisions > 0)
        config.maxRetainedRevisions = o.retainRevisions;
    Simulation sim(config);
    if (o.traceMemoryMiB > 0)
        sim.trace().setMemoryBudget(std::size_t(o.traceMemoryMiB) << 20);
    auto floorOwner = std::make_unique<BenchFloor>(sim.cluster().store());
    BenchFloor &floor = *floorOwner;
    const auto phase = [&](const QString &name, int target, const std::function<void()> &act) {
        if (progress)
            progress(name, 0.0);
        SizeBenchPhase p;
        p.name = name;
        const store::StoreStats before = sim.cluster().store().stats();
        const qint64 syncsBefore = reconciles(sim);
        const QMap<QString, qint64> syncsByBefore = reconcilesBy(sim);
        const qint64 traceBefore = sim.trace().lastSeq();
        const qint64 virtualBefore = sim.clock().now();
        QElapsedTimer wall;
        wall.start();
        const double cpu = processCpuS();
        const double spillBefore = floor.spillCpuS(), spillKernelBefore = floor.spillKernelS();
        const double kernel = processKernelS();
        act();
        // In 100 ms slices (the runner continues exactly where a slice stopped), each followed
        // by spilling the slice's writes for the floor (so the capture never holds much).
        const qint64 end = virtualBefore + kPhaseVirtualMs;
        for (;;) {
            const auto deadline = DeterministicRunner::WallClock::now() + std::chrono::milliseconds(100);
            sim.runner().runUntilIdle(std::max<qint64>(0, end - sim.clock().now()), 10'000'000, deadline);
            floor.spillPending();
            p.retainedRevisionsPeak = std::max(p.retainedRevisionsPeak, sim.cluster().store().stats().retainedRevisions);
            if (!sim.runner().hitDeadline())
                break;
            if (progress)
                progress(name, doneShare(sim, o.deployments, target));
        }
        floor.endPhase();
        p.wallS = double(wall.nsecsElapsed()) / 1e9;
        p.benchOverheadCpuS = floor.spillCpuS() - spillBefore;
        p.cpuS = processCpuS() - cpu - p.benchOverheadCpuS;
        p.kernelCpuS = std::clamp(processKernelS() - kernel - (floor.spillKernelS() - spillKernelBefore), 0.0, p.cpuS);
        const store::StoreStats after = sim.cluster().store().stats();
        p.apiWrites = after.revision - before.revision;
        p.watchEventsDelivered = after.eventsDelivered - before.eventsDelivered;   // the floor's log is no watcher
        p.compactionVisits = after.compactionVisits - before.compactionVisits;
        p.reconciles = reconciles(sim) - syncsBefore;
        const QMap<QString, qint64> syncsByAfter = reconcilesBy(sim);
        for (auto it = syncsByAfter.cbegin(); it != syncsByAfter.cend(); ++it)
            p.reconcilesBy[it.key()] = it.value() - syncsByBefore.value(it.key());
        // Kept: of this phase's events, those the bounded log still holds.
        const qint64 appended = sim.trace().lastSeq() - traceBefore;
        p.traceEventsKept = std::min<qint64>(appended, qint64(sim.trace().size()));
        p.virtualS = double(sim.clock().now() - virtualBefore) / 1000.0;
        p.complete = allAvailable(sim, o.deployments, target);
        // Where the memory is (#16): the store's keys, of which Events, and the heap in use.
        p.storeKeys = after.keys;
        p.valuesPacked = after.valuesPacked;
        p.liveEvents = sim.cluster().store().range(store::KeyRange::prefix(QByteArrayLiteral("/registry/events/")), {0, 0, true}).count;
        p.heapBytes = heapInUse();
        r.phases << p;
    };
    phase(QStringLiteral("create"), o.replicas, [&] {
        for (int i = 0; i < o.deployments; ++i)
            sim.api().create(benchDeployment(nameOf(i), o.replicas));
    });
    phase(QStringLiteral("roll"), o.replicas, [&] {
        for (int i = 0; i < o.deployments; ++i)
            kubectl::rollout::setImage(sim.client(), QStringLiteral("default"), nameOf(i), QStringLiteral("app"), QStringLiteral("nginx:1.26"));
    });
    phase(QStringLiteral("scale"), 2 * o.replicas, [&] {
        for (int i = 0; i < o.deployments; ++i)
            kubectl::rollout::scale(sim.client(), QStringLiteral("default"), nameOf(i), 2 * o.replicas);
    });
    r.complete = true;
    for (const SizeBenchPhase &p : r.phases)
        r.complete = r.complete && p.complete;
    for (const ObjectPtr &obj : sim.api().list(apiserver::resources::byKind(Kind::Pod), QString()).value.items)
        if (obj->metadata.deletionTimestamp == 0)
            ++r.livePods;
    malloc_trim(0);
    r.heapBytesPerLivePod = r.livePods > 0 ? double(heapInUse()) / double(r.livePods) : 0;
    floor.stopCapture();
    r.labPeakRssBytes = peakRssBytes();
    return floorOwner;
}
} // namespace

SizeBenchResult runSizeBench(const SizeBenchOptions &o, const SizeBenchProgress &progress)
{
    SizeBenchResult r;
    std::unique_ptr<BenchFloor> floorOwner = runLab(o, progress, r);
    // The floor, with the lab gone: its store never sits beside the lab's (#16).
    const QList<BenchFloor::Phase> floorPhases = floorOwner->replay([&](double done) {
        if (progress)
            progress(QStringLiteral("floor"), done);
    });
    r.floorError = floorOwner->error();
    for (const double c : floorOwner->roundCpuS())
        r.floorRoundsCpuS << c;
    for (qsizetype i = 0; i < r.phases.size() && i < floorPhases.size(); ++i) {
        SizeBenchPhase &p = r.phases[i];
        p.floorCpuS = floorPhases[i].cpuS;
        p.floorKernelCpuS = std::clamp(floorPhases[i].kernelS, 0.0, p.floorCpuS);
        p.floorWrites = floorPhases[i].writes;
        p.floorWatchEventsDelivered = floorPhases[i].delivered;
        p.floorCompactions = floorPhases[i].compactions;
        p.floorCompactionVisits = floorPhases[i].compactionVisits;
        p.floorCompactionCpuS = floorPhases[i].compactionCpuS;
        p.benchOverheadCpuS += floorPhases[i].overheadCpuS;
    }
    floorOwner.reset();
    r.peakRssBytes = peakRssBytes();
    return r;
}

double SizeBenchResult::sum(double SizeBenchPhase::*figure) const
{
    double s = 0;
    for (const SizeBenchPhase &p : phases)
        s += p.*figure;
    return s;
}

double SizeBenchResult::cpuS() const
{
    return sum(&SizeBenchPhase::cpuS);
}

double SizeBenchResult::floorCpuS() const
{
    return sum(&SizeBenchPhase::floorCpuS);
}

double SizeBenchResult::kernelCpuS() const
{
    return sum(&SizeBenchPhase::kernelCpuS);
}

double SizeBenchResult::floorKernelCpuS() const
{
    return sum(&SizeBenchPhase::floorKernelCpuS);
}

double SizeBenchResult::userPipelineOverFloor() const
{
    const double floorUser = floorCpuS() - floorKernelCpuS();
    return floorUser > 0 ? (cpuS() - kernelCpuS()) / floorUser : 0;
}

double SizeBenchResult::benchOverheadCpuS() const
{
    return sum(&SizeBenchPhase::benchOverheadCpuS);
}

QJsonObject SizeBenchResult::toJson(const SizeBenchOptions &o) const
{
    QJsonArray floorRounds;
    for (const double c : floorRoundsCpuS)
        floorRounds.append(c);
    QJsonArray list;
    for (const SizeBenchPhase &p : phases) {
        QJsonObject by;
        for (auto it = p.reconcilesBy.cbegin(); it != p.reconcilesBy.cend(); ++it)
            by.insert(it.key(), it.value());
        list.append(QJsonObject{{QStringLiteral("phase"), p.name},
                                {QStringLiteral("wallSeconds"), p.wallS},
                                {QStringLiteral("cpuSeconds"), p.cpuS},
                                {QStringLiteral("virtualSeconds"), p.virtualS},
                                {QStringLiteral("reconciles"), p.reconciles},
                                {QStringLiteral("reconcilesByController"), by},
                                {QStringLiteral("apiWrites"), p.apiWrites},
                                {QStringLiteral("watchEventsDelivered"), p.watchEventsDelivered},
                                {QStringLiteral("traceEventsKept"), p.traceEventsKept},
                                {QStringLiteral("floorCpuSeconds"), p.floorCpuS},
                                {QStringLiteral("benchOverheadCpuSeconds"), p.benchOverheadCpuS},
                                {QStringLiteral("floorWrites"), p.floorWrites},
                                {QStringLiteral("floorWatchEventsDelivered"), p.floorWatchEventsDelivered},
                                {QStringLiteral("compactionVisits"), p.compactionVisits},
                                {QStringLiteral("floorCompactions"), p.floorCompactions},
                                {QStringLiteral("floorCompactionVisits"), p.floorCompactionVisits},
                                {QStringLiteral("floorCompactionCpuSeconds"), p.floorCompactionCpuS},
                                {QStringLiteral("pipelineOverFloor"), p.pipelineOverFloor()},
                                {QStringLiteral("kernelCpuSeconds"), p.kernelCpuS},
                                {QStringLiteral("floorKernelCpuSeconds"), p.floorKernelCpuS},
                                {QStringLiteral("userPipelineOverFloor"), p.userPipelineOverFloor()},
                                {QStringLiteral("storeKeys"), p.storeKeys},
                                {QStringLiteral("valuesPacked"), p.valuesPacked},
                                {QStringLiteral("liveEvents"), p.liveEvents},
                                {QStringLiteral("retainedRevisionsPeak"), p.retainedRevisionsPeak},
                                {QStringLiteral("heapBytes"), p.heapBytes},
                                {QStringLiteral("complete"), p.complete}});
    }
    return QJsonObject{{QStringLiteral("benchmark"), QStringLiteral("size")},
                       {QStringLiteral("size"), o.size},
                       {QStringLiteral("deployments"), o.deployments},
                       {QStringLiteral("replicas"), o.replicas},
                       {QStringLiteral("nodes"), o.nodes},
                       {QStringLiteral("retainRevisions"), o.retainRevisions > 0 ? o.retainRevisions : SimulationConfig().maxRetainedRevisions},
                       {QStringLiteral("phases"), list},
                       {QStringLiteral("peakRssBytes"), peakRssBytes},
                       {QStringLiteral("labPeakRssBytes"), labPeakRssBytes},
                       {QStringLiteral("floorError"), floorError},
                       {QStringLiteral("livePods"), livePods},
                       {QStringLiteral("heapBytesPerLivePod"), heapBytesPerLivePod},
                       {QStringLiteral("cpuSeconds"), cpuS()},
                       {QStringLiteral("floorCpuSeconds"), floorCpuS()},
                       {QStringLiteral("floorRoundsCpuSeconds"), floorRounds},
                       {QStringLiteral("floorCompactionCpuSeconds"), sum(&SizeBenchPhase::floorCompactionCpuS)},
                       {QStringLiteral("benchOverheadCpuSeconds"), benchOverheadCpuS()},
                       {QStringLiteral("pipelineOverFloor"), pipelineOverFloor()},
                       {QStringLiteral("kernelCpuSeconds"), kernelCpuS()},
                       {QStringLiteral("floorKernelCpuSeconds"), floorKernelCpuS()},
                       {QStringLiteral("userPipelineOverFloor"), userPipelineOverFloor()},
                       {QStringLiteral("complete"), complete},
                       {QStringLiteral("rounds"), roundsJson(this->rounds)},
                       {QStringLiteral("medianRound"), medianRound}};
}

std::optional<SizeBenchResult> SizeBenchResult::fromJson(const QJsonObject &json)
{
    if (json.value(QLatin1String("benchmark")).toString() != QLatin1String("size"))
        return std::nullopt;
    const auto num = [](const QJsonObject &o, const char *key) { return o.value(QLatin1String(key)).toDouble(); };
    const auto count = [](const QJsonObject &o, const char *key) { return o.value(QLatin1String(key)).toInteger(); };
    SizeBenchResult r;
    for (const QJsonValue &v : json.value(QLatin1String("phases")).toArray()) {
        const QJsonObject o = v.toObject();
        SizeBenchPhase p;
        p.name = o.value(QLatin1String("phase")).toString();
        p.wallS = num(o, "wallSeconds");
        p.cpuS = num(o, "cpuSeconds");
        p.virtualS = num(o, "virtualSeconds");
        p.reconciles = count(o, "reconciles");
        const QJsonObject by = o.value(QLatin1String("reconcilesByController")).toObject();
        for (auto it = by.constBegin(); it != by.constEnd(); ++it)
            p.reconcilesBy.insert(it.key(), it.value().toInteger());
        p.apiWrites = count(o, "apiWrites");
        p.watchEventsDelivered = count(o, "watchEventsDelivered");
        p.traceEventsKept = count(o, "traceEventsKept");
        p.floorCpuS = num(o, "floorCpuSeconds");
        p.benchOverheadCpuS = num(o, "benchOverheadCpuSeconds");
        p.floorWrites = count(o, "floorWrites");
        p.floorWatchEventsDelivered = count(o, "floorWatchEventsDelivered");
        p.compactionVisits = count(o, "compactionVisits");
        p.floorCompactions = count(o, "floorCompactions");
        p.floorCompactionVisits = count(o, "floorCompactionVisits");
        p.floorCompactionCpuS = num(o, "floorCompactionCpuSeconds");
        p.kernelCpuS = num(o, "kernelCpuSeconds");
        p.floorKernelCpuS = num(o, "floorKernelCpuSeconds");
        p.storeKeys = count(o, "storeKeys");
        p.valuesPacked = count(o, "valuesPacked");
        p.liveEvents = count(o, "liveEvents");
        p.retainedRevisionsPeak = count(o, "retainedRevisionsPeak");
        p.heapBytes = count(o, "heapBytes");
        p.complete = o.value(QLatin1String("complete")).toBool();
        r.phases << p;
    }
    r.peakRssBytes = count(json, "peakRssBytes");
    r.labPeakRssBytes = count(json, "labPeakRssBytes");
    r.floorError = json.value(QLatin1String("floorError")).toString();
    for (const QJsonValue &v : json.value(QLatin1String("floorRoundsCpuSeconds")).toArray())
        r.floorRoundsCpuS << v.toDouble();
    r.livePods = count(json, "livePods");
    r.heapBytesPerLivePod = num(json, "heapBytesPerLivePod");
    r.complete = json.value(QLatin1String("complete")).toBool();
    for (const QJsonValue &v : json.value(QLatin1String("rounds")).toArray()) {
        const QJsonObject o = v.toObject();
        r.rounds << SizeBenchRound{num(o, "cpuSeconds"), num(o, "kernelCpuSeconds"), num(o, "floorCpuSeconds"),
                                   num(o, "pipelineOverFloor"), count(o, "labPeakRssBytes"), o.value(QLatin1String("complete")).toBool()};
    }
    r.medianRound = int(count(json, "medianRound"));
    return r;
}

QString SizeBenchResult::toText(const SizeBenchOptions &o) const
{
    QString out = QStringLiteral("size bench (%1): %2 Deployment(s) x %3 replicas on %4 nodes, instant latency, deterministic runner, trace on, "
                                 "history compacted above %5 revisions\n")
                      .arg(o.size).arg(o.deployments).arg(o.replicas).arg(o.nodes)
                      .arg(o.retainRevisions > 0 ? o.retainRevisions : SimulationConfig().maxRetainedRevisions);
    out += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8 %9\n")
               .arg(QStringLiteral("phase"), -8).arg(QStringLiteral("wall s"), 9).arg(QStringLiteral("CPU s"), 9)
               .arg(QStringLiteral("reconciles"), 11).arg(QStringLiteral("API writes"), 11)
               .arg(QStringLiteral("watch events"), 13).arg(QStringLiteral("trace kept"), 11)
               .arg(QStringLiteral("floor CPU s"), 12).arg(QStringLiteral("done"), 5);
    double wall = 0, cpu = 0;
    for (const SizeBenchPhase &p : phases) {
        out += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                   .arg(p.name, -8).arg(p.wallS, 9, 'f', 3).arg(p.cpuS, 9, 'f', 3).arg(p.reconciles, 11).arg(p.apiWrites, 11)
                   .arg(p.watchEventsDelivered, 13).arg(p.traceEventsKept, 11).arg(p.floorCpuS, 12, 'f', 3)
                   .arg(p.complete ? QStringLiteral("yes") : QStringLiteral("NO"), 5);
        wall += p.wallS;
        cpu += p.cpuS;
    }
    for (const SizeBenchPhase &p : phases)
        out += QStringLiteral("  after %1: %2 store keys (%3 Events, %4 values packed), at most %5 revisions retained, heap %6 MiB\n")
                   .arg(p.name).arg(p.storeKeys).arg(p.liveEvents).arg(p.valuesPacked).arg(p.retainedRevisionsPeak)
                   .arg(double(p.heapBytes) / (1024.0 * 1024.0), 0, 'f', 1);
    out += QStringLiteral("  total: %1 s wall, %2 s CPU; floor %3 s CPU; pipeline/floor %4\n")
               .arg(wall, 0, 'f', 3).arg(cpu, 0, 'f', 3).arg(floorCpuS(), 0, 'f', 3).arg(pipelineOverFloor(), 0, 'f', 1);
    if (rounds.size() > 1) {
        QStringList ratios, cpus;
        for (const SizeBenchRound &r : rounds) {
            ratios << QString::number(r.pipelineOverFloor, 'f', 1);
            cpus << QString::number(r.cpuS, 'f', 3);
        }
        out += QStringLiteral("  rounds: %1, each in a process of its own; pipeline/floor %2 (lab CPU %3 s): the figures here are round %4's, the median\n")
                   .arg(rounds.size()).arg(ratios.join(QStringLiteral(", ")), cpus.join(QStringLiteral(", "))).arg(medianRound + 1);
    }
    if (floorRoundsCpuS.size() > 1) {
        QStringList each;
        for (const double c : floorRoundsCpuS)
            each << QString::number(c, 'f', 3);
        out += QStringLiteral("  the floor: each phase's median of %1 replays (in all: %2 s CPU)\n").arg(floorRoundsCpuS.size()).arg(each.join(QStringLiteral(", ")));
    }
    qint64 compactions = 0;
    for (const SizeBenchPhase &p : phases)
        compactions += p.floorCompactions;
    if (compactions > 0)
        out += QStringLiteral("  of the floor, %1 s compacting its history where the lab compacted its own (%2 compactions)\n")
                   .arg(sum(&SizeBenchPhase::floorCompactionCpuS), 0, 'f', 3).arg(compactions);
    out += QStringLiteral("  of which in the kernel (first touches of memory): lab %1 s, floor %2 s; pipeline/floor in user time %3\n")
               .arg(kernelCpuS(), 0, 'f', 3).arg(floorKernelCpuS(), 0, 'f', 3).arg(userPipelineOverFloor(), 0, 'f', 1);
    if (!floorError.isEmpty())
        out += QStringLiteral("  the floor was not measured: %1\n").arg(floorError);
    out += QStringLiteral("  peak RSS %1 MiB (%2 MiB when the lab was done; the floor replays after it); %3 live pods, %4 heap bytes per live pod\n")
               .arg(double(peakRssBytes) / (1024.0 * 1024.0), 0, 'f', 1).arg(double(labPeakRssBytes) / (1024.0 * 1024.0), 0, 'f', 1)
               .arg(livePods).arg(heapBytesPerLivePod, 0, 'f', 0);
    out += QStringLiteral("  every phase complete: %1\n").arg(complete ? QStringLiteral("yes") : QStringLiteral("NO"));
    return out;
}

} // namespace rlab::cli
