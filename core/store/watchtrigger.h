#pragma once
#include "core/api/object.h"
#include "core/store/watchevent.h"

#include <QString>

#include <functional>
#include <optional>

namespace rlab::store {

// A watcher's indexed trigger, as kube-apiserver's watch cache has them (cacher.go
// indexedTrigger, pods by spec.nodeName): the watcher can only match an event whose new or
// previous object carries `value` in `field`, so the KvStore files the watcher under
// (field, value) and hands it only those events, instead of every event of its range to be
// filtered afterwards. `valueOf` reads the field off an object (nullopt: no such field), the same
// function for every watcher of one field. A value; empty (no field) means "not indexed".
struct WatchTrigger
{
    QString field;
    QString value;
    std::function<std::optional<QString>(const api::Object &)> valueOf;

    bool isSet() const { return !field.isEmpty() && bool(valueOf); }
    // True when the event's object or its previous version has the value (always, when unset).
    bool concerns(const WatchEvent &e) const
    {
        if (!isSet())
            return true;
        return (e.kv.value && valueOf(*e.kv.value) == value) || (e.prevKv.value && valueOf(*e.prevKv.value) == value);
    }
};

} // namespace rlab::store
