// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the tst_informer*.cpp suites: a little cluster per test (KvStore + ManualClock +
// TraceLog + ApiServer + InProcessClient, namespace "default"), a handler that writes what it
// hears as lines, and the deterministic pump. Header-only; Recorder is thread-safe.
#include "core/api/deployment.h"
#include "core/api/namespace.h"
#include "core/apiserver/apiserver.h"
#include "core/base/manualclock.h"
#include "core/base/tracelog.h"
#include "core/client/inprocessclient.h"
#include "core/client/resourceeventhandler.h"
#include "core/client/sharedindexinformer.h"
#include "core/store/kvstore.h"
#include "tests/testutil/fixtures.h"

#include <QStringList>

#include <mutex>

namespace rlab::test::informer {

using namespace rlab::client;

inline const apiserver::ResourceType &deployments()
{
    static const apiserver::ResourceType rt = apiserver::resources::byKind(api::Kind::Deployment);
    return rt;
}

// The shared Deployment fixture labelled app=<name> like `kubectl create deployment` (filtered
// informers and listers select on it), in namespace ns.
inline api::MutableObjectPtr labelledDeployment(const QString &name, int replicas = 1, const QString &ns = QStringLiteral("default"))
{
    auto d = test::makeDeployment(name, replicas);
    d->metadata.namespace_ = ns;
    d->metadata.labels.insert(QStringLiteral("app"), name);
    return d;
}

inline QString rv(const api::ObjectPtr &o)
{
    return o ? o->metadata.resourceVersion : QStringLiteral("null");
}

// Writes what a handler hears as one line per call, e.g.
//   add default/web rv=3 initial | update default/web 3->4 | delete default/web rv=5
//   delete default/gone rv=3 tombstone
class Recorder : public ResourceEventHandler
{
public:
    void onAdd(const api::ObjectPtr &obj, bool isInInitialList) override
    {
        record(QStringLiteral("add %1 rv=%2%3").arg(obj->key(), rv(obj), isInInitialList ? QStringLiteral(" initial") : QString()));
    }
    void onUpdate(const api::ObjectPtr &oldObj, const api::ObjectPtr &newObj) override
    {
        {
            std::lock_guard lock(m_mutex);
            if (oldObj == newObj)
                ++sameObjectUpdates;
        }
        record(QStringLiteral("update %1 %2->%3").arg(newObj->key(), rv(oldObj), rv(newObj)));
    }
    void onDelete(const api::ObjectPtr &obj, const DeletedFinalStateUnknown *tombstone) override
    {
        QString line = QStringLiteral("delete %1 rv=%2").arg(obj->key(), rv(obj));
        if (tombstone) {
            line += QStringLiteral(" tombstone");
            if (tombstone->key != obj->key() || tombstone->obj != obj)
                line += QStringLiteral(" (inconsistent)");
        }
        record(line);
    }

    QStringList take()
    {
        std::lock_guard lock(m_mutex);
        QStringList out;
        out.swap(m_lines);
        return out;
    }
    qsizetype count() const
    {
        std::lock_guard lock(m_mutex);
        return m_lines.size();
    }
    int sameObjectUpdates = 0;

private:
    void record(const QString &line)
    {
        std::lock_guard lock(m_mutex);
        m_lines << line;
    }
    mutable std::mutex m_mutex;
    QStringList m_lines;
};

// One little cluster per test.
struct InformerCluster
{
    store::KvStore store;
    ManualClock clock{1'767'225'600'000};   // 2026-01-01T00:00:00Z
    TraceLog trace;
    apiserver::ApiServer api{store, clock, &trace};
    client::InProcessClient client{api};

    InformerCluster()
    {
        auto ns = std::make_shared<api::Namespace>();
        ns->metadata.name = QStringLiteral("default");
        const auto r = api.create(ns);
        Q_ASSERT(r.ok());
    }
    api::ObjectPtr create(const QString &name, int replicas = 1)
    {
        const auto r = api.create(labelledDeployment(name, replicas));
        if (!r.ok())
            qFatal("create %s failed: %s", qPrintable(name), qPrintable(r.error->message));
        return r.value;
    }
    api::ObjectPtr scale(const QString &name, int replicas)
    {
        auto cur = api.getAs<api::Deployment>(QStringLiteral("default"), name);
        Q_ASSERT(cur);
        auto copy = std::static_pointer_cast<api::Deployment>(cur->clone());
        copy->spec.replicas = replicas;
        const auto r = api.update(copy);
        if (!r.ok())
            qFatal("update %s failed: %s", qPrintable(name), qPrintable(r.error->message));
        return r.value;
    }
    void remove(const QString &name)
    {
        const auto r = api.remove(deployments(), QStringLiteral("default"), name);
        Q_ASSERT(r.ok());
    }
    qsizetype watchersOf(const QByteArray &prefix) const
    {
        qsizetype n = 0;
        for (const store::WatcherInfo &w : store.watchers())
            n += w.range.key == prefix ? 1 : 0;
        return n;
    }
    QList<TraceEvent> traceOf(const QString &component, const QString &type = {}) const
    {
        QList<TraceEvent> out;
        for (const TraceEvent &e : trace.since(0)) {
            if (e.component == component && (type.isEmpty() || e.type == type))
                out << e;
        }
        return out;
    }
};

// Pumps until idle; returns the number of rounds that did work.
inline int pumpUntilIdle(SharedIndexInformer &informer)
{
    int rounds = 0;
    while (informer.processPending() > 0)
        ++rounds;
    return rounds;
}

} // namespace rlab::test::informer
