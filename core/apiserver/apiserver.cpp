#include "core/apiserver/apiserver.h"

#include "core/api/defaults.h"
#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/api/replicaset.h"
#include "core/api/genericobject.h"
#include "core/api/jsoncompact.h"
#include "core/api/namespace.h"
#include "core/api/samedata.h"
#include "core/api/validation.h"
#include "core/apiserver/admission.h"
#include "core/apiserver/callerscope.h"
#include "core/apiserver/continuetoken.h"
#include "core/apiserver/listselectors.h"
#include "core/apiserver/strategy.h"
#include "core/base/clock.h"
#include "core/base/decimal.h"
#include "core/base/joined.h"
#include "core/base/tracelog.h"
#include "core/store/kvstore.h"

#include <QHash>

#include <algorithm>
#include <array>

#include <optional>

namespace rlab::apiserver {

using namespace rlab::api;

ApiServer::ApiServer(store::KvStore &store, Clock &clock, TraceLog *trace, quint64 seed)
    : m_store(store), m_clock(clock), m_trace(trace), m_names(seed)
{
    // Events are written once and seldom read: their cold versions are kept packed.
    m_store.setPackCold(store::KeyRange::prefix(QByteArrayLiteral("/registry/events/")));
    // checkNamespace keeps the namespaces it read until one of them may have been written.
    m_store.setCountWrites(QByteArrayLiteral("/registry/namespaces/"));
    if (m_trace) {
        m_traceIds.apiserver = m_trace->nameId(QStringLiteral("apiserver"));
        m_traceIds.request = m_trace->nameId(QStringLiteral("Request"));
        m_traceIds.etcd = m_trace->nameId(QStringLiteral("etcd"));
        m_traceIds.put = m_trace->nameId(QStringLiteral("Put"));
    }
}

ApiServer::~ApiServer() = default;

qint64 ApiServer::currentRevision() const
{
    return m_store.revision();
}

qint64 ApiServer::watchProgressRevision() const
{
    std::lock_guard lock(m_writeMutex);
    return m_store.revision();
}

namespace {
// What a Request trace event's detail depends on; the detail is built once per distinct key.
struct RequestDetailKey
{
    QString verb, resource, group, subresource, agent;
    bool operator==(const RequestDetailKey &o) const
    {
        return verb == o.verb && resource == o.resource && group == o.group && subresource == o.subresource && agent == o.agent;
    }
};
size_t qHash(const RequestDetailKey &k, size_t seed = 0)
{
    return qHashMulti(seed, k.verb, k.resource, k.group, k.subresource, k.agent);
}

// "<agent> <verb> <resource>[/<subresource>][ <key>]", made when the trace is read
// (TraceEvent::textFn) from the request's detail: resource is the qualified one up to its first
// dot ("deployments.apps" -> "deployments"; resource names have no dot).
QString requestText(const TraceEvent &ev)
{
    const QString agent = ev.detail.value(QLatin1String("userAgent")).toString();
    const QString verb = ev.detail.value(QLatin1String("verb")).toString();
    const QString qualified = ev.detail.value(QLatin1String("resource")).toString();
    const QString subresource = ev.detail.value(QLatin1String("subresource")).toString();
    const qsizetype dot = qualified.indexOf(QLatin1Char('.'));
    const QStringView resource = dot < 0 ? QStringView(qualified) : QStringView(qualified).left(dot);
    const QStringView client = agent.isEmpty() ? QStringView(u"client") : QStringView(agent);
    const QStringView slash = subresource.isEmpty() ? QStringView() : QStringView(u"/");
    const QStringView space = ev.key.isEmpty() ? QStringView() : QStringView(u" ");
    return joined(client, u" ", verb, u" ", resource, slash, subresource, space, ev.key);
}

// "etcd created|updated <key> at revision <rev>", made when the trace is read; args[0] is 1 for
// a create.
QString putText(const TraceEvent &ev)
{
    return joined(u"etcd ", ev.args[0] ? QStringView(u"created") : QStringView(u"updated"), u" ", ev.key,
                  u" at revision ", QString::number(ev.rev));
}

} // namespace

void ApiServer::traceRequest(const QString &verb, const ResourceType &rt, const QString &ns,
                             const QString &name, const QString &subresource) const
{
    if (!m_trace)
        return;
    TraceLog::Compact ev;
    ev.component = m_traceIds.apiserver;
    ev.type = m_traceIds.request;
    ev.worker = CallerScope::worker();
    // The key, "ns/name" (or either alone), goes to the trace in parts.
    ev.ns = ns;
    ev.name = name;
    const QString agent = CallerScope::userAgent();
    // The detail repeats (a few verbs, resources and agents): each distinct one is built once
    // per thread and shared by the events (implicitly shared, so also in the trace's memory).
    // Bounded like Scheduler::pluginsJson; thread_local, so no lock.
    // In front of the hash, a few recent keys compared by identity: the same strings in memory
    // (literals, a resource type's names, a caller's agent) are equal without hashing five of
    // them. An entry holds its strings, so their characters cannot change or be freed.
    struct Recent
    {
        RequestDetailKey key;
        QJsonObject detail;
    };
    // 128 slots, chosen by the top bits of a multiplicative hash of the four addresses: with 32
    // and the low bits of their XOR, a kubelet's Event creates and its binds' requests could
    // share a slot and evict each other on every pod (~800 instructions a miss).
    thread_local std::array<Recent, 128> recent;
    const quint64 mixed = (quint64(quintptr(verb.constData())) ^ quint64(quintptr(rt.resource.constData())) * 3
                           ^ quint64(quintptr(subresource.constData())) * 5 ^ quint64(quintptr(agent.constData())) * 7)
                          * 0x9e3779b97f4a7c15ULL;
    const std::size_t slot = std::size_t(mixed >> 57);   // 7 bits: 0-127
    Recent &r = recent[slot];
    if (sameData(r.key.verb, verb) && sameData(r.key.resource, rt.resource) && sameData(r.key.group, rt.group)
        && sameData(r.key.subresource, subresource) && sameData(r.key.agent, agent) && !r.detail.isEmpty()) {
        ev.detail = &r.detail;
        ev.textFn = &requestText;
        m_trace->appendCompact(ev);
        return;
    }
    // Bounded above what a big lab has: one agent per kubelet (1,000 at rlab bench --size large)
    // times a few verbs and resources is ~5,000 details; bounded at 4,096 the set was emptied
    // and rebuilt over and over (~12,000 instructions a detail).
    thread_local QHash<RequestDetailKey, QJsonObject> details;
    RequestDetailKey detailKey{verb, rt.resource, rt.group, subresource, agent};
    auto cached = details.constFind(detailKey);
    if (cached == details.cend()) {
        if (details.size() >= 32768)
            details.clear();
        cached = details.insert(detailKey, QJsonObject{{QStringLiteral("verb"), verb},
                                                       {QStringLiteral("resource"), rt.qualified()},
                                                       {QStringLiteral("subresource"), subresource},
                                                       {QStringLiteral("userAgent"), agent}});
    }
    r = Recent{std::move(detailKey), *cached};
    ev.detail = &*cached;
    ev.textFn = &requestText;
    m_trace->appendCompact(ev);
}

namespace {
TraceEvent etcdEvent(const char *type, qint64 rev, const QString &text)
{
    TraceEvent ev;
    ev.component = QStringLiteral("etcd");
    ev.type = QLatin1String(type);
    ev.rev = rev;
    ev.text = text;
    return ev;
}
} // namespace

void ApiServer::traceWrite(const char *type, const QByteArray &key, qint64 rev, const QString &text,
                           TraceEvent::TextFn textFn) const
{
    if (!m_trace)
        return;
    TraceEvent ev = etcdEvent(type, rev, text);
    ev.textFn = textFn;
    m_trace->appendKeyed(std::move(ev), key);
}

void ApiServer::traceWrite(const char *type, const QString &key, qint64 rev, const QString &text) const
{
    if (!m_trace)
        return;
    TraceEvent ev = etcdEvent(type, rev, text);
    ev.key = key;
    m_trace->append(std::move(ev));
}

ObjectPtr ApiServer::getLocked(const ResourceType &rt, const QString &ns, const QString &name, qint64 *modRev) const
{
    return m_store.get(rt.etcdKey(ns, name), modRev);
}

namespace {
const QByteArray kPodsPrefix = QByteArrayLiteral("/registry/pods/");
const QByteArray kEventsPrefix = QByteArrayLiteral("/registry/events/");
} // namespace

Result<ObjectPtr> ApiServer::commit(const QByteArray &key, MutableObjectPtr obj, bool isCreate, const Object *previous)
{
    packWrittenEvents();
    // Only the ApiServer writes to the store and it holds m_writeMutex, so the next revision is
    // known before the write: the stored object carries its own resourceVersion.
    const qint64 rev = m_store.revision() + 1;
    obj->metadata.resourceVersion = decimal(rev);
    // Each stored version holds only its own bytes: JSON edited in place (a patch of a patch, a
    // client's insert into a clone) would carry every value it replaced (see jsoncompact.h).
    // Typed kinds' JSON members are compacted when decoded; free-form content is compacted here.
    if (const auto g = objectCast<GenericObject>(obj)) {
        g->content = compactJsonObject(g->content);
        g->metadata.extra = compactJsonObject(g->metadata.extra);
    }
    // Every informer, queue and handler asks a stored object for its key; no controller watches
    // Events (the window's lists key them by their own index).
    if (obj->kind() != Kind::Event)
        obj->rememberKey(previous);
    ObjectPtr frozen = std::move(obj);
    // Under a quota each version costs its key and its JSON, as in etcd's backend; unmetered
    // (no encoding) without one.
    const qint64 bytes = m_store.quotaBackendBytes() > 0 ? qint64(key.size()) + qint64(frozen->toJsonBytes().size()) : 0;
    store::StoreError error = store::StoreError::None;
    const store::Revision got = m_store.put(key, frozen, bytes, &error);
    if (error == store::StoreError::NoSpace) {
        traceWrite("NoSpace", key, m_store.revision(),
                   QStringLiteral("etcd refused %1: mvcc: database space exceeded (quota %2 bytes; the NOSPACE alarm is up)")
                       .arg(QString::fromUtf8(key)).arg(m_store.quotaBackendBytes()));
        // kube-apiserver passes etcd's error on as a 500 with reason Unknown (ErrorToAPIStatus).
        ApiError e = ApiError::internal(QString::fromLatin1(store::errorString(error)));
        e.reason.clear();
        e.message = QString::fromLatin1(store::errorString(error));
        return Result<ObjectPtr>::failure(std::move(e));
    }
    Q_ASSERT(got.main == rev);
    if (m_trace) {
        TraceLog::Compact ev;
        ev.component = m_traceIds.etcd;
        ev.type = m_traceIds.put;
        ev.utf8Key = key;   // no QString made for the key
        ev.rev = got.main;
        ev.textFn = &putText;
        ev.args[0] = isCreate ? 1 : 0;
        m_trace->appendCompact(ev);
    }
    if (isCreate && key.startsWith(kPodsPrefix) && m_livePods.load() >= 0)
        ++m_livePods;
    if (frozen->kind() == Kind::Event) {
        leaseEvent(*frozen, got.main, key);
        m_eventsToPack.push_back(key);
    }
    return Result<ObjectPtr>{frozen, {}};
}

void ApiServer::packWrittenEvents()
{
    // Events are written once and read seldom (no controller watches them): etcd holds their
    // bytes, and so does the store, packed as soon as nothing else holds the object (an Event
    // watcher that has not taken it yet, a reader that kept it: then compaction packs it).
    for (const QByteArray &key : m_eventsToPack)
        m_store.packNow(key);
    m_eventsToPack.clear();
}

void ApiServer::leaseEvent(const Object &o, qint64 revision, const QByteArray &key)
{
    const auto &e = static_cast<const Event &>(o);
    const qint64 lastWrite = std::max({e.lastTimestamp, e.firstTimestamp, e.metadata.creationTimestamp});
    m_eventLeases.grant(lastWrite + kEventTtlMs, revision, key);
}

void ApiServer::leaseStoredEvents()
{
    const store::RangeResult events = m_store.range(store::KeyRange::prefix(kEventsPrefix));
    for (const store::KeyValue &kv : events.kvs)
        if (kv.value && kv.value->kind() == Kind::Event)
            leaseEvent(*kv.value, kv.modRevision, kv.key);
}

int ApiServer::expireEvents(qint64 now)
{
    // Due leases whose key was not written since (a later write holds a later lease), by key.
    std::vector<QByteArray> keys;
    for (EventLeases::Lease &l : m_eventLeases.due(now))
        if (m_store.modRevision(l.key) == l.revision)
            keys.push_back(std::move(l.key));
    std::sort(keys.begin(), keys.end());
    const ResourceType rt = resources::byKind(Kind::Event);
    int expired = 0;
    for (const QByteArray &key : keys) {
        // "/registry/events/<namespace>/<name>"
        const QList<QByteArray> parts = key.mid(kEventsPrefix.size()).split('/');
        if (parts.size() == 2 && remove(rt, QString::fromUtf8(parts[0]), QString::fromUtf8(parts[1])).ok())
            ++expired;
    }
    return expired;
}

void ApiServer::setPodCapacity(qint64 pods)
{
    m_podCapacity.store(std::max<qint64>(0, pods));
}

qint64 ApiServer::livePods() const
{
    std::lock_guard lock(m_writeMutex);
    if (m_livePods.load() < 0)   // once, then counted on every create and delete
        m_livePods.store(m_store.range(store::KeyRange::prefix(kPodsPrefix), {0, 0, true}).count);
    return m_livePods.load();
}

std::optional<ApiError> ApiServer::checkCapacity(const ResourceType &rt, const Object &obj, bool podCreate) const
{
    const qint64 capacity = m_podCapacity.load();
    if (capacity <= 0)
        return std::nullopt;
    if (podCreate && obj.kind() == Kind::Pod && livePods() >= capacity)
        return ApiError::forbidden(rt.resource, rt.group, obj.metadata.name,
                                   QStringLiteral("the lab is at its capacity of %1 pods").arg(capacity));
    qint64 replicas = 0;
    if (obj.kind() == Kind::Deployment)
        replicas = static_cast<const Deployment &>(obj).replicas();
    else if (obj.kind() == Kind::ReplicaSet)
        replicas = static_cast<const ReplicaSet &>(obj).spec.replicas.value_or(1);
    if (replicas > capacity)
        return ApiError::forbidden(rt.resource, rt.group, obj.metadata.name,
                                   QStringLiteral("spec.replicas %1 is more than this lab can run (its capacity is %2 pods)")
                                       .arg(replicas).arg(capacity));
    return std::nullopt;
}

Result<ObjectPtr> ApiServer::create(MutableObjectPtr obj, const WriteOptions &opts)
{
    if (!obj)
        return Result<ObjectPtr>::failure(ApiError::badRequest(QStringLiteral("no object")));
    const ResourceType rt = obj->kind() == Kind::Generic ? resources::byKind(obj->apiVersion, obj->kindName)
                                                         : resources::byKind(obj->kind());
    QString ns = obj->metadata.namespace_;
    if (rt.namespaced && ns.isEmpty())
        ns = QStringLiteral("default");
    return create(rt, ns, std::move(obj), opts);
}

Result<ObjectPtr> ApiServer::create(const ResourceType &rt, const QString &nsIn, MutableObjectPtr obj, const WriteOptions &opts)
{
    using R = Result<ObjectPtr>;
    traceRequest(QStringLiteral("create"), rt, nsIn, obj ? obj->metadata.name : QString());
    if (!obj)
        return R::failure(ApiError::badRequest(QStringLiteral("no object")));
    QString ns = rt.namespaced ? nsIn : QString();
    if (rt.namespaced) {
        if (obj->metadata.namespace_.isEmpty())
            obj->metadata.namespace_ = ns;
        else if (obj->metadata.namespace_ != ns)
            return R::failure(ApiError::badRequest(
                QStringLiteral("the namespace of the provided object does not match the namespace sent on the request")));
    } else {
        obj->metadata.namespace_.clear();
    }
    std::lock_guard lock(m_writeMutex);
    if (auto err = checkNamespace(rt, ns, obj->metadata.name))
        return R::failure(*err);
    // A dry run (kubectl apply --dry-run=server, which the window's apply does first) draws its
    // generated name and uid from a copy, so the seeded sequence is the same with or without it.
    std::optional<NameGenerator> dryRunNames;
    if (opts.dryRun)
        dryRunNames.emplace(m_names);
    NameGenerator &names = dryRunNames ? *dryRunNames : m_names;
    if (obj->metadata.name.isEmpty() && !obj->metadata.generateName.isEmpty())
        obj->metadata.name = names.generate(obj->metadata.generateName);
    strategy::prepareForCreate(*obj);
    setDefaults(*obj);
    admission::admit(*obj);
    const FieldErrors errors = validateCreate(*obj);
    if (!errors.isEmpty())
        return R::failure(ApiError::invalid(rt.kind, rt.group, obj->metadata.name, errors));
    const QByteArray key = rt.etcdKey(ns, obj->metadata.name);
    if (m_store.modRevision(key) != 0)   // exists: no copy of its value taken
        return R::failure(ApiError::alreadyExists(rt.resource, rt.group, obj->metadata.name));
    if (auto err = checkCapacity(rt, *obj, true))
        return R::failure(*err);
    obj->metadata.uid = names.uid();
    obj->metadata.creationTimestamp = m_clock.now() / 1000 * 1000;   // metav1.Time: seconds
    obj->metadata.resourceVersion.clear();
    if (opts.dryRun)
        return R{std::move(obj), {}};
    return commit(key, std::move(obj), true);
}

Result<ObjectPtr> ApiServer::restore(MutableObjectPtr obj)
{
    using R = Result<ObjectPtr>;
    if (!obj)
        return R::failure(ApiError::badRequest(QStringLiteral("no object")));
    const ResourceType rt = obj->kind() == Kind::Generic ? resources::byKind(obj->apiVersion, obj->kindName)
                                                         : resources::byKind(obj->kind());
    if (rt.namespaced && obj->metadata.namespace_.isEmpty())
        obj->metadata.namespace_ = QStringLiteral("default");
    std::lock_guard lock(m_writeMutex);
    setDefaults(*obj);
    const FieldErrors errors = validateCreate(*obj);
    if (!errors.isEmpty())
        return R::failure(ApiError::invalid(rt.kind, rt.group, obj->metadata.name, errors));
    if (obj->metadata.uid.isEmpty())
        obj->metadata.uid = m_names.uid();
    if (obj->metadata.creationTimestamp == 0)
        obj->metadata.creationTimestamp = m_clock.now() / 1000 * 1000;
    if (strategy::tracksGeneration(*obj) && obj->metadata.generation == 0)
        obj->metadata.generation = 1;
    const QByteArray key = rt.etcdKey(obj->metadata.namespace_, obj->metadata.name);
    const bool exists = getLocked(rt, obj->metadata.namespace_, obj->metadata.name) != nullptr;
    return commit(key, std::move(obj), !exists);
}

Result<ObjectPtr> ApiServer::get(const ResourceType &rt, const QString &ns, const QString &name) const
{
    const ObjectPtr o = getLocked(rt, rt.namespaced ? ns : QString(), name);
    if (!o)
        return Result<ObjectPtr>::failure(ApiError::notFound(rt.resource, rt.group, name));
    return {o, {}};
}

namespace {
// The watch cache's indexed trigger (registry/core/pod: NodeNameTriggerFunc): a pod watch whose
// field selector requires spec.nodeName=X (a kubelet's) is filed under X in the store, so a pod
// write reaches only the watches of its old and new node, not every node's to be filtered.
store::WatchTrigger indexedTrigger(const ResourceType &rt, const FieldSelector &fields)
{
    if (rt.resource != QLatin1String("pods") || !rt.group.isEmpty())
        return {};
    for (const FieldSelector::Term &t : fields.terms())
        if (t.equals && t.field == QLatin1String("spec.nodeName"))
            return {t.field, t.value, [](const Object &obj) { return FieldSelector::fieldValue(obj, QStringLiteral("spec.nodeName")); }};
    return {};
}
} // namespace

Result<std::shared_ptr<ApiWatch>> ApiServer::watch(const ResourceType &rt, const QString &ns, const ListOptions &opts,
                                                   std::function<void()> notify)
{
    using R = Result<std::shared_ptr<ApiWatch>>;
    traceRequest(QStringLiteral("watch"), rt, ns, QString());
    std::optional<Selector> labels;
    std::optional<FieldSelector> fields;
    if (std::optional<ApiError> bad = parseListSelectors(opts, rt, &labels, &fields))
        return R::failure(std::move(*bad));
    const QByteArray prefix = (rt.namespaced && !ns.isEmpty()) ? rt.etcdKey(ns, QString()) : rt.etcdPrefix.toUtf8() + '/';
    std::vector<ApiWatchEvent> initial;
    qint64 start = 0;
    if (opts.resourceVersion.isEmpty() || opts.resourceVersion == QLatin1String("0")) {
        // Snapshot and registration must see the same revision: hold the write lock.
        std::lock_guard lock(m_writeMutex);
        const store::RangeResult r = m_store.range(store::KeyRange::prefix(prefix));
        for (const store::KeyValue &kv : r.kvs) {
            if (labels->matches(kv.value->metadata.labels) && fields->matches(*kv.value))
                initial.push_back(ApiWatchEvent{ApiWatchEvent::Added, kv.value, {}, kv.modRevision});
        }
        store::WatchResult w = m_store.watch(store::KeyRange::prefix(prefix), r.revision + 1, std::move(notify), indexedTrigger(rt, *fields));
        auto watch = std::make_shared<ApiWatch>(rt, ns, *labels, *fields, w.watcher, std::move(initial));
        return {watch, {}};
    }
    bool ok = false;
    const qint64 rv = opts.resourceVersion.toLongLong(&ok);
    if (!ok)
        return R::failure(ApiError::badRequest(QStringLiteral("invalid resource version: %1").arg(opts.resourceVersion)));
    start = rv + 1;
    store::WatchResult w = m_store.watch(store::KeyRange::prefix(prefix), start, notify, indexedTrigger(rt, *fields));
    if (w.error == store::StoreError::Compacted) {
        // kube-apiserver answers 200 and sends one ERROR event, then closes the stream.
        ApiWatchEvent ev;
        ev.type = ApiWatchEvent::Error;
        ev.error = ApiError::gone(QStringLiteral("too old resource version: %1 (%2)").arg(rv).arg(w.compactRevision));
        initial.push_back(std::move(ev));
        auto watch = std::make_shared<ApiWatch>(rt, ns, *labels, *fields, nullptr, std::move(initial));
        if (notify)
            notify();
        return {watch, {}};
    }
    return {std::make_shared<ApiWatch>(rt, ns, *labels, *fields, w.watcher, std::move(initial)), {}};
}

} // namespace rlab::apiserver
