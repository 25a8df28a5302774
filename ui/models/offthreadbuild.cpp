#include "ui/models/offthreadbuild.h"

#include "ui/backgroundpriority.h"

#include <QPointer>

#include <algorithm>

namespace rlab::ui {

OffThreadBuild::OffThreadBuild(QObject *parent) : QObject(parent) {}

OffThreadBuild::~OffThreadBuild()
{
    ++m_generation;
    for (const std::unique_ptr<QThread> &t : m_threads)
        t->wait();
}

void OffThreadBuild::reapFinished()
{
    std::erase_if(m_threads, [](const std::unique_ptr<QThread> &t) { return t->isFinished(); });
}

void OffThreadBuild::run(std::function<void()> work, std::function<void()> done)
{
    reapFinished();
    const quint64 generation = ++m_generation;
    m_running = true;
    // Niced: on a busy machine the GUI thread (which hands the lab over meanwhile) comes first.
    QThread *thread = QThread::create([work = std::move(work)]() mutable {
        BackgroundPriority::lowerCurrentThread();
        work();
        work = nullptr;   // what it captured is freed here, not on the owner's thread
    });
    thread->setObjectName(QStringLiteral("rlab-model-build"));
    m_threads.emplace_back(thread);
    // finished() is queued here (the thread object lives on the owner's thread); work()'s writes
    // happen before it.
    connect(thread, &QThread::finished, this, [this, generation, done = std::move(done)] {
        // No wait() here: the niced thread may not have left yet, and the GUI thread must not
        // wait for it (its exit is reaped by a later run() or the destructor).
        reapFinished();
        if (generation != m_generation)
            return;   // superseded or cancelled
        auto deliver = [self = QPointer<OffThreadBuild>(this), generation, done] {
            if (!self || generation != self->m_generation)
                return;   // gone, superseded or cancelled while it waited
            self->m_running = false;
            ++self->m_completed;
            done();
        };
        if (m_handOver)
            m_handOver(std::move(deliver));
        else
            deliver();
    });
    thread->start();
}

void OffThreadBuild::cancel()
{
    ++m_generation;
    m_running = false;
}

} // namespace rlab::ui
