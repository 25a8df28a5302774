#include "ui/apply/backgroundapply.h"

#include "ui/apply/manifestapplier.h"
#include "ui/backgroundpriority.h"
#include "ui/record/stepforms.h"

#include <QPointer>

namespace rlab::ui {

BackgroundApply::BackgroundApply(client::Interface &api, QList<ManifestSource> sources, QObject *parent)
    : QObject(parent), m_api(api), m_sources(std::move(sources))
{
}

BackgroundApply::~BackgroundApply()
{
    cancel();
    if (!m_thread)
        return;
    if (!m_released)
        m_handover->released.release();   // finished() not over: the worker stops waiting for it
    if (m_running) {
        m_thread->wait();   // finished() not delivered: it may still read m_api, m_sources, m_step
        return;
    }
    // finished() was delivered: the worker only frees its copy of the step now (issue #17:
    // waiting for that here blocked the GUI thread ~120 ms); its thread deletes itself when done.
    // A deleteLater queued by a finished() that came first is dropped with the object.
    QThread *thread = m_thread.release();
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    if (thread->isFinished())
        delete thread;
}

qsizetype BackgroundApply::totalBytes(const QList<ManifestSource> &sources)
{
    qsizetype n = 0;
    for (const ManifestSource &s : sources)
        n += s.text.size();
    return n;
}

void BackgroundApply::start()
{
    if (m_running || m_thread)
        return;
    m_running = true;
    QThread *owner = QThread::currentThread();
    m_thread.reset(QThread::create([this, owner] {
        m_ranOnWorker = QThread::currentThread() != owner;
        // Below the GUI thread: with equal priorities a loaded machine left the GUI thread
        // runnable but not running for ~200 ms while the batch held the core (issue #17).
        BackgroundPriority::lowerCurrentThread();
        m_workerNice = BackgroundPriority::currentNice();
        const ManifestApplier::Progress report = [this](qsizetype done, qsizetype total, ManifestApplier::Phase phase) {
            if (phase == ManifestApplier::Phase::Write)
                m_writing = true;
            const int percent = total > 0 ? int(done * 100 / total) : 0;
            if (m_lastPercent.exchange(percent) != percent) {
                // Queued to the owner's thread; `this` outlives the worker (the destructor waits).
                QMetaObject::invokeMethod(this, [this, percent, phase, done, total] {
                    emit progress(percent, int(phase), done, total);
                }, Qt::QueuedConnection);
            }
            return !m_cancel.load();
        };
        ApplyReport r = ManifestApplier::apply(m_api, m_sources, report);
        // The step (11,370 Deployments: ~170,000 QVariant nodes, ~150 ms to free) is freed
        // here, not on the owner's thread: this thread keeps a reference until the owner let go
        // of its own after finished(), so the last one dropped is this one (issue #17).
        m_step = r.ok() ? StepForms::apply(m_sources) : QVariantMap();
        QVariantMap keep = m_step;
        const std::shared_ptr<Handover> handover = m_handover;
        std::function<void()> beforeFree = m_beforeFree;
        QMetaObject::invokeMethod(this, [this, r = std::move(r)] {
            const QPointer<BackgroundApply> self(this);
            m_report = r;
            m_running = false;
            emit finished(m_report);
            if (!self)
                return;   // a slot deleted the job: its destructor let the worker go
            m_step = QVariantMap();
            m_released = true;
            m_handover->released.release();
        }, Qt::QueuedConnection);
        handover->released.acquire();
        // From here on `this` may be gone: only handover, beforeFree and keep are used.
        if (beforeFree)
            beforeFree();
        handover->freedOnWorker = keep.isDetached();
    }));
    m_thread->setObjectName(QStringLiteral("rlab-apply"));
    m_thread->start();
}

void BackgroundApply::cancel()
{
    m_cancel = true;
}

} // namespace rlab::ui
