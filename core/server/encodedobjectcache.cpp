#include "core/server/encodedobjectcache.h"

namespace rlab::server {

QByteArray EncodedObjectCache::json(const api::ObjectPtr &object)
{
    const auto it = m_bytes.constFind(object.get());
    if (it != m_bytes.cend()) {
        ++m_hits;
        return *it;
    }
    ++m_misses;
    QByteArray bytes = object->toJsonBytes();
    if (m_order.size() >= std::size_t(m_capacity)) {
        m_bytes.remove(m_order.front().get());
        m_order.pop_front();
    }
    m_order.push_back(object);
    m_bytes.insert(object.get(), bytes);
    return bytes;
}

} // namespace rlab::server
