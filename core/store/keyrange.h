#pragma once
#include <QByteArray>

namespace rlab::store {

// The set of keys an operation touches, as etcd's (key, range_end) pair:
//   end empty     -> just `key`                       single("/registry/pods/default/web-1")
//   end == "\0"   -> every key >= key                 fromKey("/registry/pods/default/web-1\0")
//   otherwise     -> key <= k < end (byte order)       prefix("/registry/pods/") is
//                                                       ["/registry/pods/", "/registry/pods0")
// A plain value; safe to copy between threads.
struct KeyRange
{
    QByteArray key;
    QByteArray end;

    static KeyRange single(const QByteArray &key) { return {key, {}}; }
    static KeyRange prefix(const QByteArray &prefix);
    static KeyRange fromKey(const QByteArray &key);   // [key, +inf)
    static KeyRange interval(const QByteArray &begin, const QByteArray &end)
    {
        return {begin, end};
    }

    bool isSingle() const { return end.isEmpty(); }
    bool isPrefix() const;                            // built by prefix(): end == prefixEnd(key)
    bool contains(const QByteArray &k) const;
    bool operator==(const KeyRange &) const = default;
};

// etcd clientv3.GetPrefixRangeEnd: the first key after every key starting with `prefix`:
// "/registry/pods/" -> "/registry/pods0", "a\xff" -> "b", "" or "\xff\xff" -> "\0" (no end).
QByteArray prefixEnd(const QByteArray &prefix);

} // namespace rlab::store
