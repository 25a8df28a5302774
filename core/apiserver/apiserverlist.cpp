// ApiServer::list (split from apiserver.cpp): a LIST read at one revision, in chunks when a
// limit is given, with the selectors applied as the store walks. Thread rules: as ApiServer.
#include "core/apiserver/apiserver.h"

#include "core/api/labelselector.h"
#include "core/apiserver/continuetoken.h"
#include "core/apiserver/fieldselector.h"
#include "core/apiserver/listselectors.h"
#include "core/store/kvstore.h"

#include <algorithm>

namespace rlab::apiserver {

using namespace rlab::api;

namespace {
// storage/etcd3's maxLimit: a chunked LIST reads at most this many keys at a time.
constexpr qint64 kMaxListChunk = 10000;
} // namespace

Result<ObjectList> ApiServer::list(const ResourceType &rt, const QString &ns, const ListOptions &opts) const
{
    using R = Result<ObjectList>;
    std::optional<Selector> labels;
    std::optional<FieldSelector> fields;
    if (std::optional<ApiError> bad = parseListSelectors(opts, rt, &labels, &fields))
        return R::failure(std::move(*bad));
    store::RangeOptions ro;
    const QByteArray prefix = (rt.namespaced && !ns.isEmpty()) ? rt.etcdKey(ns, QString()) : rt.etcdPrefix.toUtf8() + '/';
    std::optional<ContinueToken> from;
    if (!opts.continueToken.isEmpty()) {
        // storage/etcd3 list: a continued list is read at the first chunk's revision.
        if (!opts.resourceVersion.isEmpty() && opts.resourceVersion != QLatin1String("0"))
            return R::failure(ApiError::badRequest(QStringLiteral("specifying resource version is not allowed when using continue")));
        QString error;
        from = ContinueToken::decode(opts.continueToken, prefix, &error);
        if (!from)
            return R::failure(ApiError::badRequest(QStringLiteral("invalid continue token: %1").arg(error)));
        if (from->resourceVersion > m_store.revision())
            return R::failure(ApiError::badRequest(QStringLiteral("invalid continue token: continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)")));
        ro.rev = from->resourceVersion;
    } else if (!opts.resourceVersion.isEmpty() && opts.resourceVersion != QLatin1String("0")) {
        bool ok = false;
        const qint64 rv = opts.resourceVersion.toLongLong(&ok);
        if (!ok)
            return R::failure(ApiError::badRequest(QStringLiteral("invalid resource version: %1").arg(opts.resourceVersion)));
        if (opts.resourceVersionMatch == QLatin1String("Exact"))
            ro.rev = rv;
        else if (rv > m_store.revision())
            return R::failure(ApiError{504, QStringLiteral("Timeout"),
                                       QStringLiteral("Too large resource version: %1, current: %2").arg(rv).arg(m_store.revision()),
                                       {}, {}, {}, {}, 1});
    }
    // One revision, read in chunks when a limit is given (storage/etcd3 GetList pages through
    // etcd until the page is full): a page of 500 pods out of 100,000 walks about 500 keys, not
    // every pod of the namespace. The store applies the selectors as it walks (upstream filters
    // after decoding each value), so only matching values are copied. Example: limit 2,
    // labelSelector app=a over pods p1(a) p2(b) p3(a) p4(a): one read of 3 matches, p1 p3 p4 —
    // p1 p3 listed, p4 found, so continue = after p3.
    const QByteArray end = store::prefixEnd(prefix);
    QByteArray start = from ? std::max(from->startKey, prefix) : prefix;
    qint64 readSize = opts.limit > 0 ? std::min<qint64>(opts.limit, kMaxListChunk - 1) + 1 : 0;
    ObjectList out;
    for (bool first = true;; first = false) {
        store::RangeOptions chunk = ro;
        chunk.limit = readSize;
        chunk.stopAfterLimit = readSize > 0;
        if (!labels->isEmpty() || !fields->isEmpty())
            chunk.filter = [&labels, &fields](const Object &o) { return labels->matches(o.metadata.labels) && fields->matches(o); };
        const store::RangeResult r = m_store.range(store::KeyRange::interval(start, end), chunk);
        if (r.error == store::StoreError::Compacted && from)
            return R::failure(ApiError::gone(QStringLiteral(
                "The provided continue parameter is too old to display a consistent list result. You can start a new list without "
                "the continue parameter.")));
        if (r.error == store::StoreError::Compacted)
            return R::failure(ApiError::gone(QStringLiteral("The resourceVersion for the provided list is too old.")));
        if (!r.ok())
            return R::failure(ApiError::internal(QString::fromLatin1(store::errorString(r.error))));
        if (first) {
            out.resourceVersion = ro.rev ? ro.rev : r.revision;
            ro.rev = out.resourceVersion;   // later chunks read the first one's revision
            if (readSize == 0)
                out.items.reserve(qsizetype(r.kvs.size()));
        }
        // Continue tokens: upstream's format, the key to resume from and the list's revision.
        for (const store::KeyValue &kv : r.kvs) {   // all match (chunk.filter)
            if (opts.limit > 0 && out.items.size() >= opts.limit) {
                if (!out.items.isEmpty())
                    out.continueToken = ContinueToken::encode(
                        rt.etcdKey(out.items.last()->metadata.namespace_, out.items.last()->metadata.name) + '\0', prefix,
                        out.resourceVersion);
                return {std::move(out), {}};
            }
            out.items.append(kv.value);
        }
        if (!r.more || r.kvs.empty())
            break;
        start = r.kvs.back().key + '\0';
        readSize = std::min<qint64>(readSize * 2, kMaxListChunk);
    }
    return {std::move(out), {}};
}

} // namespace rlab::apiserver
