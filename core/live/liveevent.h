#pragma once
#include "core/api/object.h"

#include <QString>
#include <optional>

namespace rlab::live {

// One watch event of a real cluster as live mode received it: when (t, ms since the mirror or
// recording started), what (ADDED, MODIFIED, DELETED, or RELIST for an object of a list: the
// informer's initial list or a relist after 410 Gone), of which resource ("deployments",
// "replicasets", "pods", "nodes", "events") and the object exactly as the API server sent it
// (resourceVersion, uid, managedFields kept). A plain value: crosses threads.
struct LiveEvent
{
    enum class Type { Added, Modified, Deleted, Relist };
    qint64 t = 0;
    Type type = Type::Added;
    QString resource;
    api::ObjectPtr object;

    static QString typeName(Type type);                        // "ADDED" …
    static std::optional<Type> typeFromName(const QString &name);
    // "namespace/name" (or "name" for cluster-scoped objects).
    QString key() const;
};

} // namespace rlab::live
