#include "core/sim/chaossoak.h"

#include "core/api/deployment.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"
#include "core/apiserver/watchinterface.h"
#include "core/base/tracelog.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/controller.h"
#include "core/controller/podutil.h"
#include "core/kubectl/manifest.h"
#include "core/kubectl/rollout.h"
#include "core/sim/simulation.h"
#include "core/store/kvstore.h"

#include <QFile>
#include <QHash>
#include <QSet>

#include <chrono>
#include <ctime>
#include <random>
#include <thread>

namespace rlab {

namespace {

const QString kNs = QStringLiteral("default");
constexpr qint64 kCheckEveryMs = 10'000;
constexpr qint64 kConvergeMs = 30 * 60 * 1000;   // after the chaos: at most 30 virtual minutes
constexpr int kMaxViolationsKept = 20;

qint64 residentKb()
{
    QFile f(QStringLiteral("/proc/self/statm"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> parts = f.readAll().split(' ');
    return parts.size() > 1 ? parts.at(1).toLongLong() * 4 : 0;   // pages of 4 KiB
}

QByteArray deploymentYaml(const QString &name, int replicas)
{
    return QStringLiteral("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: %1, namespace: default}\n"
                          "spec:\n  replicas: %2\n  selector: {matchLabels: {app: %1}}\n"
                          "  template:\n    metadata: {labels: {app: %1}}\n"
                          "    spec: {containers: [{name: app, image: \"nginx:1.25\"}]}\n")
        .arg(name)
        .arg(replicas)
        .toUtf8();
}

// The soak's state and its checks; one instance per run.
class Soak
{
public:
    Soak(const ChaosConfig &config, Simulation &sim) : m_config(config), m_sim(sim), m_rng(config.seed) { }

    void setUp()
    {
        const apiserver::ResourceType pods = apiserver::resources::byKind(api::Kind::Pod);
        apiserver::ListOptions all;
        all.resourceVersion = QString::number(m_sim.api().currentRevision());
        const auto w = m_sim.client().watch(pods, QString(), all);
        m_watch = w.ok() ? w.value : nullptr;
        if (!m_watch)
            violation(QStringLiteral("cannot watch pods: %1").arg(w.error ? w.error->message : QString()));
        for (int i = 0; i < m_config.deployments; ++i) {
            const QString name = QStringLiteral("web-%1").arg(i);
            const kubectl::Manifest m = kubectl::loadManifest(deploymentYaml(name, 3 + i), name + QStringLiteral(".yaml"));
            if (!m.ok() || m.objects.isEmpty() || !m_sim.client().create(m.objects.front().object).ok())
                violation(QStringLiteral("cannot create %1").arg(name));
            m_names << name;
        }
    }

    // One random fault or command, as a class (or a careless student) would do.
    void act()
    {
        const QString d = m_names.at(int(m_rng() % quint64(m_names.size())));
        client::Interface &c = m_sim.client();
        const int what = int(m_rng() % 100);
        QString action;
        if (what < 30) {
            const auto pods = m_sim.api().list(apiserver::resources::byKind(api::Kind::Pod), kNs).value.items;
            if (!pods.isEmpty()) {
                const api::ObjectPtr p = pods.at(qsizetype(m_rng() % quint64(pods.size())));
                c.remove(apiserver::resources::byKind(api::Kind::Pod), kNs, p->metadata.name);
            }
            action = QStringLiteral("delete pod");
        } else if (what < 45) {
            kubectl::rollout::scale(c, kNs, d, int(m_rng() % 13));
            action = QStringLiteral("scale");
        } else if (what < 60) {
            kubectl::rollout::setImage(c, kNs, d, QStringLiteral("app"), QStringLiteral("nginx:1.%1").arg(20 + m_rng() % 8));
            action = QStringLiteral("set image");
        } else if (what < 68) {
            kubectl::rollout::rolloutUndo(c, kNs, d);
            action = QStringLiteral("rollout undo");
        } else if (what < 74) {
            kubectl::rollout::pause(c, kNs, d);
            m_paused.insert(d);
            action = QStringLiteral("pause");
        } else if (what < 82) {
            kubectl::rollout::resume(c, kNs, d);
            m_paused.remove(d);
            action = QStringLiteral("resume");
        } else if (what < 91) {
            const QString node = QStringLiteral("node-%1").arg(1 + m_rng() % quint64(m_config.nodes));
            if (!m_failed.contains(node) && m_failed.size() + 1 < m_config.nodes && m_sim.failNode(node)) {
                m_failed.insert(node);
                action = QStringLiteral("fail node");
            } else {
                action = QStringLiteral("fail node (skipped)");
            }
        } else {
            if (!m_failed.isEmpty()) {
                const QString node = *m_failed.begin();
                m_sim.recoverNode(node);
                m_failed.remove(node);
            }
            action = QStringLiteral("recover node");
        }
        ++report.actions;
        report.actionCounts[action] += 1;
    }

    // Ends the chaos: every node back, every rollout resumed.
    void calm()
    {
        for (const QString &n : std::as_const(m_failed))
            m_sim.recoverNode(n);
        m_failed.clear();
        for (const QString &d : std::as_const(m_paused))
            kubectl::rollout::resume(m_sim.client(), kNs, d);
        m_paused.clear();
    }

    void check()
    {
        ++report.checks;
        checkOwnership();
        checkQueues();
        checkWatch();
    }

    bool converged()
    {
        const auto pods = m_sim.api().list(apiserver::resources::byKind(api::Kind::Pod), kNs).value.items;
        const auto rss = m_sim.api().list(apiserver::resources::byKind(api::Kind::ReplicaSet), kNs).value.items;
        for (const QString &name : std::as_const(m_names)) {
            const auto d = m_sim.api().getAs<api::Deployment>(kNs, name);
            if (!d)
                return false;
            const int want = d->spec.replicas.value_or(1);
            const api::DeploymentStatus &s = d->status;
            if (s.observedGeneration != d->metadata.generation || s.replicas != want || s.updatedReplicas != want
                || s.availableReplicas != want || s.unavailableReplicas != 0)
                return false;
            int active = 0;
            for (const api::ObjectPtr &o : rss) {
                const auto rs = api::objectCast<api::ReplicaSet>(o);
                const api::OwnerReference *ref = rs->metadata.controllerRef();
                active += ref && ref->uid == d->metadata.uid && rs->spec.replicas.value_or(1) > 0 ? 1 : 0;
            }
            int running = 0;
            for (const api::ObjectPtr &o : pods) {
                const auto p = api::objectCast<api::Pod>(o);
                running += p->metadata.labels.value(QStringLiteral("app")) == name && controller::IsPodActive(*p) ? 1 : 0;
            }
            if ((want > 0 && active != 1) || running != want)
                return false;
        }
        return true;
    }

    void violation(const QString &what)
    {
        ++report.violationCount;
        if (report.violations.size() < kMaxViolationsKept)
            report.violations << QStringLiteral("t=%1 s: %2").arg((m_sim.clock().now() - m_startMs) / 1000).arg(what);
    }

    void markStart() { m_startMs = m_sim.clock().now(); }

    void injectTwoControllers()
    {
        const auto pods = m_sim.api().list(apiserver::resources::byKind(api::Kind::Pod), kNs).value.items;
        if (pods.isEmpty())
            return;
        auto copy = std::make_shared<api::Pod>(*api::objectCast<api::Pod>(pods.front()));
        api::OwnerReference second = copy->metadata.ownerReferences.value(0);
        second.uid = QStringLiteral("00000000-0000-0000-0000-000000000000");
        second.name = QStringLiteral("intruder");
        second.controller = true;
        copy->metadata.ownerReferences.append(second);
        // Straight into etcd: the API server's validation would refuse it ("Only one reference
        // can have Controller set to true").
        const apiserver::ResourceType rt = apiserver::resources::byKind(api::Kind::Pod);
        store::KvStore &etcd = m_sim.api().store();
        copy->metadata.resourceVersion = QString::number(etcd.revision() + 1);   // as the API server stamps it
        etcd.put(rt.etcdKey(kNs, copy->metadata.name), copy);
    }
    ChaosReport report;

private:
    void checkOwnership()
    {
        const auto rss = m_sim.api().list(apiserver::resources::byKind(api::Kind::ReplicaSet), kNs).value.items;
        QHash<QString, api::Selector> selectors;   // by uid
        for (const api::ObjectPtr &o : rss) {
            const auto rs = api::objectCast<api::ReplicaSet>(o);
            if (rs->spec.selector)
                selectors.insert(rs->metadata.uid, api::Selector::fromLabelSelector(*rs->spec.selector).value_or(api::Selector::nothing()));
        }
        for (const api::ObjectPtr &o : m_sim.api().list(apiserver::resources::byKind(api::Kind::Pod), kNs).value.items) {
            int controllers = 0;
            for (const api::OwnerReference &ref : o->metadata.ownerReferences) {
                if (!ref.controller.value_or(false))
                    continue;
                ++controllers;
                const auto it = selectors.constFind(ref.uid);
                if (it != selectors.cend() && !it->matches(o->metadata.labels))
                    violation(QStringLiteral("pod %1 is owned by a ReplicaSet whose selector does not match it").arg(o->metadata.name));
            }
            if (controllers > 1)
                violation(QStringLiteral("pod %1 has %2 controllers").arg(o->metadata.name).arg(controllers));
        }
    }

    void checkQueues()
    {
        for (controller::Controller *c : m_sim.controllers()) {
            const WorkQueueSnapshot s = c->queue().snapshot();
            QSet<QString> processing;
            QSet<int> workers;
            for (const ProcessingItem &p : s.processing) {
                if (processing.contains(p.key))
                    violation(QStringLiteral("%1: key %2 held by two workers").arg(c->name(), p.key));
                if (p.worker >= 0 && workers.contains(p.worker))
                    violation(QStringLiteral("%1: worker %2 holds two keys").arg(c->name()).arg(p.worker));
                processing.insert(p.key);
                workers.insert(p.worker);
            }
            QSet<QString> queued;
            for (const QueuedItem &q : s.queued) {
                if (queued.contains(q.key) || processing.contains(q.key))
                    violation(QStringLiteral("%1: key %2 queued twice or while processing").arg(c->name(), q.key));
                queued.insert(q.key);
            }
        }
    }

    // The watch's view of every pod must equal the store's at the list's revision.
    void checkWatch()
    {
        if (!m_watch)
            return;
        const apiserver::ObjectList list = m_sim.api().list(apiserver::resources::byKind(api::Kind::Pod), QString()).value;
        const qint64 at = list.resourceVersion;
        // Every change up to `at` has reached the watch once the API server's progress revision
        // passed it (what a bookmark may carry); then one more take() holds all of them.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        for (;;) {
            const bool reached = m_sim.api().watchProgressRevision() >= at;
            for (apiserver::ApiWatchEvent &e : m_watch->take())
                m_pending.push_back(std::move(e));
            while (!m_pending.empty() && m_pending.front().revision <= at) {
                apply(m_pending.front());
                m_pending.pop_front();
            }
            if (reached || std::chrono::steady_clock::now() > deadline)
                break;
            std::this_thread::yield();
        }
        QHash<QString, qint64> store;
        for (const api::ObjectPtr &o : list.items)
            store.insert(o->metadata.namespace_ + QLatin1Char('/') + o->metadata.name, o->metadata.resourceVersion.toLongLong());
        if (store != m_mirror)
            violation(QStringLiteral("the watch saw %1 pods, the store has %2 (or a version differs) at revision %3")
                          .arg(m_mirror.size()).arg(store.size()).arg(at));
    }

    void apply(const apiserver::ApiWatchEvent &e)
    {
        if (e.type == apiserver::ApiWatchEvent::Bookmark)
            return;
        ++report.watchEvents;
        if (e.type == apiserver::ApiWatchEvent::Error) {
            violation(QStringLiteral("watch error: %1").arg(e.error.message));
            return;
        }
        if (e.revision <= m_lastRevision)
            violation(QStringLiteral("watch event at revision %1 after %2 (duplicate or out of order)").arg(e.revision).arg(m_lastRevision));
        m_lastRevision = e.revision;
        const QString key = e.object->metadata.namespace_ + QLatin1Char('/') + e.object->metadata.name;
        if (e.type == apiserver::ApiWatchEvent::Deleted)
            m_mirror.remove(key);
        else
            m_mirror.insert(key, e.object->metadata.resourceVersion.toLongLong());
    }

    const ChaosConfig &m_config;
    Simulation &m_sim;
    std::mt19937_64 m_rng;
    QStringList m_names;
    QSet<QString> m_failed, m_paused;
    std::shared_ptr<apiserver::WatchInterface> m_watch;
    std::deque<apiserver::ApiWatchEvent> m_pending;
    QHash<QString, qint64> m_mirror;   // pod key -> resourceVersion, as the watch told it
    qint64 m_lastRevision = 0;
    qint64 m_startMs = 0;
};

// Threaded mode: move the clock in 1 s steps, letting the threads settle between steps (nothing
// pumping, the store and the queues still for a few looks).
void playThreaded(Simulation &sim, qint64 ms)
{
    const auto still = [&sim] {
        quint64 gets = 0;
        for (controller::Controller *c : sim.controllers())
            gets += c->queue().snapshot().metrics.gets;
        for (client::SharedIndexInformer *i : sim.informers().informers())
            if (i->isPumping())
                return std::pair<qint64, quint64>{-1, 0};
        return std::pair<qint64, quint64>{sim.api().currentRevision(), gets};
    };
    for (qint64 done = 0; done < ms; done += 1000) {
        auto last = still();
        for (int same = 0, looks = 0; same < 3 && looks < 2000; ++looks) {
            std::this_thread::sleep_for(std::chrono::microseconds(500));
            const auto now = still();
            same = now == last && now.first >= 0 ? same + 1 : 0;
            last = now;
        }
        sim.clock().advance(std::min<qint64>(1000, ms - done));
    }
}

} // namespace

ChaosReport ChaosSoak::run(const std::function<void(double)> &progress)
{
    const std::clock_t cpu0 = std::clock();
    SimulationConfig sc;
    sc.cluster.nodes = m_config.nodes;
    sc.cluster.seed = m_config.seed;
    sc.latency = LatencyModel::preset(m_config.latency).value_or(LatencyModel{});
    Simulation sim(sc);
    if (m_config.traceMemoryBytes > 0)
        sim.trace().setMemoryBudget(m_config.traceMemoryBytes);
    Soak soak(m_config, sim);
    soak.markStart();
    soak.setUp();
    const auto advance = [&](qint64 ms) {
        if (m_config.threaded)
            playThreaded(sim, ms);
        else
            sim.advance(ms);
    };
    if (m_config.threaded)
        sim.startThreaded();
    const qint64 t0 = sim.clock().now();
    qint64 nextAction = t0, nextCheck = t0 + kCheckEveryMs;
    bool injected = !m_config.injectTwoControllers;
    while (sim.clock().now() - t0 < m_config.virtualMs) {
        if (!injected && sim.clock().now() - t0 >= m_config.virtualMs / 2) {
            soak.injectTwoControllers();
            soak.check();   // at once: the garbage collector would remove the dangling reference
            injected = true;
        }
        if (sim.clock().now() >= nextAction) {
            soak.act();
            nextAction += m_config.actionEveryMs;
            if (progress)
                progress(double(sim.clock().now() - t0) / double(m_config.virtualMs));
        }
        advance(std::min(nextAction, nextCheck) - sim.clock().now());
        if (sim.clock().now() >= nextCheck) {
            soak.check();
            nextCheck += kCheckEveryMs;
            if (soak.report.rssStartKb == 0)
                soak.report.rssStartKb = residentKb();
        }
    }
    soak.calm();
    const qint64 calmAt = sim.clock().now();
    while (!soak.converged() && sim.clock().now() - calmAt < kConvergeMs) {
        advance(kCheckEveryMs);
        soak.check();
    }
    soak.report.converged = soak.converged();
    if (!soak.report.converged)
        soak.violation(QStringLiteral("not every Deployment converged within %1 virtual minutes after the chaos").arg(kConvergeMs / 60000));
    if (m_config.threaded)
        sim.stopThreaded();
    soak.report.rssEndKb = residentKb();
    soak.report.traceEvents = qint64(sim.trace().size());
    soak.report.traceBytes = qint64(sim.trace().memoryBytes());
    soak.report.virtualMs = sim.clock().now() - t0;
    soak.report.cpuSeconds = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
    return soak.report;
}

} // namespace rlab
