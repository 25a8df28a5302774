// MainWindow, saved labs: File → Open lab… / Save lab…, the autosave and the crash offer.
#include "ui/mainwindow.h"

#include "core/sim/labfile.h"
#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/record/labautosave.h"
#include "ui/record/labopen.h"

#include <QAction>
#include <QDateTime>
#include <QFileDialog>
#include <QFileInfo>
#include <QEventLoop>
#include <QMenu>
#include <QProgressDialog>
#include <QMessageBox>

#include <memory>

namespace rlab::ui {

void MainWindow::createLabActions(QMenu *file)
{
    const QString filter = tr("Saved lab (*.rlab);;All files (*)");
    QAction *open = file->addAction(tr("Open &lab…"));
    open->setObjectName(QStringLiteral("openLabAction"));
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(open, &QAction::triggered, this, [this, filter] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open lab"), QString(), filter);
        if (!path.isEmpty())
            openLab(path);
    });
    QAction *save = file->addAction(tr("&Save lab…"));
    save->setObjectName(QStringLiteral("saveLabAction"));
    save->setShortcut(QKeySequence::Save);
    connect(save, &QAction::triggered, this, [this, filter] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save lab"), QStringLiteral("lab.rlab"), filter);
        if (!path.isEmpty())
            saveLab(path);
    });
    if (m_options.autosaveDir.isEmpty())
        return;
    m_autosave = new LabAutosave(*m_session, m_options.autosaveDir, this);
    connect(m_autosave, &LabAutosave::saveFailed, this, [this](const QString &error) {
        showMessage(tr("Autosave failed: %1").arg(error), 8000);
    });
}

bool MainWindow::openLab(const QString &path, QString *error)
{
    // Reading and checking the file (the store with its history: megabytes of JSON) and building
    // the lab's Simulation from it run on a worker thread (LabOpen) while the window keeps
    // painting; only handing the built lab to the session is left for this thread.
    if (!confirmReset()) {   // a lesson runs: the lab would replace its cluster
        if (error)
            *error = tr("the lesson's cluster is kept");
        return false;
    }
    LabOpen *open = new LabOpen(path, this);
    bool ok = false;
    {
        QEventLoop wait;
        QProgressDialog dialog(tr("Reading %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 0, this);
        dialog.setObjectName(QStringLiteral("openLabProgressDialog"));
        dialog.setWindowModality(Qt::WindowModal);
        dialog.setMinimumDuration(500);
        connect(open, &LabOpen::phaseChanged, &dialog, [&dialog, path](LabOpen::Phase phase) {
            if (phase == LabOpen::Phase::Building)
                dialog.setLabelText(tr("Restoring %1: its store, informers and controllers…").arg(QFileInfo(path).fileName()));
        });
        connect(&dialog, &QProgressDialog::canceled, open, &LabOpen::cancel);
        connect(open, &LabOpen::finished, &wait, [&ok, &wait](bool built) {
            ok = built;
            wait.quit();
        });
        open->start();
        wait.exec();
    }
    if (!ok) {
        const QString why = open->error();
        delete open;
        showMessage(tr("Cannot open the lab: %1").arg(why), 10000);
        if (error)
            *error = why;
        return false;
    }
    if (m_session->isFrozen())
        m_session->unfreeze();
    m_session->restore(open->config(), open->takeSimulation(), open->takeSnapshot());
    delete open;
    showMessage(tr("Lab %1 restored at revision %2: every controller starts again against its store")
                    .arg(QFileInfo(path).fileName()).arg(m_session->view().revision()),
                8000);
    return true;
}

bool MainWindow::saveLab(const QString &path, QString *error)
{
    QString why;
    const bool ok = m_session->saveLab(path, &why);
    showMessage(ok ? tr("Lab saved to %1 (revision %2)").arg(path).arg(m_session->view().revision())
                   : tr("Cannot save the lab: %1").arg(why),
                8000);
    if (!ok && error)
        *error = why;
    return ok;
}

bool MainWindow::offerCrashRestore()
{
    if (m_options.autosaveDir.isEmpty())
        return false;
    const std::optional<QString> autosave = LabAutosave::crashedAutosave(m_options.autosaveDir);
    bool restored = false;
    if (autosave) {
        const QString when = QFileInfo(*autosave).lastModified().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
        const QString question = tr("Reconcile Lab did not close normally last time. Restore the lab it saved "
                                    "automatically at %1?").arg(when);
        const bool yes = m_options.confirm
            ? m_options.confirm(question)
            : QMessageBox::question(this, tr("Restore lab"), question, QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes)
                == QMessageBox::Yes;
        restored = yes && openLab(*autosave);
    }
    if (m_autosave)
        m_autosave->start(m_options.autosaveIntervalMs);
    return restored;
}

} // namespace rlab::ui
