#include "core/controller/controller.h"

#include "core/apiserver/callerscope.h"
#include "core/client/ratelimiter.h"
#include "core/base/clock.h"
#include "core/base/joined.h"
#include "core/base/tracelog.h"

#include <QHash>
#include <QThread>

#include <array>
#include <mutex>
#include <optional>
#include <vector>

namespace rlab::controller {

namespace {
QString traceType(QueueEventType t)
{
    switch (t) {
    case QueueEventType::Add: return QStringLiteral("QueueAdd");
    case QueueEventType::Dedup: return QStringLiteral("QueueDedup");
    case QueueEventType::Get: return QStringLiteral("QueueGet");
    case QueueEventType::Done: return QStringLiteral("QueueDone");
    case QueueEventType::Requeue: return QStringLiteral("QueueRequeue");
    case QueueEventType::AddAfter: return QStringLiteral("QueueAddAfter");
    case QueueEventType::Forget: return QStringLiteral("QueueForget");
    case QueueEventType::ShutDown: return QStringLiteral("QueueShutDown");
    }
    return {};
}

// A queue operation's args (TraceEvent::args): [0] the duration in ms; [1] the QueueEventType
// (bits 0-7) | 1 << 8 for addRateLimited | 1 << 9 while a worker processes the key | 1 << 10
// when the depth is in bits 11-30 (a queue deeper than that, 1,048,575, keeps its detail in
// `detail`) | the limiter's failure count << 32; [2] an addAfter's time ready. The small fields
// go low: the trace keeps args as varints (core/base/tracerecord.h), two bytes for most.
// E.g. an add (type 0) at depth 3 while processing: args[1] = 0 | 1 << 9 | 1 << 10 | 3 << 11.
constexpr int kRateLimitedBit = 8, kWhileProcessingBit = 9, kDepthPackedBit = 10, kDepthShift = 11, kRequeuesShift = 32;
constexpr qint64 kMaxPackedDepth = (qint64(1) << 20) - 1;

// The detail of a queue operation, made when the trace is read (TraceEvent::detailFn):
// {depth, whileProcessing}, and readyAt for an addAfter.
QJsonObject queueDetail(const TraceEvent &ev)
{
    const auto bits = quint64(ev.args[1]);
    const bool packed = (bits >> kDepthPackedBit) & 1;
    const qint64 depth = qint64((bits >> kDepthShift) & quint64(kMaxPackedDepth));
    const bool whileProcessing = (bits >> kWhileProcessingBit) & 1;
    const bool addAfter = QueueEventType(bits & 0xff) == QueueEventType::AddAfter;
    // A shallow queue's {depth, whileProcessing} is made once per reading thread and shared
    // (the window reads these by the thousand a frame).
    constexpr qint64 kShared = 64;
    if (packed && !addAfter && depth < kShared) {
        thread_local std::array<QJsonObject, 2 * kShared> shared;
        QJsonObject &slot = shared[std::size_t(depth * 2 + (whileProcessing ? 1 : 0))];
        if (slot.isEmpty())
            slot = QJsonObject{{QLatin1String("depth"), depth}, {QLatin1String("whileProcessing"), whileProcessing}};
        return slot;
    }
    QJsonObject detail = ev.detail;
    if (packed) {
        detail.insert(QLatin1String("depth"), depth);
        detail.insert(QLatin1String("whileProcessing"), whileProcessing);
    }
    if (addAfter)
        detail.insert(QLatin1String("readyAt"), ev.args[2]);
    return detail;
}

// The text of a queue operation, made when the trace is read (TraceEvent::textFn) from its
// args and detail (made first).
QString queueText(const TraceEvent &ev)
{
    const auto n = [](qint64 v) { return QString::number(v); };
    const qint64 durationMs = ev.args[0];
    const auto bits = quint64(ev.args[1]);
    const auto numRequeues = qint64((bits >> kRequeuesShift) & 0xffffffff);
    const auto type = QueueEventType(bits & 0xff);
    const bool rateLimited = (bits >> kRateLimitedBit) & 1;
    const QString &key = ev.key;
    switch (type) {
    case QueueEventType::Add:
        return ev.detail.value(QLatin1String("whileProcessing")).toBool()
                   ? joined(u"add ", key, u" while a worker processes it: it will be processed once more after done")
                   : joined(u"add ", key, u" (depth ", n(ev.detail.value(QLatin1String("depth")).toInteger()), u")");
    case QueueEventType::Dedup:
        return joined(u"add ", key, u": already queued, deduplicated");
    case QueueEventType::Get:
        return joined(u"worker ", n(ev.worker), u" got ", key, u" after ", n(durationMs), u" ms in the queue");
    case QueueEventType::Done:
        return joined(u"worker ", n(ev.worker), u" done with ", key, u" (", n(durationMs), u" ms)");
    case QueueEventType::Requeue:
        return joined(u"done(", key, u") requeued it: it was added while being processed");
    case QueueEventType::AddAfter:
        return rateLimited ? joined(u"addRateLimited ", key, u": retry ", n(numRequeues), u" in ", n(durationMs), u" ms")
                           : joined(u"addAfter ", key, u": in ", n(durationMs), u" ms");
    case QueueEventType::Forget:
        return joined(u"forget ", key, u": failure count reset");
    case QueueEventType::ShutDown:
        return QStringLiteral("queue shut down");
    }
    return {};
}
// The sync functions' names ("syncReplicaSet", "syncPod"...), by id: a reconcile's trace event
// keeps the id in args[2] and its text is made when read. Append-only (a program has a handful,
// a test a few dozen): an id stays valid for the life of the program, after its controller.
struct SyncNames
{
    std::mutex mutex;
    std::vector<QString> names;
    QHash<QString, qint64> ids;
};
SyncNames &syncNames()
{
    static SyncNames registry;
    return registry;
}
qint64 syncNameId(const QString &name)
{
    SyncNames &r = syncNames();
    std::lock_guard lock(r.mutex);
    if (const auto it = r.ids.constFind(name); it != r.ids.cend())
        return *it;
    r.names.push_back(name);
    return *r.ids.insert(name, qint64(r.names.size() - 1));
}
QString syncName(qint64 id)
{
    SyncNames &r = syncNames();
    std::lock_guard lock(r.mutex);
    return id >= 0 && std::size_t(id) < r.names.size() ? r.names[std::size_t(id)] : QString();
}

// "syncReplicaSet default/web" for a ReconcileStart; "syncReplicaSet default/web: <what it
// did>" for a ReconcileEnd, whose stored text is what it did (TraceEvent::textFn).
QString reconcileText(const TraceEvent &ev)
{
    const QString name = syncName(ev.args[2]);
    return ev.text.isEmpty() ? joined(name, u" ", ev.key) : joined(name, u" ", ev.key, u": ", ev.text);
}
} // namespace

Controller::Controller(QString name, QString syncName, Clock &clock, TraceLog *trace, int maxRetries)
    : m_name(std::move(name)), m_syncName(std::move(syncName)), m_syncNameId(syncNameId(m_syncName)), m_clock(clock), m_trace(trace), m_maxRetries(maxRetries),
      m_queue(std::make_unique<RateLimitingQueue>(clock, defaultControllerRateLimiter(clock), m_name))
{
    if (m_trace) {
        m_traceComponent = m_trace->nameId(m_name);
        m_traceStart = m_trace->nameId(QStringLiteral("ReconcileStart"));
        m_traceEnd = m_trace->nameId(QStringLiteral("ReconcileEnd"));
        TraceLog *t = m_trace;
        // The hook runs under the queue's lock, one event at a time: the component name is
        // built once per queue name, not once per event. The text and the detail are made
        // when the event is read (queueText, queueDetail), from args: a queue operation stores
        // no JSON (events made by the million; a shared detail's reference count alone, taken
        // and dropped per event, was 1.5 % of `rlab bench --size large`).
        // The names go as the log's ids (TraceLog::appendCompact), worked out once per queue
        // name and type.
        m_queue->setEventHook([t, named = false, queueName = QString(), component = quint32(0), types = std::array<quint32, 8>{}](const QueueEvent &e) mutable {
            if (!named || e.queue != queueName) {
                named = true;
                queueName = e.queue;
                component = t->nameId(QStringLiteral("queue/") + e.queue);
            }
            const auto typeIndex = std::size_t(e.type);
            Q_ASSERT(typeIndex < types.size());
            if (types[typeIndex] == 0)
                types[typeIndex] = t->nameId(traceType(e.type)) + 1;
            qint64 bits = qint64(quint64(quint32(e.numRequeues)) << kRequeuesShift) | qint64(e.type) | (qint64(e.rateLimited ? 1 : 0) << kRateLimitedBit);
            std::optional<QJsonObject> deep;   // a queue too deep to pack its depth (never in the lab): a detail of its own
            if (e.depth < 0 || e.depth > kMaxPackedDepth)
                deep = QJsonObject{{QStringLiteral("depth"), e.depth}, {QStringLiteral("whileProcessing"), e.whileProcessing}};
            else
                bits |= qint64(e.whileProcessing ? 1 : 0) << kWhileProcessingBit | qint64(1) << kDepthPackedBit | qint64(e.depth) << kDepthShift;
            TraceLog::Compact ev;
            ev.component = component;
            ev.type = types[typeIndex] - 1;
            ev.worker = e.worker;
            ev.key = e.key;
            ev.detail = deep ? &*deep : nullptr;
            ev.textFn = &queueText;
            ev.detailFn = &queueDetail;
            ev.args[0] = e.durationMs;
            ev.args[1] = bits;
            ev.args[2] = e.type == QueueEventType::AddAfter ? e.readyAtMs : 0;
            t->appendCompact(ev);
        });
    }
}

Controller::~Controller()
{
    shutDown(false);
    m_queue->shutDown();
}

void Controller::trace(const QString &type, const QString &key, int worker, const QString &text) const
{
    if (!m_trace)
        return;
    TraceEvent ev;
    ev.component = m_name;
    ev.type = type;   // a literal: no characters copied
    ev.key = key;
    ev.worker = worker;
    ev.text = text;
    m_trace->append(std::move(ev));
}

void Controller::traceReconcile(bool end, const QString &key, int worker, const QString &tail) const
{
    if (!m_trace)
        return;
    TraceLog::Compact ev;
    ev.component = m_traceComponent;
    ev.type = end ? m_traceEnd : m_traceStart;
    ev.key = key;
    ev.worker = worker;
    ev.text = tail;   // kept, and handed to reconcileText
    ev.textFn = &reconcileText;
    ev.args[2] = m_syncNameId;
    m_trace->appendCompact(ev);
}

SyncResult Controller::runSync(const QString &key, int worker)
{
    SyncResult r = startSync(key, worker);
    finishSync(key, worker, r);
    return r;
}

SyncResult Controller::startSync(const QString &key, int worker)
{
    ++m_syncs;
    traceReconcile(false, key, worker, QString());
    apiserver::CallerScope caller(m_name, worker);
    return m_sync ? m_sync(key) : SyncResult{};
}

void Controller::finishSync(const QString &key, int worker, const SyncResult &r)
{
    // One note is the note itself (shared, not copied).
    const QString what = r.notes.isEmpty()      ? QStringLiteral("nothing to do")
                         : r.notes.size() == 1 ? r.notes.front()
                                               : r.notes.join(QStringLiteral("; "));
    // handleErr: success forgets the key's failures; an error requeues it with backoff until
    // maxRetries, then drops it.
    if (r.ok()) {
        m_queue->forget(key);
        traceReconcile(true, key, worker, what);
    } else if (m_maxRetries < 0 || m_queue->numRequeues(key) < m_maxRetries) {
        trace(QStringLiteral("ReconcileError"), key, worker,
              QStringLiteral("%1 %2 failed: %3 (handleErr: addRateLimited)%4").arg(m_syncName, key, r.error,
                  r.notes.isEmpty() ? QString() : QStringLiteral(" after: ") + what));
        m_queue->addRateLimited(key);
    } else {
        trace(QStringLiteral("ReconcileError"), key, worker,
              QStringLiteral("%1 %2 failed %3 times: dropping it out of the queue: %4").arg(m_syncName, key).arg(m_maxRetries).arg(r.error));
        m_queue->forget(key);
    }
}

SyncResult Controller::syncKey(const QString &key, int worker)
{
    return runSync(key, worker);
}

std::optional<Controller::HeldItem> Controller::beginWorkItem(int worker)
{
    const std::optional<QString> key = m_queue->tryGet(worker);
    if (!key)
        return std::nullopt;
    return HeldItem{*key, worker, startSync(*key, worker)};
}

void Controller::endWorkItem(const HeldItem &item)
{
    finishSync(item.key, item.worker, item.result);
    m_queue->done(item.key);
}

bool Controller::processNextWorkItem(int worker, bool wait)
{
    const std::optional<QString> key = wait ? m_queue->get(worker) : m_queue->tryGet(worker);
    if (!key)
        return false;
    runSync(*key, worker);
    m_queue->done(*key);
    return true;
}

void Controller::run(int workers)
{
    for (int i = 0; i < workers; ++i) {
        QThread *t = QThread::create([this, i] {
            if (!m_pacing.awaitGet) {
                while (processNextWorkItem(i, true)) {
                }
                return;
            }
            while (m_pacing.awaitGet(*m_queue)) {
                const std::optional<QString> key = m_queue->tryGet(i);
                if (!key)
                    continue;   // another worker took it first
                const SyncResult r = startSync(*key, i);
                if (m_pacing.hold)
                    m_pacing.hold();
                finishSync(*key, i, r);
                m_queue->done(*key);
            }
        });
        t->setObjectName(QStringLiteral("%1-worker-%2").arg(m_name).arg(i));
        m_threads.push_back(t);
        t->start();
    }
}

void Controller::stop()
{
    if (m_threads.empty())
        return;
    m_queue->setGetInterrupted(true);
    for (QThread *t : m_threads) {
        t->wait();
        delete t;
    }
    m_threads.clear();
    m_queue->setGetInterrupted(false);
}

void Controller::shutDown(bool drain)
{
    if (m_threads.empty())
        return;
    if (drain)
        m_queue->shutDownWithDrain();
    else
        m_queue->shutDown();
    for (QThread *t : m_threads) {
        t->wait();
        delete t;
    }
    m_threads.clear();
}

} // namespace rlab::controller
