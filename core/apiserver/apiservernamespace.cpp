// ApiServer: NamespaceLifecycle admission for creates (see apiserver.h).
#include "core/apiserver/apiserver.h"

#include "core/api/namespace.h"
#include "core/api/samedata.h"
#include "core/store/kvstore.h"

#include <array>

namespace rlab::apiserver {

using namespace rlab::api;

std::optional<ApiError> ApiServer::checkNamespace(const ResourceType &rt, const QString &ns, const QString &name) const
{
    if (!rt.namespaced)
        return std::nullopt;
    if (ns.isEmpty())
        return ApiError::badRequest(QStringLiteral("the namespace of the object is required"));
    static const ResourceType nsType = resources::byKind(Kind::Namespace);   // built once: every create asks
    // The namespace's etcd key, remembered for the last namespaces asked about by where their
    // characters are (a slot holds its name, so those are neither freed nor reused). Per thread.
    struct Key
    {
        QString ns;
        QByteArray key;
    };
    thread_local std::array<Key, 8> keys;
    Key &k = keys[(quintptr(ns.constData()) >> 4) % keys.size()];
    if (!sameData(k.ns, ns) || k.key.isEmpty())
        k = Key{ns, nsType.etcdKey(QString(), ns)};
    // The namespace object, kept while no namespace was written (kube-apiserver's lifecycle
    // admission reads a namespace informer's cache, not etcd). Read before the store: a write
    // after it makes the next check read again. Under m_writeMutex (every caller holds it).
    const qint64 generation = m_store.countedWrites();
    NamespaceSeen &seen = m_namespacesSeen[(quintptr(ns.constData()) >> 4) % m_namespacesSeen.size()];
    ObjectPtr n;
    if (seen.generation == generation && (sameData(seen.ns, ns) || seen.ns == ns)) {
        n = seen.object;
    } else {
        n = m_store.get(k.key);
        seen = NamespaceSeen{ns, n, generation};
    }
    if (!n)
        return ApiError::notFound(QStringLiteral("namespaces"), QString(), ns);
    if (n->metadata.deletionTimestamp != 0)
        return ApiError::forbidden(rt.resource, rt.group, name,
                                   QStringLiteral("unable to create new content in namespace %1 because it is being terminated").arg(ns));
    return std::nullopt;
}

} // namespace rlab::apiserver
