#pragma once
#include "ui/commands/clustercommands.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace rlab::ui {

class ClusterSession;

// The Controls panel: kubectl's verbs as large buttons, for the Deployment chosen at the top.
// Scale (spin box, −/+), Set image (container + image, prefilled with the current image),
// Roll back (the rollout history with change-causes; "previous revision" = --to-revision=0),
// Pause / Resume / Restart, Delete a pod (chosen, or a random one), Fail / Recover a node, the
// custom replica-floor controller on/off, Reset cluster. Above them, a small terminal shows the
// last command as kubectl would be typed and what it printed (red when refused). The choosers follow the store
// (refresh() on every store batch that touches their kinds; pods at most every 250 ms).
// The Deployment's controls are disabled while there is none. GUI thread only.
class ControlsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ControlsPanel(ClusterSession &session, QWidget *parent = nullptr);

    ClusterCommands *commands() const { return m_commands; }
    QString currentDeployment() const;
    void setCurrentDeployment(const QString &name);
    // Re-reads every chooser from the ApiServer now.
    void refresh();

    QComboBox *deploymentBox() const { return m_deployment; }
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
    QComboBox *podBox() const { return m_pod; }
    QPushButton *deletePodButton() const { return m_deletePod; }
    QPushButton *deleteRandomPodButton() const { return m_deleteRandom; }
    QComboBox *nodeBox() const { return m_node; }
    QPushButton *failNodeButton() const { return m_failNode; }
    QPushButton *recoverNodeButton() const { return m_recoverNode; }
    QCheckBox *replicaFloorBox() const { return m_floor; }
    QPushButton *resetButton() const { return m_reset; }
    QString outputText() const;

signals:
    void currentDeploymentChanged(const QString &name);

private:
    QWidget *buildTerminal();
    QWidget *buildDeploymentGroups();
    QGroupBox *buildPodGroup();
    QGroupBox *buildClusterGroup();
    QPushButton *button(const QString &text, const QString &tip);
    void connectSession();
    void refreshDeployments();
    void refreshDeploymentDetails();
    void refreshPods();
    void refreshNodes();
    void showCommand(const QString &commandLine, const ClusterCommands::Result &result);

    ClusterSession &m_session;
    ClusterCommands *m_commands;
    QComboBox *m_deployment = nullptr;
    QList<QWidget *> m_needsDeployment;
    QSpinBox *m_replicas = nullptr;
    QPushButton *m_scale = nullptr, *m_scaleDown = nullptr, *m_scaleUp = nullptr;
    QComboBox *m_container = nullptr;
    QLineEdit *m_image = nullptr;
    QPushButton *m_setImage = nullptr;
    QComboBox *m_revision = nullptr;
    QPushButton *m_rollBack = nullptr, *m_pause = nullptr, *m_resume = nullptr, *m_restart = nullptr;
    QComboBox *m_pod = nullptr;
    QPushButton *m_deletePod = nullptr, *m_deleteRandom = nullptr;
    QComboBox *m_node = nullptr;
    QPushButton *m_failNode = nullptr, *m_recoverNode = nullptr;
    QCheckBox *m_floor = nullptr;
    QPushButton *m_reset = nullptr;
    QLabel *m_commandLine = nullptr;
    QLabel *m_output = nullptr;
    // What the spin box and the image field were last filled with: a user's edit is kept until
    // the Deployment itself changes.
    int m_shownReplicas = -1;
    QString m_shownImage;
    bool m_podsDirty = false;
    qint64 m_podsRefreshedAt = -1'000'000;
};

} // namespace rlab::ui
