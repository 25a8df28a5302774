#pragma once
#include <QObject>
#include <QThread>
#include <QString>
#include <QTimer>
#include <optional>

namespace rlab::ui {

class ClusterSession;

// The window's autosave and crash recovery (issue #17, saved labs). start() leaves a marker
// file "running" (with this process's id) in dir and then saves the lab to dir/autosave.rlab
// every interval when something was written since the last save (LabFile: temporary file +
// rename, so a crash mid-save keeps the previous autosave; the lab is captured on the GUI
// thread, a value, and encoded and written on a worker thread, so a big lab does not stall
// frames); finish() (a clean exit) waits for a save in flight and removes the marker. crashedAutosave(dir) finds the autosave of a run that ended without finish(): a
// marker whose process is gone and an autosave next to it — what the window offers to restore.
// Example: the window crashes at 12:04 after autosaving at 12:03 → on the next start
// crashedAutosave() returns dir/autosave.rlab and the window asks whether to restore it.
// GUI thread only.
class LabAutosave : public QObject
{
    Q_OBJECT
public:
    LabAutosave(ClusterSession &session, const QString &dir, QObject *parent = nullptr);
    ~LabAutosave() override;

    static QString defaultDir();   // QStandardPaths::AppDataLocation
    static std::optional<QString> crashedAutosave(const QString &dir);

    void start(int intervalMs = 60'000);
    void finish();
    // Starts a save if anything changed since the last one and none is in flight; saved() or
    // saveFailed() follows from the worker. False when nothing was started.
    bool saveIfChanged();
    bool isSaving() const { return m_worker != nullptr; }
    // The nice value the last save's worker ran at (BackgroundPriority: below the GUI thread),
    // set once its saved() or saveFailed() is emitted; -1 before.
    int lastWorkerNice() const { return m_lastWorkerNice; }
    QString autosavePath() const;
    QString markerPath() const;

signals:
    void saved(const QString &path, qint64 revision);
    void saveFailed(const QString &error);

private:
    ClusterSession &m_session;
    QString m_dir;
    QTimer m_timer;
    qint64 m_savedRevision = -1;
    qint64 m_savedEpoch = -1;
    bool m_started = false;
    QThread *m_worker = nullptr;
    int m_lastWorkerNice = -1;
};

} // namespace rlab::ui
