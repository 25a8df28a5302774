// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/object.h"
#include "core/base/utf16less.h"
#include "core/client/indexbucket.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <set>
#include <shared_mutex>
#include <utility>

namespace rlab::client {

// client-go cache.ThreadSafeStore behind the Indexer interface: the informer's local cache,
// objects by "namespace/name" key plus named indexes (index name -> indexed value -> keys).
// The "namespace" index is built in (MetaNamespaceIndexFunc); more may be added at any time and
// are built over what is already cached. Everything is returned in key order, so a
// deterministic run reads the same order every time. Treat returned objects as read-only: they
// are the very values other threads read (std::shared_ptr<const Object>).
// Thread rules: any method from any thread (one std::shared_mutex; reads share it). Only the
// informer writes; controllers read through Listers.
class ThreadSafeStore
{
public:
    // Index values of one object, e.g. {"default"} for the namespace index, {} to skip it.
    // Runs under the store's exclusive lock: it must be pure and must not call the store.
    using IndexFunc = std::function<QStringList(const api::Object &)>;
    static QString namespaceIndex() { return QStringLiteral("namespace"); }
    static QStringList metaNamespaceIndexFunc(const api::Object &obj);
    // An index of labels, added with addLabelIndexer(): one value per label, "ns/key=value"
    // (a namespace has no '/', a label key no '='). Listers read a selector's smallest
    // key=value bucket instead of the whole namespace (labelIndexValue() gives its name).
    // E.g. pod {ns default, labels app=web, pod-template-hash=5d4f} -> "default/app=web",
    // "default/pod-template-hash=5d4f".
    static QString labelIndex() { return QStringLiteral("labels"); }
    static QStringList labelIndexFunc(const api::Object &obj);
    static QString labelIndexValue(const QString &ns, const QString &key, const QString &value);
    // client-go MetaNamespaceKeyFunc for a (namespace, name) pair: "ns/name", or "name".
    static QString metaNamespaceKey(const QString &ns, const QString &name);
    // cache.SplitMetaNamespaceKey: "ns/name" -> {ns, name}; a key without '/' is a cluster-scoped
    // name {"", key}; everything after the first '/' is the name.
    static std::pair<QString, QString> splitMetaNamespaceKey(const QString &key);

    ThreadSafeStore();
    ThreadSafeStore(const ThreadSafeStore &) = delete;
    ThreadSafeStore &operator=(const ThreadSafeStore &) = delete;

    // What an IndexFunc reads of an object. OwnerReferences: only metadata.namespace and
    // metadata.ownerReferences (a controller-uid index), so an update that keeps both (every
    // status update) keeps the values without calling the function twice.
    enum class IndexReads { Anything, OwnerReferences };
    // Adds an index and indexes the cached objects with it. False if the name is taken.
    bool addIndexer(const QString &name, IndexFunc func, IndexReads reads = IndexReads::Anything);
    // Adds labelIndex() (false if there already). Not client-go's: an index of the lab's own,
    // so that Lister::list(ns, selector) costs the pods a selector can match, not the
    // namespace's every pod; the results are the same objects in the same (key) order.
    bool addLabelIndexer();
    bool hasIndexer(const QString &name) const;
    QStringList indexerNames() const;

    // Add and update are the same operation (client-go): store obj under key, re-index it.
    // Both return the object previously stored under key (nullptr if none).
    api::ObjectPtr add(const QString &key, api::ObjectPtr obj);
    api::ObjectPtr update(const QString &key, api::ObjectPtr obj) { return add(key, std::move(obj)); }
    // Removes key; returns what was stored (nullptr if nothing).
    api::ObjectPtr remove(const QString &key);
    // Replaces the whole content and rebuilds every index.
    void replace(std::map<QString, api::ObjectPtr> items);

    api::ObjectPtr get(const QString &key) const;
    QList<api::ObjectPtr> list() const;
    QStringList listKeys() const;
    qsizetype size() const;

    // Objects / keys whose index `indexName` has the value `indexedValue`; empty for an
    // unknown index (check hasIndexer()).
    QList<api::ObjectPtr> byIndex(const QString &indexName, const QString &indexedValue) const;
    QStringList indexKeys(const QString &indexName, const QString &indexedValue) const;
    // How many objects byIndex() would return (0 for an unknown index or value).
    qsizetype indexCount(const QString &indexName, const QString &indexedValue) const;
    // Every value index `indexName` currently has (for the namespace index: the namespaces).
    QStringList listIndexFuncValues(const QString &indexName) const;
    // Objects sharing at least one value of index `indexName` with obj (client-go Index()).
    QList<api::ObjectPtr> index(const QString &indexName, const api::Object &obj) const;

private:
    struct Index
    {
        IndexFunc func;
        // indexed value -> its items: m_items nodes (std::map nodes never move) in key order, so
        // byIndex() reads objects without looking each key up again (1,000 pods of one
        // ReplicaSet: 1,000 lookups of ~11 string compares each saved per call).
        std::map<QString, IndexBucket, Utf16Less> buckets;   // std::less's order, inline
        enum class Builtin { No, Namespace, Labels, OwnerReferences };
        Builtin builtin = Builtin::No;   // these skip func when the fields they read agree
    };

    void indexLocked(Index &index, const QString &key, const api::Object *oldObj, const StoreItem *newItem);

    using Items = std::map<QString, api::ObjectPtr>;   // its nodes are StoreItems
    mutable std::shared_mutex m_lock;
    Items m_items;   // key order: list(), listKeys() and the index buckets read it in order
    // The same keys by hash, for get/add/remove: a lookup by key is one hash probe instead of
    // ~14 string compares down the tree (a kubelet's Lister<Pod>::get per syncPod; map
    // iterators stay valid until their node is erased). Each entry holds the object too (a
    // second reference to the node's), so get() reads no map node: one cache miss fewer a get,
    // which a kubelet's sync pays on a pod cold since its last sync (~0.9 % of the lab at
    // --size medium, perf).
    struct ByKey
    {
        Items::iterator item;
        api::ObjectPtr obj;   // == item->second
    };
    QHash<QString, ByKey> m_byKey;
    std::map<QString, Index> m_indices;
};

// client-go's name for what informers expose: the ThreadSafeStore with its indexes.
using Indexer = ThreadSafeStore;

} // namespace rlab::client
