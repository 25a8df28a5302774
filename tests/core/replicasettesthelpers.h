// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the tst_replicasetcontroller*.cpp suites: a Lab (store + ApiServer + informer
// factory + ReplicaSetController, run deterministically), a QuotaPodControl that fails creates
// past a limit like a ResourceQuota, and owner-reference builders. Header-only; a Lab is
// single-threaded, QuotaPodControl thread-safe.
#include "core/api/namespace.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/controllerrefmanager.h"
#include "core/controller/replicaset/podcontrol.h"
#include "core/controller/replicaset/realpodcontrol.h"
#include "core/controller/replicaset/replicasetcontroller.h"
#include "core/controller/replicaset/replicasetstatus.h"
#include "tests/testutil/fixtures.h"

#include <QRegularExpression>
#include <QTest>

#include <condition_variable>
#include <tuple>
#include <mutex>

using namespace rlab;
using namespace rlab::controller;
using apiserver::ApiError;


namespace rlab::test::rsc {

inline const QString kDefault = QStringLiteral("default");

inline apiserver::ResourceType podsRT() { return apiserver::resources::byKind(api::Kind::Pod); }
inline apiserver::ResourceType rsRT() { return apiserver::resources::byKind(api::Kind::ReplicaSet); }

// A PodControl that lets the first `limit` creates through (upstream FakePodControl.CreateLimit)
// and then fails like a ResourceQuota would. Thread-safe.
class QuotaPodControl : public PodControl
{
public:
    QuotaPodControl(client::Interface &client, EventRecorder &recorder, int limit) : m_real(client, recorder), m_limit(limit) { }
    std::optional<ApiError> createPods(const QString &ns, const api::PodTemplateSpec &podTemplate, const api::Object &owner,
                                       const api::OwnerReference &controllerRef, QString *createdName) override
    {
        {
            std::lock_guard lock(m_mutex);
            ++m_calls;
            if (m_created >= m_limit)
                return ApiError::forbidden(QStringLiteral("pods"), QString(), owner.metadata.name + QStringLiteral("-x"),
                                           QStringLiteral("exceeded quota: pod-quota, requested: pods=1, used: pods=%1, limited: pods=%1")
                                               .arg(m_limit));
            ++m_created;
        }
        return m_real.createPods(ns, podTemplate, owner, controllerRef, createdName);
    }
    std::optional<ApiError> deletePod(const QString &ns, const QString &podName, const api::Object &owner) override
    {
        return m_real.deletePod(ns, podName, owner);
    }
    void setLimit(int limit)
    {
        std::lock_guard lock(m_mutex);
        m_limit = limit;
    }
    int calls() const
    {
        std::lock_guard lock(m_mutex);
        return m_calls;
    }
    int created() const
    {
        std::lock_guard lock(m_mutex);
        return m_created;
    }

private:
    RealPodControl m_real;
    mutable std::mutex m_mutex;
    int m_limit;
    int m_calls = 0;
    int m_created = 0;
};

// One store + ApiServer + informer factory + ReplicaSetController, run deterministically.
struct Lab
{
    test::ApiFixture f;
    client::SharedInformerFactory informers{f.client};
    std::unique_ptr<ReplicaSetController> rsc;
    QStringList notes;   // every sync's notes, in order ("<key>: <note>")
    QStringList errors;  // every failed sync ("<key>: <error>")
    int syncs = 0;

    explicit Lab(ReplicaSetControllerOptions options = {})
    {
        rsc = std::make_unique<ReplicaSetController>(f.client, informers, nullptr, options);
        rsc->controller().setSyncHandler([this](const QString &key) {
            ++syncs;
            SyncResult r = rsc->syncReplicaSet(key);
            for (const QString &n : r.notes)
                notes << key + QStringLiteral(": ") + n;
            if (!r.ok())
                errors << key + QStringLiteral(": ") + r.error;
            return r;
        });
        informers.start(client::DriveMode::Deterministic);
        if (!informers.waitForCacheSync())
            qFatal("caches did not sync");
    }
    ~Lab()
    {
        rsc.reset();   // removes its handlers before the informers go
        informers.shutdown();
    }

    qsizetype pump() { return informers.processPending(); }
    // The deterministic runner: informers, then every queued key, until nothing moves.
    int runUntilIdle()
    {
        int rounds = 0;
        for (; rounds < 1000; ++rounds) {
            qsizetype work = pump();
            while (rsc->processNextWorkItem(0, false))
                ++work;
            if (work == 0)
                break;
        }
        return rounds;
    }
    // Every key in the queue right now (drained without syncing).
    QStringList drainQueue()
    {
        QStringList keys;
        while (const std::optional<QString> k = rsc->controller().queue().tryGet(0)) {
            keys << *k;
            rsc->controller().queue().done(*k);
        }
        keys.sort();
        return keys;
    }

