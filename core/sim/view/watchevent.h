#pragma once
#include "core/store/watchevent.h"

namespace rlab::view {

// One change of one etcd key (PUT or DELETE at a revision, with the value before), as the
// window's panels receive it from a WatchFeed or a key's history. Values; safe across threads.
using WatchEvent = store::WatchEvent;
using Revision = store::Revision;

} // namespace rlab::view
