#pragma once
#include <QWidget>

class QComboBox;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace rlab::ui {

class ClusterCommands;
class ClusterSession;

// kubectl's verbs on one Deployment, as a column of small groups: Scale (spin box, −/+), Set image
// (container + image, prefilled with the container's image), Roll back (the rollout history with
// change-causes; "previous revision" = --to-revision=0), Pause / Resume / Restart. refresh()
// reads the Deployment and its history through the session's client; what the user typed is
// kept until the Deployment itself changes (or a command used it). Disabled while there is no
// Deployment. GUI thread only.
class DeploymentControls : public QWidget
{
    Q_OBJECT
public:
    DeploymentControls(ClusterSession &session, ClusterCommands *commands, QWidget *parent = nullptr);

    // The Deployment the buttons act on ("" = none); refreshes, forgetting what was typed.
    // `refreshNow` false: the caller refreshes later (a big reset, one chooser per frame).
    void setDeployment(const QString &name, bool refreshNow = true);
    void refresh();
    // A command succeeded: from now on the fields show the Deployment again.
    void commandDone();

    QSpinBox *replicasBox() const { return m_replicas; }
    QPushButton *scaleButton() const { return m_scale; }
    QPushButton *scaleDownButton() const { return m_scaleDown; }
    QPushButton *scaleUpButton() const { return m_scaleUp; }
    QComboBox *containerBox() const { return m_container; }
    QLineEdit *imageEdit() const { return m_image; }
    QPushButton *setImageButton() const { return m_setImage; }
    QComboBox *revisionBox() const { return m_revision; }
    QPushButton *rollBackButton() const { return m_rollBack; }
    QPushButton *pauseButton() const { return m_pause; }
    QPushButton *resumeButton() const { return m_resume; }
    QPushButton *restartButton() const { return m_restart; }

private:
    QWidget *buildScale();
    QWidget *buildImage();
    QWidget *buildHistory();
    QWidget *buildRollout();
    QPushButton *button(const QString &text, const QString &tip);

    ClusterSession &m_session;
    ClusterCommands *m_commands;
    QString m_deployment;
    QSpinBox *m_replicas = nullptr;
    QPushButton *m_scale = nullptr, *m_scaleDown = nullptr, *m_scaleUp = nullptr;
    QComboBox *m_container = nullptr;
    QLineEdit *m_image = nullptr;
    QPushButton *m_setImage = nullptr;
    QComboBox *m_revision = nullptr;
    QPushButton *m_rollBack = nullptr, *m_pause = nullptr, *m_resume = nullptr, *m_restart = nullptr;
    // What the spin box and the image field were last filled with (-1 / "": fill again).
    int m_shownReplicas = -1;
    QString m_shownImage;
};

} // namespace rlab::ui