    std::shared_ptr<const api::ReplicaSet> createRS(const QString &name, int replicas, int minReadySeconds = 0,
                                                    const api::OwnerReference *owner = nullptr)
    {
        auto rs = test::makeReplicaSet(name, replicas);
        rs->spec.minReadySeconds = minReadySeconds;
        if (owner)
            rs->metadata.ownerReferences = {*owner};
        const auto r = f.api.create(rs);
        if (!r.ok())
            qFatal("create rs: %s", qPrintable(r.error->message));
        return api::objectCast<api::ReplicaSet>(r.value);
    }
    std::shared_ptr<const api::ReplicaSet> rs(const QString &name) { return f.api.getAs<api::ReplicaSet>(kDefault, name); }
    void scale(const QString &name, int replicas)
    {
        auto copy = std::static_pointer_cast<api::ReplicaSet>(rs(name)->clone());
        copy->spec.replicas = replicas;
        if (!f.api.update(copy).ok())
            qFatal("scale failed");
    }
    QList<std::shared_ptr<const api::Pod>> pods(const QString &ns = QStringLiteral("default"))
    {
        QList<std::shared_ptr<const api::Pod>> out;
        for (const api::ObjectPtr &o : f.api.list(podsRT(), ns).value.items)
            out << api::objectCast<api::Pod>(o);
        return out;
    }
    QStringList podNames()
    {
        QStringList out;
        for (const auto &p : pods())
            out << p->metadata.name;
        return out;
    }
    // Scheduler + kubelet by hand: bind to `node` ("" = stay unscheduled), set the phase and,
    // if ready, a Ready=True condition since now.
    void setPodState(const QString &name, const QString &node, const QString &phase, bool ready,
                     const QMap<QString, QString> &annotations = {})
    {
        if (!node.isEmpty() && !f.api.bind(kDefault, name, node).ok())
            qFatal("bind failed");
        if (!annotations.isEmpty()) {
            auto p = std::static_pointer_cast<api::Pod>(f.api.getAs<api::Pod>(kDefault, name)->clone());
            for (auto it = annotations.cbegin(); it != annotations.cend(); ++it)
                p->metadata.annotations.insert(it.key(), it.value());
            if (!f.api.update(p).ok())
                qFatal("annotate failed");
        }
        auto p = std::static_pointer_cast<api::Pod>(f.api.getAs<api::Pod>(kDefault, name)->clone());
        p->status.phase = phase;
        if (ready) {
            api::Condition c;
            c.type = QStringLiteral("Ready");
            c.status = QStringLiteral("True");
            c.lastTransitionTime = f.clock.now() / 1000 * 1000;
            p->status.conditions.append(c);
        }
        const auto r = f.api.updateStatus(p);
        if (!r.ok())
            qFatal("status failed: %s", qPrintable(r.error->message));
    }
    std::shared_ptr<api::Pod> orphan(const QString &name, const api::Labels &labels)
    {
        auto p = test::makePod(name);
        p->metadata.labels = labels;
        return p;
    }
    QStringList events(const QString &reason = {})
    {
        QStringList out;
        for (const api::ObjectPtr &o : f.api.list(apiserver::resources::byKind(api::Kind::Event), QString()).value.items) {
            const QJsonObject j = o->toJson();
            if (reason.isEmpty() || j.value(QStringLiteral("reason")).toString() == reason)
                out << j.value(QStringLiteral("message")).toString();
        }
        out.sort();
        return out;
    }
    // The "creating N" / "deleting N" numbers of the notes so far.
    QList<int> manageCounts(const QString &verb)
    {
        QList<int> out;
        const QRegularExpression re(QStringLiteral("manageReplicas: too (?:few|many) replicas .*, %1 (\\d+) ").arg(verb));
        for (const QString &n : notes) {
            const auto m = re.match(n);
            if (m.hasMatch())
                out << m.captured(1).toInt();
        }
        return out;
    }
};

inline api::OwnerReference deploymentRef(const QString &name, const QString &uid)
{
    api::OwnerReference ref;
    ref.apiVersion = QStringLiteral("apps/v1");
    ref.kind = QStringLiteral("Deployment");
    ref.name = name;
    ref.uid = uid;
    ref.controller = true;
    ref.blockOwnerDeletion = true;
    return ref;
}

inline api::OwnerReference rsRef(const api::ReplicaSet &rs)
{
    api::OwnerReference ref;
    ref.apiVersion = QStringLiteral("apps/v1");
    ref.kind = QStringLiteral("ReplicaSet");
    ref.name = rs.metadata.name;
    ref.uid = rs.metadata.uid;
    ref.controller = true;
    ref.blockOwnerDeletion = true;
    return ref;
}

inline QStringList sorted(QStringList l)
{
    l.sort();
    return l;
}
} // namespace rlab::test::rsc
