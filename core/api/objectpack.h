#pragma once
#include "core/api/object.h"

#include <QByteArray>
#include <QByteArrayView>

namespace rlab::api {

// An object as compact bytes and back, for versions the store keeps cold (see KvStore::compact):
// a version byte, the kind, then the kind's fields in visitFields order (PackWriter); a generic
// object packs its apiVersion, kind, metadata and content; an Event as the recorders write it
// has a layout of its own (eventpack.h). unpackObject(packObject(o)) equals o field for field
// (toJson() is the same). A kubelet Event: ~90 bytes once its source's strings are learnt,
// packed in ~0.25 µs and unpacked in ~0.4 µs (its JSON encoding: ~20 µs; tst_objectpack
// benchmark). Packing the same object twice may give fewer bytes the second time (the
// PackVocabulary learns a string on its second sighting).
// Not a wire or file format: only this process reads what it wrote. Any thread.
// Empty for an Object subclass it does not know (Kind::Generic that is not a GenericObject).
QByteArray packObject(const Object &object);
// nullptr when the bytes are not a pack this build wrote (wrong version or kind, truncated).
MutableObjectPtr unpackObject(QByteArrayView bytes);

} // namespace rlab::api
