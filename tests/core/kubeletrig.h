// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the tst_kubelet*.cpp suites: a two-node Cluster with node-1's Kubelet, driven
// deterministically on one thread (informers, kubelet syncs, then time timer by timer), plus pod
// builders and readers. Header-only; single-threaded use.
#include "core/api/event.h"
#include "core/api/pod.h"
#include "core/apiserver/apiserver.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/kubelet/kubelet.h"
#include "core/controller/kubelet/podstatusbuilder.h"
#include "core/controller/podutil.h"
#include "core/sim/cluster.h"
#include "core/sim/meteredclient.h"

#include <QJsonObject>
#include <QTest>

#include <functional>

namespace rlab::test {

inline constexpr qint64 kSecond = 1000;

// A two-node cluster with node-1's kubelet, driven deterministically on one thread: informers
// via processPending(), the kubelet via processNextWorkItem(0, false), time timer by timer.
struct KubeletRig
{
    Cluster cluster{[] { ClusterConfig c; c.nodes = 2; return c; }()};
    client::SharedInformerFactory informers{cluster.client()};
    MeteredClient kubeletClient{cluster.client(), MeteredClient::Role::Kubelet};   // counts its requests
    controller::Kubelet kubelet;
    const qint64 t0;

    explicit KubeletRig(controller::KubeletConfig config = {})
        : kubelet(QStringLiteral("node-1"), kubeletClient, informers, cluster.clock(), &cluster.trace(), config),
          t0(cluster.clock().now())
    {
        informers.start(client::DriveMode::Deterministic);
        informers.waitForCacheSync();
        settle();
    }
    apiserver::ApiServer &api() { return cluster.api(); }
    ManualClock &clock() { return cluster.clock(); }

    void settle()
    {
        for (int i = 0; i < 100'000; ++i) {
            const qsizetype work = informers.processPending();
            const bool synced = kubelet.controller().processNextWorkItem(0, false);
            if (work == 0 && !synced)
                return;
        }
        QFAIL("the kubelet does not settle");
    }
    // Runs every timer up to t (absolute virtual ms), settling after each; calls probe (if any)
    // after each settle, so tests can record every intermediate state.
    void runUntil(qint64 t, const std::function<void()> &probe = {})
    {
        settle();
        if (probe)
            probe();
        while (true) {
            const std::optional<qint64> next = clock().nextTimerAt();
            if (!next || *next > t)
                break;
            clock().advanceTo(*next);
            settle();
            if (probe)
                probe();
        }
        clock().advanceTo(t);
        settle();
        if (probe)
            probe();
    }

    // A pod "name" with one container "nginx", bound to node-1 now (as the scheduler would).
    bool createPod(const QString &name, const QString &image = QStringLiteral("nginx:1.25"),
                   const QMap<QString, QString> &annotations = {}, std::optional<int> probeDelay = {},
                   const QString &node = QStringLiteral("node-1"))
    {
        auto p = std::make_shared<api::Pod>();
        p->metadata.name = name;
        p->metadata.namespace_ = QStringLiteral("default");
        p->metadata.labels.insert(QStringLiteral("app"), QStringLiteral("web"));
        p->metadata.annotations = annotations;
        api::Container c;
        c.name = QStringLiteral("nginx");
        c.image = image;
        if (probeDelay) {
            api::Probe probe;
            probe.initialDelaySeconds = *probeDelay;
            probe.extra.insert(QStringLiteral("httpGet"), QJsonObject{{QStringLiteral("path"), QStringLiteral("/")},
                                                                      {QStringLiteral("port"), 80}});
            c.readinessProbe = probe;
        }
        p->spec.containers.append(c);
        const auto created = api().create(p);
        if (!created.ok())
            qWarning("create %s: %s", qPrintable(name), qPrintable(created.error->message));
        return created.ok() && api().bind(QStringLiteral("default"), name, node).ok();
    }
    std::shared_ptr<const api::Pod> pod(const QString &name) { return api().getAs<api::Pod>(QStringLiteral("default"), name); }
    QString shown(const QString &name)
    {
        const auto p = pod(name);
        return p ? controller::PodStatusBuilder::displayStatus(*p) : QStringLiteral("<gone>");
    }
    // "Reason: message" of every Event about `name`, in creation order.
    QStringList events(const QString &name)
    {
        QList<std::shared_ptr<const api::Event>> evs;
        for (const api::ObjectPtr &o : api().list(apiserver::resources::byKind(api::Kind::Event), QStringLiteral("default")).value.items) {
            const auto e = api::objectCast<api::Event>(o);
            if (e && e->involvedObject.name == name)
                evs.append(e);
        }
        std::stable_sort(evs.begin(), evs.end(), [](const auto &a, const auto &b) {
            return a->metadata.creationTimestamp < b->metadata.creationTimestamp
                || (a->metadata.creationTimestamp == b->metadata.creationTimestamp
                    && a->metadata.resourceVersion.toLongLong() < b->metadata.resourceVersion.toLongLong());
        });
        QStringList out;
        for (const auto &e : evs)
            out << QStringLiteral("%1: %2").arg(e->reason, e->message);
        return out;
    }
};

inline const api::Condition *cond(const api::Pod &pod, const char *type)
{
    const qsizetype i = api::findCondition(pod.status.conditions, QLatin1String(type));
    return i >= 0 ? &pod.status.conditions[i] : nullptr;
}

} // namespace rlab::test
