#pragma once
#include "core/sim/view/keyvalue.h"

#include <vector>

namespace rlab::view {

// The keys under a prefix as they were at one revision, sorted by key: what a panel rebuilds
// from (the live cluster when a watch starts, or the past while time travelling). A value.
struct Snapshot
{
    std::vector<KeyValue> kvs;
    qint64 revision = 0;   // the revision the keys are read at
};

} // namespace rlab::view
