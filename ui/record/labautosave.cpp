#include "ui/record/labautosave.h"

#include "core/sim/labfile.h"
#include "core/sim/view/clusterview.h"
#include "ui/backgroundpriority.h"
#include "ui/clustersession.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

#include <cerrno>
#include <csignal>
#include <sys/types.h>
#include <unistd.h>

namespace rlab::ui {

namespace {

bool processAlive(qint64 pid)
{
    return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM);
}

} // namespace

LabAutosave::LabAutosave(ClusterSession &session, const QString &dir, QObject *parent)
    : QObject(parent), m_session(session), m_dir(dir)
{
    connect(&m_timer, &QTimer::timeout, this, &LabAutosave::saveIfChanged);
}

LabAutosave::~LabAutosave()
{
    if (m_worker) {
        m_worker->wait();
        delete m_worker;
    }
}

QString LabAutosave::defaultDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

QString LabAutosave::autosavePath() const
{
    return QDir(m_dir).filePath(QStringLiteral("autosave.rlab"));
}

QString LabAutosave::markerPath() const
{
    return QDir(m_dir).filePath(QStringLiteral("running"));
}

std::optional<QString> LabAutosave::crashedAutosave(const QString &dir)
{
    QFile marker(QDir(dir).filePath(QStringLiteral("running")));
    const QString autosave = QDir(dir).filePath(QStringLiteral("autosave.rlab"));
    if (!marker.open(QIODevice::ReadOnly) || !QFile::exists(autosave))
        return std::nullopt;
    bool ok = false;
    const qint64 pid = marker.readAll().trimmed().toLongLong(&ok);
    if (ok && (pid == QCoreApplication::applicationPid() || processAlive(pid)))
        return std::nullopt;   // a window that is still running (or this one)
    return autosave;
}

void LabAutosave::start(int intervalMs)
{
    QDir().mkpath(m_dir);
    QSaveFile marker(markerPath());
    if (marker.open(QIODevice::WriteOnly)) {
        marker.write(QByteArray::number(QCoreApplication::applicationPid()) + '\n');
        marker.commit();
    }
    m_started = true;
    m_timer.start(intervalMs);
}

void LabAutosave::finish()
{
    m_timer.stop();
    if (m_worker)
        m_worker->wait();
    if (m_started)
        QFile::remove(markerPath());
    m_started = false;
}

bool LabAutosave::saveIfChanged()
{
    const qint64 rev = m_session.view().revision();
    if (m_worker || (rev == m_savedRevision && m_session.clusterEpoch() == m_savedEpoch))
        return false;
    m_savedRevision = rev;
    m_savedEpoch = m_session.clusterEpoch();
    auto capture = std::make_shared<LabFile::Capture>(LabFile::capture(m_session.simulation()));
    const QString path = autosavePath();
    auto error = std::make_shared<QString>();
    auto nice = std::make_shared<int>(-1);   // written by the worker, read after finished
    m_worker = QThread::create([capture, path, error, nice] {
        // Below the GUI thread: a big lab's write must not take the core a frame needs.
        BackgroundPriority::idleCurrentThread();
        *nice = BackgroundPriority::currentNice();
        if (!LabFile::write(*capture, path, error.get()) && error->isEmpty())
            *error = QStringLiteral("%1: not written").arg(path);
    });
    connect(m_worker, &QThread::finished, this, [this, path, rev, error, nice] {
        m_worker->deleteLater();
        m_worker = nullptr;
        m_lastWorkerNice = *nice;
        if (error->isEmpty()) {
            emit saved(path, rev);
        } else {
            m_savedRevision = -1;   // try again next time
            emit saveFailed(*error);
        }
    });
    m_worker->start();
    return true;
}

} // namespace rlab::ui
