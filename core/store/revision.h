#pragma once
#include <QtGlobal>

#include <compare>

namespace rlab::store {

// etcd mvcc Revision{Main, Sub}. `main` is bumped once per atomic change set (a put, a
// deleteRange that deleted something, or a txn with writes); `sub` orders the changes inside
// that set: txn{put a, put b, deleteRange c} at main 7 writes a@{7,0}, b@{7,1}, c@{7,2}.
// Ordered by main, then sub. A plain value; safe to copy between threads.
struct Revision
{
    qint64 main = 0;
    qint64 sub = 0;

    friend constexpr auto operator<=>(const Revision &, const Revision &) = default;
    friend constexpr bool operator==(const Revision &, const Revision &) = default;
};

} // namespace rlab::store
