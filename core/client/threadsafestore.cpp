// SPDX-License-Identifier: Apache-2.0
#include "core/client/threadsafestore.h"

#include <QStringBuilder>

#include <algorithm>
#include <mutex>

namespace rlab::client {

QStringList ThreadSafeStore::metaNamespaceIndexFunc(const api::Object &obj)
{
    return QStringList{obj.metadata.namespace_};
}

QStringList ThreadSafeStore::labelIndexFunc(const api::Object &obj)
{
    QStringList out;
    out.reserve(obj.metadata.labels.size());
    for (auto it = obj.metadata.labels.cbegin(); it != obj.metadata.labels.cend(); ++it)
        out.append(labelIndexValue(obj.metadata.namespace_, it.key(), it.value()));
    return out;
}

QString ThreadSafeStore::labelIndexValue(const QString &ns, const QString &key, const QString &value)
{
    return ns % QLatin1Char('/') % key % QLatin1Char('=') % value;
}

QString ThreadSafeStore::metaNamespaceKey(const QString &ns, const QString &name)
{
    return ns.isEmpty() ? name : QString(ns % QLatin1Char('/') % name);
}

std::pair<QString, QString> ThreadSafeStore::splitMetaNamespaceKey(const QString &key)
{
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    if (slash < 0)
        return {QString(), key};
    return {key.left(slash), key.mid(slash + 1)};
}

ThreadSafeStore::ThreadSafeStore()
{
    m_indices.emplace(namespaceIndex(), Index{&ThreadSafeStore::metaNamespaceIndexFunc, {}, Index::Builtin::Namespace});
}

bool ThreadSafeStore::addLabelIndexer()
{
    std::unique_lock lock(m_lock);
    auto [it, inserted] = m_indices.emplace(labelIndex(), Index{&ThreadSafeStore::labelIndexFunc, {}, Index::Builtin::Labels});
    if (!inserted)
        return false;
    for (const StoreItem &item : m_items)
        indexLocked(it->second, item.first, nullptr, &item);
    return true;
}

bool ThreadSafeStore::addIndexer(const QString &name, IndexFunc func, IndexReads reads)
{
    if (!func)
        return false;
    std::unique_lock lock(m_lock);
    const auto builtin = reads == IndexReads::OwnerReferences ? Index::Builtin::OwnerReferences : Index::Builtin::No;
    auto [it, inserted] = m_indices.emplace(name, Index{std::move(func), {}, builtin});
    if (!inserted)
        return false;
    for (const StoreItem &item : m_items)
        indexLocked(it->second, item.first, nullptr, &item);
    return true;
}

bool ThreadSafeStore::hasIndexer(const QString &name) const
{
    std::shared_lock lock(m_lock);
    return m_indices.count(name) != 0;
}

QStringList ThreadSafeStore::indexerNames() const
{
    std::shared_lock lock(m_lock);
    QStringList out;
    for (const auto &entry : m_indices)
        out << entry.first;
    return out;
}

// Moves key from the buckets of oldObj's values to those of the object in newItem (either may
// be null). An update that keeps the values (the common case: namespace unchanged) touches
// nothing: the buckets point at the item, which now holds the new object.
void ThreadSafeStore::indexLocked(Index &index, const QString &key, const api::Object *oldObj, const StoreItem *newItem)
{
    const api::Object *newObj = newItem ? newItem->second.get() : nullptr;
    // Fast paths for the hottest case, an update that keeps the namespace (and the labels or
    // owner references: a status update shares the old ones, so that compare is a pointer one).
    if (index.builtin != Index::Builtin::No && oldObj && newObj && oldObj->metadata.namespace_ == newObj->metadata.namespace_) {
        switch (index.builtin) {
        case Index::Builtin::Namespace:
            return;
        case Index::Builtin::Labels:
            if (oldObj->metadata.labels == newObj->metadata.labels)
                return;
            break;
        case Index::Builtin::OwnerReferences:
            if (oldObj->metadata.ownerReferences == newObj->metadata.ownerReferences)
                return;
            break;
        case Index::Builtin::No:
            break;
        }
    }
    const QStringList oldValues = oldObj ? index.func(*oldObj) : QStringList();
    const QStringList newValues = newObj ? index.func(*newObj) : QStringList();
    if (oldValues == newValues)
        return;
    for (const QString &v : oldValues) {
        auto bucket = index.buckets.find(v);
        if (bucket == index.buckets.end())
            continue;
        bucket->second.erase(key);
        if (bucket->second.empty())
            index.buckets.erase(bucket);
    }
    for (const QString &v : newValues)
        index.buckets[v].insert(newItem);
}

api::ObjectPtr ThreadSafeStore::add(const QString &key, api::ObjectPtr obj)
{
    std::unique_lock lock(m_lock);
    auto known = m_byKey.find(key);
    if (known == m_byKey.end())
        known = m_byKey.insert(key, ByKey{m_items.try_emplace(key).first, nullptr});
    StoreItem &item = *known->item;
    api::ObjectPtr old = std::move(item.second);
    known->obj = obj;
    item.second = std::move(obj);
    for (auto &entry : m_indices)
        indexLocked(entry.second, key, old.get(), &item);
    return old;
}

api::ObjectPtr ThreadSafeStore::remove(const QString &key)
{
    std::unique_lock lock(m_lock);
    const auto known = m_byKey.constFind(key);
    if (known == m_byKey.cend())
        return nullptr;
    const Items::iterator it = known->item;
    m_byKey.erase(known);
    api::ObjectPtr old = std::move(it->second);
    for (auto &entry : m_indices)   // before the node goes: the buckets read its key
        indexLocked(entry.second, key, old.get(), nullptr);
    m_items.erase(it);
    return old;
}

void ThreadSafeStore::replace(std::map<QString, api::ObjectPtr> items)
{
    std::unique_lock lock(m_lock);
    m_items = std::move(items);
    m_byKey.clear();
    m_byKey.reserve(qsizetype(m_items.size()));
    for (auto it = m_items.begin(); it != m_items.end(); ++it)
        m_byKey.insert(it->first, ByKey{it, it->second});
    for (auto &entry : m_indices) {
        entry.second.buckets.clear();
        for (const StoreItem &item : m_items)
            indexLocked(entry.second, item.first, nullptr, &item);
    }
}

api::ObjectPtr ThreadSafeStore::get(const QString &key) const
{
    std::shared_lock lock(m_lock);
    const auto it = m_byKey.constFind(key);
    return it == m_byKey.cend() ? nullptr : it->obj;
}

QList<api::ObjectPtr> ThreadSafeStore::list() const
{
    std::shared_lock lock(m_lock);
    QList<api::ObjectPtr> out;
    out.reserve(qsizetype(m_items.size()));
    for (const auto &entry : m_items)
        out.append(entry.second);
    return out;
}

QStringList ThreadSafeStore::listKeys() const
{
    std::shared_lock lock(m_lock);
    QStringList out;
    out.reserve(qsizetype(m_items.size()));
    for (const auto &entry : m_items)
        out.append(entry.first);
    return out;
}

qsizetype ThreadSafeStore::size() const
{
    std::shared_lock lock(m_lock);
    return qsizetype(m_items.size());
}

qsizetype ThreadSafeStore::indexCount(const QString &indexName, const QString &indexedValue) const
{
    std::shared_lock lock(m_lock);
    auto index = m_indices.find(indexName);
    if (index == m_indices.end())
        return 0;
    auto bucket = index->second.buckets.find(indexedValue);
    return bucket == index->second.buckets.end() ? 0 : qsizetype(bucket->second.size());
}

QList<api::ObjectPtr> ThreadSafeStore::byIndex(const QString &indexName, const QString &indexedValue) const
{
    std::shared_lock lock(m_lock);
    QList<api::ObjectPtr> out;
    auto index = m_indices.find(indexName);
    if (index == m_indices.end())
        return out;
    auto bucket = index->second.buckets.find(indexedValue);
    if (bucket == index->second.buckets.end())
        return out;
    out.reserve(qsizetype(bucket->second.size()));
    bucket->second.forEach([&](const StoreItem &item) { out.append(item.second); });
    return out;
}

QStringList ThreadSafeStore::indexKeys(const QString &indexName, const QString &indexedValue) const
{
    std::shared_lock lock(m_lock);
    QStringList out;
    auto index = m_indices.find(indexName);
    if (index == m_indices.end())
        return out;
    auto bucket = index->second.buckets.find(indexedValue);
    if (bucket == index->second.buckets.end())
        return out;
    out.reserve(qsizetype(bucket->second.size()));
    bucket->second.forEach([&](const StoreItem &item) { out.append(item.first); });
    return out;
}

QStringList ThreadSafeStore::listIndexFuncValues(const QString &indexName) const
{
    std::shared_lock lock(m_lock);
    QStringList out;
    auto index = m_indices.find(indexName);
    if (index == m_indices.end())
        return out;
    for (const auto &bucket : index->second.buckets)
        out.append(bucket.first);
    return out;
}

QList<api::ObjectPtr> ThreadSafeStore::index(const QString &indexName, const api::Object &obj) const
{
    std::shared_lock lock(m_lock);
    QList<api::ObjectPtr> out;
    auto index = m_indices.find(indexName);
    if (index == m_indices.end())
        return out;
    // Union of the buckets, in key order, each object once.
    std::vector<const StoreItem *> items;
    for (const QString &v : index->second.func(obj)) {
        auto bucket = index->second.buckets.find(v);
        if (bucket != index->second.buckets.end())
            bucket->second.forEach([&](const StoreItem &item) { items.push_back(&item); });
    }
    std::sort(items.begin(), items.end(), [](const StoreItem *a, const StoreItem *b) { return a->first < b->first; });
    items.erase(std::unique(items.begin(), items.end()), items.end());
    out.reserve(qsizetype(items.size()));
    for (const StoreItem *item : items)
        out.append(item->second);
    return out;
}

} // namespace rlab::client
