#pragma once
#include "core/store/keyvalue.h"

namespace rlab::view {

// One version of one etcd key as the window sees it: the store's immutable value (key,
// create/mod revision, version, the shared const object). A value; copies may cross threads.
using KeyValue = store::KeyValue;

} // namespace rlab::view
