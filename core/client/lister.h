// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/labelselector.h"
#include "core/client/threadsafestore.h"

#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace rlab::client {

// client-go's generated listers (DeploymentLister, PodLister, …) as one template: a read-only
// typed view of an informer's Indexer. T is an api kind with kKind (api::Deployment,
// ReplicaSet, Pod, Node, …); objects of other kinds in the cache are skipped. Results come in
// key order and are the cached immutable values: never modify them, clone to write.
// Thread rules: any thread (the Indexer locks); a Lister is a cheap copyable value that must
// not outlive its Indexer.
template<class T> class Lister
{
public:
    using Ptr = std::shared_ptr<const T>;

    Lister() = default;
    explicit Lister(const ThreadSafeStore *indexer) : m_indexer(indexer) { }

    // Every cached object matching selector, in all namespaces.
    QList<Ptr> list(const api::Selector &selector = {}) const
    {
        return filter(m_indexer ? m_indexer->list() : QList<api::ObjectPtr>(), selector);
    }
    // The objects of one namespace matching selector (client-go Deployments(ns).List); ns ""
    // means all namespaces, like metav1.NamespaceAll.
    // With the label index (ThreadSafeStore::addLabelIndexer) it reads the smallest bucket of
    // the selector's key=value requirements and filters that: the same objects in the same
    // order. E.g. "app=web,pod-template-hash=5d4f" among 200,000 pods of 100 Deployments:
    // the 1,000 pods of that hash are read, not the namespace's 200,000.
    QList<Ptr> list(const QString &ns, const api::Selector &selector) const
    {
        if (ns.isEmpty())
            return list(selector);
        if (!m_indexer)
            return {};
        if (const std::optional<QString> bucket = smallestLabelBucket(ns, selector))
            return filter(m_indexer->byIndex(ThreadSafeStore::labelIndex(), *bucket), selector);
        return filter(m_indexer->byIndex(ThreadSafeStore::namespaceIndex(), ns), selector);
    }
    // nullptr when not cached (upstream returns a NotFound error). ns "" for cluster-scoped kinds.
    Ptr get(const QString &ns, const QString &name) const
    {
        return m_indexer ? api::objectCast<T>(m_indexer->get(ThreadSafeStore::metaNamespaceKey(ns, name))) : nullptr;
    }
    Ptr get(const QString &name) const { return get(QString(), name); }
    // By the cache's key ("namespace/name", or "name" for a cluster-scoped kind): a workqueue
    // key as it is, not split and joined again (client-go: indexer.GetByKey(key)).
    Ptr getByKey(const QString &key) const
    {
        return m_indexer ? api::objectCast<T>(m_indexer->get(key)) : nullptr;
    }

    bool isValid() const { return m_indexer != nullptr; }

private:
    // The label-index value of the selector's requirement with the fewest objects, among those
    // every match must carry (key=value, key==value, key in (value)); nullopt without the
    // index or such a requirement.
    std::optional<QString> smallestLabelBucket(const QString &ns, const api::Selector &selector) const
    {
        if (selector.isEmpty() || !m_indexer->hasIndexer(ThreadSafeStore::labelIndex()))
            return std::nullopt;
        std::optional<QString> best;
        qsizetype bestCount = 0;
        for (const api::Selector::Requirement &r : selector.requirements()) {
            const bool single = r.op == api::Selector::Op::Equals || (r.op == api::Selector::Op::In && r.values.size() == 1);
            if (!single || r.values.size() != 1)
                continue;
            QString value = ThreadSafeStore::labelIndexValue(ns, r.key, r.values.front());
            const qsizetype n = m_indexer->indexCount(ThreadSafeStore::labelIndex(), value);
            if (!best || n < bestCount) {
                best = std::move(value);
                bestCount = n;
            }
        }
        return best;
    }

    static QList<Ptr> filter(const QList<api::ObjectPtr> &objects, const api::Selector &selector)
    {
        const bool all = selector.isEmpty();
        QList<Ptr> out;
        out.reserve(objects.size());
        for (const api::ObjectPtr &o : objects) {
            Ptr typed = api::objectCast<T>(o);
            if (typed && (all || selector.matches(typed->metadata.labels)))
                out.append(std::move(typed));
        }
        return out;
    }

    const ThreadSafeStore *m_indexer = nullptr;
};

} // namespace rlab::client
