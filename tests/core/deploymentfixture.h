// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the tst_deployment*.cpp suites: an ApiFixture with a deterministic informer factory
// and a DeploymentController on it, plus builders shaped like upstream's test helpers
// (newDeployment, rs, newRSWithStatus). Header-only; single-threaded use.
#include "core/api/event.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/deployment/deploymentcontroller.h"
#include "tests/testutil/fixtures.h"

#include <QTest>

namespace rlab::test {

namespace du = deploymentutil;
using deploymentutil::ReplicaSetPtr;
using RSList = QList<ReplicaSetPtr>;

// Upstream's newDeployment: RollingUpdate with maxSurge/maxUnavailable 0 unless given,
// selector = template labels, one container. Not stored: pass it around or store it yourself.
inline std::shared_ptr<api::Deployment> newDeployment(const QString &name, int replicas,
                                                      std::optional<int> revisionHistoryLimit = std::nullopt,
                                                      std::optional<api::IntOrString> maxSurge = std::nullopt,
                                                      std::optional<api::IntOrString> maxUnavailable = std::nullopt,
                                                      const api::Labels &selector = {{QStringLiteral("foo"), QStringLiteral("bar")}})
{
    auto d = std::make_shared<api::Deployment>();
    d->metadata.name = name;
    d->metadata.namespace_ = QStringLiteral("default");
    d->metadata.uid = QStringLiteral("uid-") + name;
    d->metadata.generation = 1;
    d->spec.replicas = replicas;
    d->spec.strategy.type = QStringLiteral("RollingUpdate");
    api::RollingUpdateDeployment ru;
    ru.maxSurge = maxSurge.value_or(api::IntOrString::fromInt(0));
    ru.maxUnavailable = maxUnavailable.value_or(api::IntOrString::fromInt(0));
    d->spec.strategy.rollingUpdate = ru;
    api::LabelSelector s;
    s.matchLabels = selector;
    d->spec.selector = s;
    d->spec.template_.metadata.labels = selector;
    api::Container c;
    c.name = QStringLiteral("app");
    c.image = QStringLiteral("foo/bar");
    d->spec.template_.spec.containers.append(c);
    d->spec.revisionHistoryLimit = revisionHistoryLimit;
    d->spec.progressDeadlineSeconds = du::MaxInt32;
    return d;
}

// Upstream's rs(name, replicas, selector, timestamp): a ReplicaSet with that template.
inline std::shared_ptr<api::ReplicaSet> rs(const QString &name, int replicas, qint64 creationMs = 0,
                                           const api::Labels &selector = {{QStringLiteral("foo"), QStringLiteral("bar")}})
{
    auto r = std::make_shared<api::ReplicaSet>();
    r->metadata.name = name;
    r->metadata.namespace_ = QStringLiteral("default");
    r->metadata.creationTimestamp = creationMs;
    r->spec.replicas = replicas;
    api::LabelSelector s;
    s.matchLabels = selector;
    r->spec.selector = s;
    r->spec.template_.metadata.labels = selector;
    api::Container c;
    c.name = QStringLiteral("app");
    c.image = QStringLiteral("foo/bar");
    r->spec.template_.spec.containers.append(c);
    return r;
}

// The RS controlled by d, as the deployment controller would have created it.
inline std::shared_ptr<api::ReplicaSet> ownedRS(const api::Deployment &d, const QString &name, int replicas, qint64 creationMs = 0)
{
    auto r = rs(name, replicas, creationMs, d.spec.selector->matchLabels);
    r->spec.template_ = d.spec.template_;
    api::OwnerReference ref;
    ref.apiVersion = QStringLiteral("apps/v1");
    ref.kind = QStringLiteral("Deployment");
    ref.name = d.metadata.name;
    ref.uid = d.metadata.uid;
    ref.controller = true;
    ref.blockOwnerDeletion = true;
    r->metadata.ownerReferences = {ref};
    r->metadata.labels = d.spec.selector->matchLabels;
    return r;
}

// The names of the ReplicaSets in namespace "default", in the API server's list order.
inline QStringList rsNames(const ApiFixture &f)
{
    QStringList out;
    const auto l = f.api.list(apiserver::resources::byKind(api::Kind::ReplicaSet), QStringLiteral("default"));
    for (const api::ObjectPtr &o : l.value.items)
        out << o->metadata.name;
    return out;
}

// Store + clock + API server + deterministic informers + the controller under test.
struct DeploymentFixture : ApiFixture
{
    client::SharedInformerFactory informers{client};
    controller::DeploymentController dc;

