// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/object.h"
#include "core/base/prefetch.h"

#include <QString>

#include <cstddef>
#include <utility>
#include <vector>

namespace rlab::client {

// A ThreadSafeStore item: its key and object, in a node that never moves while it is stored.
using StoreItem = std::pair<const QString, api::ObjectPtr>;

// One indexed value's items in a ThreadSafeStore index (client-go's sets.String of keys, with
// the objects at hand): pointers to the store's item nodes, in key order, in runs of at most
// kMaxRun (a full run is split in two halves), like a B-tree's leaves under one sorted vector.
// 8-11 bytes an item, where a std::map<QString, const ObjectPtr *> node took 64: the pod
// informer has five indexes (namespace, two labels, controller uid, claim), so ~250,000 pods
// at rlab bench --size large held ~64 MB of index nodes.
// E.g. insert(b), insert(a), insert(b): size() 2, forEach visits a then b; erase("a") leaves b.
// Not thread-safe: the ThreadSafeStore's lock guards it.
class IndexBucket
{
public:
    static constexpr std::size_t kMaxRun = 64;

    // Adds the item (nothing if its key is there already).
    void insert(const StoreItem *item);
    // Removes the item of `key`; false if there is none.
    bool erase(const QString &key);
    bool empty() const { return m_size == 0; }
    std::size_t size() const { return m_size; }
    // f(const StoreItem &) for every item, in key order. The items' nodes and their objects'
    // shared_ptr counts (what a copy of the object increments) are asked for 8 and 4 items
    // ahead: at 20,000 pods each is a cold miss, and byIndex() copies every object.
    template<class F> void forEach(F &&f) const
    {
        for (const Run &run : m_runs) {
            const std::size_t n = run.size();
            for (std::size_t i = 0; i < n; ++i) {
                if (i + 8 < n)
                    __builtin_prefetch(run[i + 8]);
                if (i + 4 < n)
                    prefetchSharedCount(run[i + 4]->second.get());
                f(*run[i]);
            }
        }
    }

private:
    using Run = std::vector<const StoreItem *>;
    // The run where `key` is or would go (m_runs not empty), and the position in it.
    std::pair<std::size_t, std::size_t> locate(const QString &key) const;

    std::vector<Run> m_runs;   // none empty; each in key order, and every key below the next run's
    // Each run's last key beside it (m_lastKeys[i] is m_runs[i].back()'s, sharing its
    // characters): the search over runs reads these and their characters, not the run, the
    // item, its node and then the characters (at 200,000 pods in one namespace's bucket, four
    // dependent cache misses a step).
    std::vector<QString> m_lastKeys;
    std::size_t m_size = 0;
};

} // namespace rlab::client
