#pragma once
#include "core/api/object.h"

#include <QByteArray>
#include <QHash>

#include <deque>

namespace rlab::server {

// Compact JSON of recently sent objects, so that one change seen by 50 watchers is encoded
// once, not 50 times. Stored objects are immutable, so an object's bytes never change; each
// entry pins its object (the pointer cannot be reused while cached). Bounded (oldest dropped).
// Thread rules: the HTTP server's thread only.
class EncodedObjectCache
{
public:
    explicit EncodedObjectCache(qsizetype capacity = 4096) : m_capacity(capacity) {}

    QByteArray json(const api::ObjectPtr &object);
    qint64 hits() const { return m_hits; }
    qint64 misses() const { return m_misses; }

private:
    qsizetype m_capacity;
    QHash<const api::Object *, QByteArray> m_bytes;
    std::deque<api::ObjectPtr> m_order;   // oldest first; pins the cached objects
    qint64 m_hits = 0, m_misses = 0;
};

} // namespace rlab::server
