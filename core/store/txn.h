#pragma once
#include "core/api/object.h"
#include "core/store/keyrange.h"
#include "core/store/keyvalue.h"
#include "core/store/kv.h"
#include "core/store/revision.h"
#include "core/store/storeerror.h"

#include <functional>
#include <vector>

namespace rlab::store {

// The request and response of KvStore::txn(), as etcd's TxnRequest: if every Compare holds,
// the `success` ops run, otherwise the `failure` ops, all atomically at one new main revision
// (only if they write something). Plain values; build them on any thread.

// One condition on one key, evaluated against the key's current version. A missing key has
// createRevision, modRevision and version 0, so `modRevision(k) == 0` means "k does not exist"
// (kube-apiserver's notFound(key)); a Value compare on a missing key is always false.
struct Compare
{
    enum Target { Version, CreateRevision, ModRevision, Value };
    enum Result { Equal, NotEqual, Greater, Less };

    QByteArray key;
    Target target = ModRevision;
    Result result = Equal;
    qint64 number = 0;       // for Version, CreateRevision, ModRevision
    api::ObjectPtr value;    // for Value: same object, or same JSON bytes (Greater/Less by bytes)

    static Compare version(const QByteArray &key, Result r, qint64 v)
    {
        return {key, Version, r, v, {}};
    }
    static Compare createRevision(const QByteArray &key, Result r, qint64 rev)
    {
        return {key, CreateRevision, r, rev, {}};
    }
    static Compare modRevision(const QByteArray &key, Result r, qint64 rev)
    {
        return {key, ModRevision, r, rev, {}};
    }
    static Compare valueIs(const QByteArray &key, Result r, api::ObjectPtr v)
    {
        return {key, Value, r, 0, std::move(v)};
    }
    static Compare absent(const QByteArray &key) { return modRevision(key, Equal, 0); }
    static Compare exists(const QByteArray &key) { return modRevision(key, NotEqual, 0); }
};

// One operation of a txn branch.
struct Op
{
    enum Type { Range, Put, DeleteRange };
    // Builds the value to store from the main revision it will be stored at (so that the API
    // layer can stamp metadata.resourceVersion without a second copy). Runs under the store's
    // write lock: it must be quick, must not return null and must not call the KvStore.
    using ValueFn = std::function<api::ObjectPtr(qint64 modRevision)>;

    Type type = Range;
    KeyRange keyRange;       // Put: single(key)
    api::ObjectPtr value;    // Put, unless makeValue is set
    ValueFn makeValue;       // Put
    RangeOptions options;    // Range

    static Op range(const KeyRange &r, RangeOptions o = {}) { return {Range, r, {}, {}, o}; }
    static Op get(const QByteArray &key) { return range(KeyRange::single(key)); }
    static Op put(const QByteArray &key, api::ObjectPtr v)
    {
        return {Put, KeyRange::single(key), std::move(v), {}, {}};
    }
    static Op put(const QByteArray &key, ValueFn fn)
    {
        return {Put, KeyRange::single(key), {}, std::move(fn), {}};
    }
    static Op deleteRange(const KeyRange &r) { return {DeleteRange, r, {}, {}, {}}; }
};

struct OpResponse
{
    Op::Type type = Op::Range;
    std::vector<KeyValue> kvs;       // Range: the kvs; Put: the version written (one kv)
    qint64 count = 0;                // Range
    bool more = false;               // Range
    qint64 deleted = 0;              // DeleteRange
    std::vector<KeyValue> prevKvs;   // DeleteRange: what was deleted
    Revision revision;               // Put: {main, sub} written
};

struct TxnRequest
{
    std::vector<Compare> compare;
    std::vector<Op> success;
    std::vector<Op> failure;

    // kube-apiserver's storage patterns (k8s.io/apiserver/pkg/storage/etcd3/store.go). Each
    // puts the current version of the key (if any) into responses[0].kvs when it fails.
    // Create:            If(modRevision(key) == 0)   Then(put)        Else(get)
    static TxnRequest createIfAbsent(const QByteArray &key, Op::ValueFn value);
    static TxnRequest createIfAbsent(const QByteArray &key, api::ObjectPtr value);
    // GuaranteedUpdate:  If(modRevision(key) == rev) Then(put)        Else(get)
    static TxnRequest updateIfModRevision(const QByteArray &key, qint64 rev, Op::ValueFn value);
    static TxnRequest updateIfModRevision(const QByteArray &key, qint64 rev, api::ObjectPtr value);
    // Delete:            If(modRevision(key) == rev) Then(deleteRange) Else(get)
    static TxnRequest deleteIfModRevision(const QByteArray &key, qint64 rev);
};

struct TxnResponse
{
    bool succeeded = false;          // the compares held: `success` ran
    qint64 revision = 0;             // current revision after the txn
    std::vector<OpResponse> responses;   // one per op of the branch that ran
    StoreError error = StoreError::None; // nothing was applied when set
    qint64 compactRevision = 0;      // with Compacted (a Range op at a compacted rev)

    bool ok() const { return error == StoreError::None; }
    // The first kv of responses[0] (the created/updated version on success, the current
    // version on failure of the helpers above); invalid when there is none.
    KeyValue firstKv() const
    {
        return !responses.empty() && !responses.front().kvs.empty() ? responses.front().kvs.front()
                                                                    : KeyValue{};
    }
};

} // namespace rlab::store
