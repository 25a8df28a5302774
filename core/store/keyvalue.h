#pragma once
#include "core/api/object.h"

#include <QByteArray>

namespace rlab::store {

// One version of one key, as etcd's mvccpb.KeyValue: createRevision is the main revision of the
// put that created the key's current generation, modRevision the main revision of this version,
// version counts the puts since creation (1 for the first put). A deleted key reads as absent;
// a DELETE WatchEvent carries a KeyValue with only key and modRevision set.
// A value type: the object is shared (immutable), copies are cheap and may cross threads.
struct KeyValue
{
    QByteArray key;
    qint64 createRevision = 0;
    qint64 modRevision = 0;
    qint64 version = 0;
    api::ObjectPtr value;

    // The JSON bytes kube-apiserver would have written to etcd, computed on each call (the store
    // never serialises on write).
    QByteArray bytes() const { return value ? value->toJsonBytes() : QByteArray(); }
    bool isValid() const { return !key.isEmpty(); }
};

} // namespace rlab::store
