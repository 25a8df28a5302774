#include "core/controller/garbagecollector.h"

#include "core/client/interface.h"
#include "core/apiserver/callerscope.h"
#include "core/base/tracelog.h"

#include <QHash>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <vector>

namespace rlab::controller {

using namespace rlab::api;
using namespace rlab::apiserver;

GarbageCollector::GarbageCollector(client::Interface &api)
    : m_api(api)
{
}

int GarbageCollector::collect()
{
    CallerScope caller(QStringLiteral("garbage-collector"));
    m_actions.clear();
    Fetched fetched;
    for (const ResourceType &rt : resources::all()) {
        // Upstream's DefaultIgnoredResources: the collector monitors no Events (core/v1 and
        // events.k8s.io): they are never collected, never act on finalizers, never count as
        // owners (an Event is not a valid owner: validation rejects such references). Also by
        // far the longest list in a busy lab.
        if (rt.resource == QLatin1String("events") && (rt.group.isEmpty() || rt.group == QLatin1String("events.k8s.io")))
            continue;
        Result<ObjectList> l = m_api.list(rt, QString());
        if (l.ok())
            fetched.emplace_back(rt, std::move(l.value.items));
    }
    // Most passes find nothing to do (nothing is being deleted with a finalizer the collector
    // handles, and every owner some ownerReference names exists): answer that from the few
    // owner uids referenced — one pass to gather them, one to find each among the objects —
    // before building the ordered maps the actions need. Any doubt (an owner not found) runs
    // the full pass below, which decides. E.g. 200,000 pods of 200 ReplicaSets: 200 uids
    // wanted, 200,000 lookups in a set of 200 (was a set of all 200,000 uids per pass).
    {
        QSet<QString> wanted;
        const QString *last = nullptr;   // pods of one ReplicaSet come together: skip re-inserting
        for (const auto &[rt, items] : fetched) {
            for (const ObjectPtr &o : items) {
                const ObjectMeta &m = o->metadata;
                if (m.deletionTimestamp != 0
                    && (m.finalizers.contains(QStringLiteral("orphan")) || m.finalizers.contains(QStringLiteral("foregroundDeletion"))))
                    return fullPass(fetched);
                for (const OwnerReference &ref : m.ownerReferences) {
                    if (last && *last == ref.uid)
                        continue;
                    wanted.insert(ref.uid);
                    last = &ref.uid;
                }
            }
        }
        // The shortest lists first: owners (Deployments, ReplicaSets, nodes) are few, their
        // dependents many, so every owner is usually found before the pods, whose uids (each a
        // cold string at 20,000 pods) need not be read at all.
        std::vector<const QList<ObjectPtr> *> bySize;
        bySize.reserve(fetched.size());
        for (const auto &[rt, items] : fetched)
            bySize.push_back(&items);
        std::stable_sort(bySize.begin(), bySize.end(), [](const QList<ObjectPtr> *a, const QList<ObjectPtr> *b) { return a->size() < b->size(); });
        qsizetype found = 0;
        for (const QList<ObjectPtr> *items : bySize) {
            for (const ObjectPtr &o : *items)
                if (wanted.contains(o->metadata.uid) && ++found == wanted.size())
                    break;
            if (found == wanted.size())
                break;
        }
        if (found == wanted.size())
            return 0;
    }
    return fullPass(fetched);
}

int GarbageCollector::fullPass(const Fetched &fetched)
{
    // The objects that may need an action (being deleted, or owned), by uid — ordered:
    // deterministic traces — and the dependents of each owner uid. Objects with neither (most
    // Nodes, Namespaces) only matter as possible owners: `live` answers that for exactly the
    // uids some ownerReference names.
    struct Entry
    {
        ResourceType rt;
        ObjectPtr obj;
    };
    QMap<QString, Entry> byUid;
    QHash<QString, QList<Entry>> dependents;
    for (const auto &[rt, items] : fetched) {
        for (const ObjectPtr &o : items) {
            if (o->metadata.deletionTimestamp == 0 && o->metadata.ownerReferences.isEmpty())
                continue;
            byUid.insert(o->metadata.uid, Entry{rt, o});
            for (const OwnerReference &ref : o->metadata.ownerReferences)
                dependents[ref.uid].append(Entry{rt, o});
        }
    }
    QSet<QString> live;   // owner uids (keys of `dependents`) that exist
    for (const auto &[rt, items] : fetched) {
        for (const ObjectPtr &o : items) {
            if (dependents.contains(o->metadata.uid))
                live.insert(o->metadata.uid);
        }
    }
    int writes = 0;
    auto trace = [this](const QString &key, const QString &text) {
        m_actions << text;
        if (TraceLog *t = m_api.trace()) {
            TraceEvent ev;
            ev.component = QStringLiteral("garbagecollector");
            ev.type = QStringLiteral("GarbageCollect");
            ev.key = key;
            ev.text = text;
            t->append(std::move(ev));
        }
    };
    for (auto it = byUid.cbegin(); it != byUid.cend(); ++it) {
        const Entry &e = it.value();
        const ObjectPtr &o = e.obj;
        const QString key = o->key();
        // Owners being deleted.
        if (o->metadata.deletionTimestamp != 0) {
            const QList<Entry> deps = dependents.value(o->metadata.uid);
            if (o->metadata.finalizers.contains(QStringLiteral("orphan"))) {
                for (const Entry &d : deps) {
                    MutableObjectPtr copy = d.obj->clone();
                    copy->metadata.ownerReferences.removeIf([&](const OwnerReference &r) { return r.uid == o->metadata.uid; });
                    if (m_api.update(d.rt, copy->metadata.namespace_, copy).ok())
                        ++writes;
                }
                MutableObjectPtr copy = o->clone();
                copy->metadata.finalizers.removeAll(QStringLiteral("orphan"));
                if (m_api.update(e.rt, copy->metadata.namespace_, copy).ok()) {
                    ++writes;
                    trace(key, QStringLiteral("orphaned %1 dependents of %2 %3 and removed the orphan finalizer").arg(deps.size()).arg(e.rt.kind, key));
                }
                continue;
            }
            if (o->metadata.finalizers.contains(QStringLiteral("foregroundDeletion"))) {
                if (deps.isEmpty()) {
                    MutableObjectPtr copy = o->clone();
                    copy->metadata.finalizers.removeAll(QStringLiteral("foregroundDeletion"));
                    if (m_api.update(e.rt, copy->metadata.namespace_, copy).ok()) {
                        ++writes;
                        trace(key, QStringLiteral("all dependents of %1 %2 are gone: removed the foregroundDeletion finalizer").arg(e.rt.kind, key));
                    }
                } else {
                    for (const Entry &d : deps) {
                        if (d.obj->metadata.deletionTimestamp != 0)
                            continue;
                        DeleteOptions opts;
                        opts.propagationPolicy = QStringLiteral("Foreground");
                        if (m_api.remove(d.rt, d.obj->metadata.namespace_, d.obj->metadata.name, opts).ok()) {
                            ++writes;
                            trace(d.obj->key(), QStringLiteral("deleting %1 %2 in the foreground: its owner %3 %4 is being deleted")
                                                    .arg(d.rt.kind, d.obj->key(), e.rt.kind, key));
                        }
                    }
                }
                continue;
            }
        }
        // Dependents whose owners are all gone.
        if (o->metadata.ownerReferences.isEmpty() || o->metadata.deletionTimestamp != 0)
            continue;
        bool anyOwner = false;
        for (const OwnerReference &ref : o->metadata.ownerReferences) {
            if (live.contains(ref.uid)) {
                anyOwner = true;
                break;
            }
        }
        if (anyOwner)
            continue;
        DeleteOptions opts;
        opts.propagationPolicy = QStringLiteral("Background");
        opts.preconditionUid = o->metadata.uid;
        if (m_api.remove(e.rt, o->metadata.namespace_, o->metadata.name, opts).ok()) {
            ++writes;
            const OwnerReference &ref = o->metadata.ownerReferences.first();
            trace(key, QStringLiteral("deleted %1 %2: its owner %3 %4 no longer exists").arg(e.rt.kind, key, ref.kind, ref.name));
        }
    }
    return writes;
}

} // namespace rlab::controller
