#pragma once
#include "core/api/event.h"

namespace rlab::api {

class PackReader;
class PackWriter;

// The Event layout of packObject (objectpack.h), for the Events the lab's recorders write (the
// store packs ~100,000 of them at rlab bench --size medium): no field names, no visit of the
// empty metadata, and the strings every Event of a source repeats (namespace, kind, reason,
// type, components, node, the kubelet's messages) as PackVocabulary numbers. The name
// "<involvedObject.name>.<hex>" is its hex suffix alone. E.g. a kubelet's "Started" Event packs
// to ~70 bytes in ~1,500 instructions (the field-by-field layout: ~120 bytes, ~6,900).
// Its first byte is never 0 (objectpack's field-by-field Event begins with 0).
// packEvent() writes nothing and says false for an Event it does not fit (labels, annotations,
// owners, finalizers, a generateName, a deletion, extra fields, another apiVersion): those take
// the field-by-field layout. unpackEvent() reads what packEvent() wrote; nullptr (or a failed
// reader) for bytes it did not write. Any thread.
bool packEvent(PackWriter &w, const Event &e);
std::shared_ptr<Event> unpackEvent(PackReader &r, quint8 first);

} // namespace rlab::api
