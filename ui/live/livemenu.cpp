#include "ui/live/livemenu.h"

#include "core/live/liveconnect.h"
#include "core/live/replaysource.h"
#include "ui/clustersession.h"
#include "ui/live/livebanner.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QToolBar>

namespace rlab::ui {

LiveMenu::LiveMenu(QMainWindow &window, ClusterSession &session, QMenu *fileMenu)
    : QObject(&window), m_window(window), m_session(session)
{
    setObjectName(QStringLiteral("liveMenu"));
    m_banner = new LiveBanner(session, &window);
    m_bar = new QToolBar(tr("Live cluster"), &window);
    m_bar->setObjectName(QStringLiteral("liveToolBar"));
    m_bar->setMovable(false);
    m_bar->addWidget(m_banner);
    window.addToolBarBreak(Qt::TopToolBarArea);
    window.addToolBar(Qt::TopToolBarArea, m_bar);
    m_bar->setVisible(false);
    connect(&session, &ClusterSession::liveChanged, this, [this](live::LiveSource *src) {
        m_bar->setVisible(src != nullptr);
        m_backToLab->setEnabled(src != nullptr);
    });
    connect(m_banner, &LiveBanner::writesToggled, this, &LiveMenu::setWrites);

    m_connect = new QAction(tr("Connect to cluster…"), this);
    m_connect->setObjectName(QStringLiteral("connectClusterAction"));
    connect(m_connect, &QAction::triggered, this, &LiveMenu::showConnectDialog);
    m_openRecording = new QAction(tr("Open recording…"), this);
    m_openRecording->setObjectName(QStringLiteral("openRecordingAction"));
    connect(m_openRecording, &QAction::triggered, this, &LiveMenu::chooseRecording);
    m_backToLab = new QAction(tr("Back to the lab"), this);
    m_backToLab->setObjectName(QStringLiteral("backToLabAction"));
    m_backToLab->setEnabled(false);
    connect(m_backToLab, &QAction::triggered, this, [this] { m_session.openLive(nullptr); });
    if (fileMenu) {
        fileMenu->addSeparator();
        fileMenu->addActions({m_connect, m_openRecording, m_backToLab});
    }
}

bool LiveMenu::connectCluster(const QStringList &kubeconfigs, const QString &context, const QString &ns, QString *error)
{
    if (m_resetGuard && !m_resetGuard()) {
        if (error)
            *error = tr("the lab's cluster is kept");
        return false;
    }
    std::unique_ptr<live::LiveClusterSource> src = live::connectLive({kubeconfigs, context, ns}, error);
    if (!src)
        return false;
    m_session.openLive(std::move(src));
    emit message(m_banner->headline());
    return true;
}

bool LiveMenu::openRecording(const QString &path, QString *error)
{
    if (m_resetGuard && !m_resetGuard()) {
        if (error)
            *error = tr("the lab's cluster is kept");
        return false;
    }
    std::unique_ptr<live::ReplaySource> src = live::ReplaySource::open(path, error);
    if (!src)
        return false;
    m_session.openLive(std::move(src));
    emit message(m_banner->headline());
    return true;
}

void LiveMenu::showConnectDialog()
{
    QDialog dialog(&m_window);
    dialog.setWindowTitle(tr("Connect to cluster"));
    auto *form = new QFormLayout(&dialog);
    const QString env = qEnvironmentVariable("KUBECONFIG");
    auto *files = new QLineEdit(env.isEmpty() ? QDir::home().filePath(QStringLiteral(".kube/config")) : env, &dialog);
    auto *context = new QLineEdit(&dialog);
    context->setPlaceholderText(tr("current-context"));
    auto *ns = new QLineEdit(&dialog);
    ns->setPlaceholderText(tr("the context's namespace"));
    form->addRow(tr("kubeconfig"), files);
    form->addRow(tr("context"), context);
    form->addRow(tr("namespace"), ns);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    if (!connectCluster(files->text().split(QDir::listSeparator(), Qt::SkipEmptyParts), context->text().trimmed(),
                        ns->text().trimmed(), &error))
        QMessageBox::warning(&m_window, tr("Connect to cluster"), QStringLiteral("error: %1").arg(error));
}

void LiveMenu::chooseRecording()
{
    const QString path = QFileDialog::getOpenFileName(&m_window, tr("Open recording"), QString(),
                                                      tr("Reconcile Lab recordings (*.jsonl);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openRecording(path, &error))
        QMessageBox::warning(&m_window, tr("Open recording"), error);
}

void LiveMenu::setWrites(bool on)
{
    live::LiveSource *src = m_session.liveSource();
    if (!src || !src->canWrite())
        return;
    if (on) {
        const QString question = tr("Send the window's commands to the real cluster of context \"%1\"? Scale, set image, "
                                    "undo, pause, resume, restart and delete pod will change it.").arg(src->context());
        const bool yes = m_confirm ? m_confirm(question)
                                   : QMessageBox::question(&m_window, tr("Allow writes"), question) == QMessageBox::Yes;
        if (!yes) {
            m_banner->refresh();
            return;
        }
    }
    src->setWritesEnabled(on);
    m_banner->refresh();
    emit message(m_banner->headline());
}

} // namespace rlab::ui
