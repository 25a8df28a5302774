#pragma once
#include "core/store/keyindex.h"

#include <QString>
#include <vector>

namespace rlab::store {

// Everything a KvStore holds, as values: its revision, its compact revision and every key's
// retained history (KeyIndex generations, values shared and immutable). What KvStore::image()
// copies out and KvStore::restore() rebuilds a store from, e.g. for a saved lab: a store at
// revision 118 compacted at 60 restores to revision 118, compacted at 60, with the same
// version numbers (a generation's `ver` survives compaction), so range/history/watch from 60 on
// answer as before. A plain value; safe to move between threads.
struct StoreImage
{
    qint64 revision = 1;
    qint64 compactRevision = 0;
    std::vector<KeyIndex> keys;   // in key order
};

} // namespace rlab::store
