#pragma once
#include "core/store/keyvalue.h"
#include "core/store/revision.h"

namespace rlab::store {

// One change of one key, as etcd's mvccpb.Event. A put that creates key k at revision 5 gives
// {Put, {5,0}, kv{k, create 5, mod 5, version 1}, prevKv invalid}; updating it at 8 gives
// {Put, {8,0}, kv{k, 5, 8, 2}, prevKv{k, 5, 5, 1}}; deleting it at 9 gives
// {Delete, {9,0}, kv{k, 0, 9, 0, no value}, prevKv{k, 5, 8, 2}}.
// prevKv is invalid when there was none or when it has been compacted away.
// A value type; safe to copy between threads.
struct WatchEvent
{
    enum Type { Put, Delete };

    Type type = Put;
    Revision revision;
    KeyValue kv;
    KeyValue prevKv;

    bool isCreate() const { return type == Put && kv.createRevision == kv.modRevision; }
    bool isModify() const { return type == Put && kv.createRevision != kv.modRevision; }
    static const char *typeName(Type t) { return t == Put ? "PUT" : "DELETE"; }
};

} // namespace rlab::store
