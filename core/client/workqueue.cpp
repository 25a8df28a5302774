// SPDX-License-Identifier: Apache-2.0
#include "core/client/workqueue.h"

#include "core/base/clock.h"

#include <algorithm>
#include <utility>

namespace rlab {

namespace {
// The queue whose event hook this thread is running, to catch a hook calling back into its
// queue (that would deadlock on the queue's mutex).
thread_local const WorkQueue *t_inHook = nullptr;

class HookScope
{
public:
    explicit HookScope(const WorkQueue *queue) : m_previous(t_inHook) { t_inHook = queue; }
    ~HookScope() { t_inHook = m_previous; }
    HookScope(const HookScope &) = delete;
    HookScope &operator=(const HookScope &) = delete;

private:
    const WorkQueue *m_previous;
};
} // namespace

#define RLAB_ASSERT_NOT_IN_HOOK()                                                                  \
    Q_ASSERT_X(t_inHook != this, Q_FUNC_INFO, "called from this queue's own event hook")

WorkQueue::WorkQueue(Clock &clock, QString name) : m_clock(clock), m_name(std::move(name)) { }

WorkQueue::~WorkQueue() = default;

void WorkQueue::add(const QString &key)
{
    RLAB_ASSERT_NOT_IN_HOOK();
    bool wake = false;
    {
        Lock lock(m_mutex);
        wake = addLocked(key, QueuedVia::Add);
    }
    if (wake)
        m_cond.notify_one();
}

bool WorkQueue::addLocked(const QString &key, QueuedVia via)
{
    if (m_shuttingDown)
        return false;
    touchLocked();
    auto it = m_keys.find(key);
    if (it != m_keys.end() && it->dirty) {
        ++it->dedups;
        ++m_metrics.dedups;
        if (m_hook) {
            QueueEvent event;
            event.type = QueueEventType::Dedup;
            event.key = key;
            event.whileProcessing = it->processing;
            event.delayed = via == QueuedVia::AddAfter;
            event.numRequeues = numRequeuesLocked(key);
            emitLocked(std::move(event));
        }
        return false;
    }
    if (it == m_keys.end())
        it = m_keys.insert(key, KeyState());
    it->dirty = true;
    it->dedups = 0;
    it->via = via;
    it->dirtySinceMs = m_clock.now();
    ++m_metrics.adds;
    const bool processing = it->processing;
    if (!processing)
        m_queue.push_back(key);
    if (m_hook) {
        QueueEvent event;
        event.type = QueueEventType::Add;
        event.key = key;
        event.whileProcessing = processing;
        event.delayed = via == QueuedVia::AddAfter;
        event.numRequeues = numRequeuesLocked(key);
        emitLocked(std::move(event));
    }
    return !processing;
}

void WorkQueue::wakeOne()
{
    m_cond.notify_one();
}

std::optional<QString> WorkQueue::get(int worker)
{
    RLAB_ASSERT_NOT_IN_HOOK();
    Lock lock(m_mutex);
    m_cond.wait(lock, [this] { return !m_queue.empty() || m_shuttingDown || m_getInterrupted; });
    if (m_queue.empty() || m_getInterrupted)
        return std::nullopt; // shutting down and drained, or interrupted
    return popLocked(worker);
}

bool WorkQueue::waitNotEmpty()
{
    RLAB_ASSERT_NOT_IN_HOOK();
    Lock lock(m_mutex);
    m_cond.wait(lock, [this] { return !m_queue.empty() || m_shuttingDown || m_getInterrupted; });
    return !m_queue.empty() && !m_getInterrupted;
}

std::optional<QString> WorkQueue::tryGet(int worker)
{
    RLAB_ASSERT_NOT_IN_HOOK();
    Lock lock(m_mutex);
    if (m_queue.empty())
        return std::nullopt;
    return popLocked(worker);
}

QString WorkQueue::popLocked(int worker)
{
    touchLocked();
    QString key = std::move(m_queue.front());
    m_queue.pop_front();
    const qint64 now = m_clock.now();
    KeyState &state = *m_keys.find(key); // every queued key is dirty, so present
    state.dirty = false;
    state.processing = true;
    state.worker = worker;
    state.startedAtMs = now;
    state.queueLatencyMs = now - state.dirtySinceMs;
    state.getSeq = m_nextGetSeq++;
    ++m_processingCount;
    ++m_metrics.gets;
    m_metrics.lastQueueLatencyMs = state.queueLatencyMs;
    m_metrics.maxQueueLatencyMs = qMax(m_metrics.maxQueueLatencyMs, state.queueLatencyMs);
    m_metrics.totalQueueLatencyMs += state.queueLatencyMs;
    if (m_hook) {
        QueueEvent event;
        event.type = QueueEventType::Get;
        event.key = key;
        event.worker = worker;
        event.durationMs = state.queueLatencyMs;
        event.numRequeues = numRequeuesLocked(key);
        emitLocked(std::move(event));
    }
    return key;
}

void WorkQueue::done(const QString &key)
{
    RLAB_ASSERT_NOT_IN_HOOK();
    bool wake = false;
    {
        Lock lock(m_mutex);
        touchLocked();
        const auto it = m_keys.find(key);
        if (it == m_keys.end() || !it->processing)
            return;
        const qint64 duration = m_clock.now() - it->startedAtMs;
        const int worker = it->worker;
        it->processing = false;
        it->worker = -1;
        --m_processingCount;
        ++m_metrics.dones;
        m_metrics.lastWorkDurationMs = duration;
        m_metrics.maxWorkDurationMs = qMax(m_metrics.maxWorkDurationMs, duration);
        m_metrics.totalWorkDurationMs += duration;
        if (m_hook) {
            QueueEvent event;
            event.type = QueueEventType::Done;
            event.key = key;
            event.worker = worker;
            event.durationMs = duration;
            event.numRequeues = numRequeuesLocked(key);
            emitLocked(std::move(event));
        }
        if (it->dirty) {
            it->via = QueuedVia::Done;
            m_queue.push_back(key);
            ++m_metrics.requeues;
            wake = true;
            if (m_hook) {
                QueueEvent event;
                event.type = QueueEventType::Requeue;
                event.key = key;
                event.worker = worker;
                event.numRequeues = numRequeuesLocked(key);
                emitLocked(std::move(event));
            }
        } else {
            m_keys.erase(it);
        }
        if (m_processingCount == 0)
            m_drainCond.notify_all();
    }
    if (wake)
        m_cond.notify_one();
}

int WorkQueue::len() const
{
    RLAB_ASSERT_NOT_IN_HOOK();
    Lock lock(m_mutex);
    return depthLocked();
}

std::optional<qint64> WorkQueue::headDirtySinceMs() const
{
    RLAB_ASSERT_NOT_IN_HOOK();
    Lock lock(m_mutex);
    if (m_queue.empty())
        return std::nullopt;
    const auto it = m_keys.constFind(m_queue.front());
    return it == m_keys.cend() ? std::nullopt : std::optional<qint64>(it->dirtySinceMs);
}

void WorkQueue::shutDown()
{
    RLAB_ASSERT_NOT_IN_HOOK();
    Lock lock(m_mutex);
    shutDownLocked(false);
}

void WorkQueue::shutDownWithDrain()
{
    RLAB_ASSERT_NOT_IN_HOOK();
    Lock lock(m_mutex);
    shutDownLocked(true);
    m_drainCond.wait(lock, [this] { return m_processingCount == 0 || !m_drain; });
    m_drain = false;
}

void WorkQueue::shutDownLocked(bool drain)
{
    touchLocked();
    m_drain = drain;
    if (!m_shuttingDown) {
        m_shuttingDown = true;
        onShutDownLocked();
        if (m_hook) {
            QueueEvent event;
            event.type = QueueEventType::ShutDown;
            emitLocked(std::move(event));
        }
    }
    m_cond.notify_all();
    if (!drain)
        m_drainCond.notify_all();
}

void WorkQueue::setGetInterrupted(bool interrupted)
{
    RLAB_ASSERT_NOT_IN_HOOK();
    {
        Lock lock(m_mutex);
        m_getInterrupted = interrupted;
    }
    if (interrupted)
        m_cond.notify_all();
}

bool WorkQueue::shuttingDown() const
{
    RLAB_ASSERT_NOT_IN_HOOK();
    Lock lock(m_mutex);
    return m_shuttingDown;
}

WorkQueueSnapshot WorkQueue::snapshot(qsizetype maxItems) const
{
    RLAB_ASSERT_NOT_IN_HOOK();
    Lock lock(m_mutex);
    WorkQueueSnapshot s;
    s.name = m_name;
    s.atMs = m_clock.now();
    s.shuttingDown = m_shuttingDown;
    s.draining = m_shuttingDown && m_drain && m_processingCount > 0;
    const auto listed = [maxItems](std::size_t n) { return maxItems < 0 ? n : std::min(n, std::size_t(maxItems)); };
    s.queued.reserve(static_cast<qsizetype>(listed(m_queue.size())));
    for (const QString &key : m_queue) {
        if (std::size_t(s.queued.size()) == listed(m_queue.size()))
            break;
        const KeyState &state = *m_keys.constFind(key); // every queued key is dirty
        s.queued.append(QueuedItem{key, state.dirtySinceMs, state.dedups, state.via,
                                   numRequeuesLocked(key)});
    }
    s.processing.reserve(m_processingCount);
    QList<std::pair<quint64, ProcessingItem>> processing;
    processing.reserve(m_processingCount);
    for (auto it = m_keys.cbegin(); it != m_keys.cend(); ++it) {
        if (!it->processing)
            continue;
        processing.append({it->getSeq,
                           ProcessingItem{it.key(), it->worker, it->startedAtMs,
                                          it->queueLatencyMs, it->dirty, it->dirty ? it->dedups : 0,
                                          numRequeuesLocked(it.key())}});
    }
    std::sort(processing.begin(), processing.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    for (const auto &item : std::as_const(processing))
        s.processing.append(item.second);
    s.metrics = m_metrics;
    s.metrics.depth = depthLocked();
    s.metrics.processing = m_processingCount;
    for (const ProcessingItem &item : std::as_const(s.processing)) {
        const qint64 age = s.atMs - item.startedAtMs;
        s.metrics.longestRunningProcessorMs = qMax(s.metrics.longestRunningProcessorMs, age);
        s.metrics.unfinishedWorkMs += age;
    }
    fillSnapshotLocked(s, maxItems);
    return s;
}

void WorkQueue::setEventHook(EventHook hook)
{
    RLAB_ASSERT_NOT_IN_HOOK();
    Lock lock(m_mutex);
    m_hook = std::move(hook);
}

void WorkQueue::emitLocked(QueueEvent event)
{
    touchLocked();   // an event is a change (RateLimitingQueue::forget: the requeue counts)
    if (!m_hook)
        return;
    event.seq = m_nextSeq++;
    event.atMs = m_clock.now();
    event.queue = m_name;
    event.depth = depthLocked();
    HookScope scope(this);
    m_hook(event);
}

} // namespace rlab
