#include "ui/record/labopen.h"

#include "core/sim/labfile.h"
#include "core/sim/view/clusterview.h"
#include "ui/backgroundpriority.h"

namespace rlab::ui {

LabOpen::LabOpen(QString path, QObject *parent) : QObject(parent), m_path(std::move(path)) {}

LabOpen::~LabOpen()
{
    m_cancel = true;
    if (m_thread)
        m_thread->wait();
}

void LabOpen::start()
{
    if (m_running || m_thread)
        return;
    m_running = true;
    const Qt::HANDLE owner = QThread::currentThreadId();
    // The worker writes m_config, m_sim and m_error; the owner reads them only after finished,
    // which the thread's end (QThread::finished, queued here) orders after those writes.
    m_thread.reset(QThread::create([this, owner] {
        BackgroundPriority::lowerCurrentThread();   // below the frames that show its progress
        m_workerNice = BackgroundPriority::currentNice();
        QString error;
        std::optional<SimulationConfig> config = LabFile::load(m_path, &error);
        if (!config) {
            m_error = error;
            return;
        }
        if (m_cancel)
            return;
        QMetaObject::invokeMethod(this, [this] { emit phaseChanged(Phase::Building); }, Qt::QueuedConnection);
        auto sim = std::make_unique<Simulation>(*config);
        m_builtOnWorker = QThread::currentThreadId() != owner;
        config->cluster.storeImage.reset();   // the Simulation's store holds it now
        if (m_cancel)
            return;   // sim goes here, on the worker
        m_snapshot = view::ClusterView(*sim).objects();
        m_config = std::move(config);
        m_sim = std::move(sim);
    }));
    connect(m_thread.get(), &QThread::finished, this, [this] {
        m_thread->wait();
        m_running = false;
        if (m_cancel) {
            m_sim.reset();
            m_snapshot.reset();
            m_error = tr("cancelled");
        }
        emit finished(m_sim != nullptr);
    });
    emit phaseChanged(Phase::Reading);
    m_thread->start();
}

} // namespace rlab::ui
