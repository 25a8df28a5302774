// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/labelselector.h"
#include "core/client/threadsafestore.h"

#include <QList>
#include <QString>

#include <memory>

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
    QList<Ptr> list(const QString &ns, const api::Selector &selector) const
    {
        if (ns.isEmpty())
            return list(selector);
        return filter(m_indexer ? m_indexer->byIndex(ThreadSafeStore::namespaceIndex(), ns) : QList<api::ObjectPtr>(),
                      selector);
    }
    // nullptr when not cached (upstream returns a NotFound error). ns "" for cluster-scoped kinds.
    Ptr get(const QString &ns, const QString &name) const
    {
        return m_indexer ? api::objectCast<T>(m_indexer->get(ThreadSafeStore::metaNamespaceKey(ns, name))) : nullptr;
    }
    Ptr get(const QString &name) const { return get(QString(), name); }

    bool isValid() const { return m_indexer != nullptr; }

private:
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
