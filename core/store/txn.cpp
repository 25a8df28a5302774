#include "core/store/txn.h"

namespace rlab::store {

TxnRequest TxnRequest::createIfAbsent(const QByteArray &key, Op::ValueFn value)
{
    return {{Compare::absent(key)}, {Op::put(key, std::move(value))}, {Op::get(key)}};
}

TxnRequest TxnRequest::createIfAbsent(const QByteArray &key, api::ObjectPtr value)
{
    return {{Compare::absent(key)}, {Op::put(key, std::move(value))}, {Op::get(key)}};
}

TxnRequest TxnRequest::updateIfModRevision(const QByteArray &key, qint64 rev, Op::ValueFn value)
{
    return {{Compare::modRevision(key, Compare::Equal, rev)}, {Op::put(key, std::move(value))},
            {Op::get(key)}};
}

TxnRequest TxnRequest::updateIfModRevision(const QByteArray &key, qint64 rev, api::ObjectPtr value)
{
    return {{Compare::modRevision(key, Compare::Equal, rev)}, {Op::put(key, std::move(value))},
            {Op::get(key)}};
}

TxnRequest TxnRequest::deleteIfModRevision(const QByteArray &key, qint64 rev)
{
    return {{Compare::modRevision(key, Compare::Equal, rev)},
            {Op::deleteRange(KeyRange::single(key))}, {Op::get(key)}};
}

} // namespace rlab::store
