#pragma once
#include "core/api/object.h"

#include <QByteArray>
#include <QByteArrayView>

namespace rlab::api {

// An object as compact bytes and back, for versions the store keeps cold (see KvStore::compact):
// a version byte, the kind, then the kind's fields in visitFields order (PackWriter); a generic
// object packs its apiVersion, kind, metadata and content. unpackObject(packObject(o)) equals o
// field for field (toJson() is the same). A kubelet Event: ~125 bytes, packed in ~1 µs and
// unpacked in ~0.8 µs (its JSON encoding: ~25 µs; tst_objectpack benchmark).
// Not a wire or file format: only this build reads what it wrote. Any thread.
// Empty for an Object subclass it does not know (Kind::Generic that is not a GenericObject).
QByteArray packObject(const Object &object);
// nullptr when the bytes are not a pack this build wrote (wrong version or kind, truncated).
MutableObjectPtr unpackObject(QByteArrayView bytes);

} // namespace rlab::api