    // Default options: the feature gates of the served version (v1.31).
    explicit DeploymentFixture(controller::DeploymentControllerOptions options = {})
        : dc(client, informers, nullptr, options)
    {
        informers.start(client::DriveMode::Deterministic);
        informers.waitForCacheSync();
    }

    void pump()
    {
        while (informers.processPending() > 0) {
        }
    }

    // Stores obj exactly as given (status included), like a scenario's `objects:`.
    template<class T> std::shared_ptr<const T> put(std::shared_ptr<T> obj)
    {
        const auto r = api.restore(obj);
        if (!r.ok())
            qFatal("restore %s: %s", qPrintable(obj->metadata.name), qPrintable(r.error->message));
        pump();
        return api::objectCast<T>(r.value);
    }

    ReplicaSetPtr getRS(const QString &name) const { return api.getAs<api::ReplicaSet>(QStringLiteral("default"), name); }
    std::shared_ptr<const api::Deployment> getD(const QString &name) const
    {
        return api.getAs<api::Deployment>(QStringLiteral("default"), name);
    }
    int size(const QString &rsName) const
    {
        const ReplicaSetPtr r = getRS(rsName);
        return r ? r->replicas() : -1;
    }

    // Plays the ReplicaSet controller for one RS: status.replicas = spec.replicas (or
    // `replicas`), `available` of them ready and available, generation observed, none terminating.
    void setRSStatus(const QString &name, int available, std::optional<int> replicas = std::nullopt)
    {
        const ReplicaSetPtr cur = getRS(name);
        QVERIFY2(cur, qPrintable(name));
        auto copy = std::make_shared<api::ReplicaSet>(*cur);
        copy->status.replicas = replicas.value_or(cur->replicas());
        copy->status.fullyLabeledReplicas = copy->status.replicas;
        copy->status.readyReplicas = available;
        copy->status.availableReplicas = available;
        copy->status.observedGeneration = cur->metadata.generation;
        copy->status.terminatingReplicas = 0;
        const auto r = api.updateStatus(copy);
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error->message));
        pump();
    }

    // The ReplicaSets controlled by deployment `name`, oldest first.
    RSList ownedBy(const QString &name) const
    {
        const auto d = getD(name);
        RSList out;
        const auto l = api.list(apiserver::resources::byKind(api::Kind::ReplicaSet), QStringLiteral("default"));
        for (const api::ObjectPtr &o : l.value.items) {
            auto r = api::objectCast<api::ReplicaSet>(o);
            const api::OwnerReference *ref = r ? r->metadata.controllerRef() : nullptr;
            if (d && ref && ref->uid == d->metadata.uid)
                out.append(r);
        }
        std::stable_sort(out.begin(), out.end(), du::ReplicaSetsByCreationTimestamp);
        return out;
    }

    // Every Event message, "Reason: message", in creation order (names sort by time).
    QStringList events() const
    {
        QStringList out;
        const auto l = api.list(apiserver::resources::byKind(api::Kind::Event), QStringLiteral("default"));
        QList<std::shared_ptr<const api::Event>> evs;
        for (const api::ObjectPtr &o : l.value.items)
            if (auto e = api::objectCast<api::Event>(o))
                evs.append(e);
        std::stable_sort(evs.begin(), evs.end(), [](const auto &a, const auto &b) { return a->metadata.name < b->metadata.name; });
        for (const auto &e : evs)
            out << e->reason + QStringLiteral(": ") + e->message;
        return out;
    }

    // drain(), then let virtual time run to each pending timer within windowMs (rate-limited
    // retries after a Conflict, enqueueAfter) and drain again. Returns the number of syncs.
    int settle(qint64 windowMs = 1000)
    {
        const qint64 until = clock.now() + windowMs;
        int n = drain();
        for (std::optional<qint64> next = clock.nextTimerAt(); next && *next <= until; next = clock.nextTimerAt()) {
            clock.advanceTo(*next);
            n += drain();
        }
        return n;
    }

    // Runs the deployment queue until it is empty (one worker, no threads), pumping the
    // informers after every sync. Returns the number of syncs.
    int drain(int max = 200)
    {
        pump();
        int n = 0;
        while (n < max && dc.processNextWorkItem(0, false)) {
            ++n;
            pump();
        }
        return n;
    }
};

} // namespace rlab::test
