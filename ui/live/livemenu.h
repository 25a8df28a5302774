#pragma once
#include <QObject>
#include <QString>
#include <functional>

class QAction;
class QMainWindow;
class QMenu;
class QToolBar;

namespace rlab::ui {

class ClusterSession;
class LiveBanner;

// Live mode in the window (issue #15): File → Connect to cluster… (kubeconfig, context,
// namespace), File → Open recording…, File → Back to the lab, the LiveBanner in its own top
// toolbar, and the "Allow writes" switch (confirmed, per context). Opening goes through
// ClusterSession::openLive; errors are shown in kubectl's words. GUI thread only.
class LiveMenu : public QObject
{
    Q_OBJECT
public:
    LiveMenu(QMainWindow &window, ClusterSession &session, QMenu *fileMenu);

    // `reconcile-lab --kubeconfig …` and the dialog: false with the reason in `error`.
    bool connectCluster(const QStringList &kubeconfigs, const QString &context, const QString &ns, QString *error);
    // `reconcile-lab --replay FILE` and File → Open recording….
    bool openRecording(const QString &path, QString *error);
    // Asked before writes are enabled; none = a QMessageBox.
    void setConfirm(std::function<bool(const QString &question)> confirm) { m_confirm = std::move(confirm); }
    // Asked before a connection or a recording replaces the lab's cluster (false: left as is).
    void setResetGuard(std::function<bool()> guard) { m_resetGuard = std::move(guard); }

    LiveBanner *banner() const { return m_banner; }
    QAction *connectAction() const { return m_connect; }
    QAction *openRecordingAction() const { return m_openRecording; }
    QAction *backToLabAction() const { return m_backToLab; }

signals:
    void message(const QString &text);

private:
    void showConnectDialog();
    void chooseRecording();
    void setWrites(bool on);

    QMainWindow &m_window;
    ClusterSession &m_session;
    LiveBanner *m_banner;
    QToolBar *m_bar;
    QAction *m_connect;
    QAction *m_openRecording;
    QAction *m_backToLab;
    std::function<bool(const QString &)> m_confirm;
    std::function<bool()> m_resetGuard;
};

} // namespace rlab::ui
