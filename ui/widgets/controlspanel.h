#pragma once
#include "ui/commands/clustercommands.h"

#include <QWidget>

#include <cstddef>

class QComboBox;
class QLabel;

namespace rlab::ui {

class ClusterControls;
class ClusterSession;
class CommandTerminal;
class DeploymentControls;
class PodControls;

// The Controls panel: kubectl's verbs as large buttons for the Deployment chosen at the top —
// a terminal showing the last command as typed and its output (CommandTerminal), the
// Deployment's verbs (DeploymentControls), its pods (PodControls) and the cluster's nodes,
// replica-floor controller and reset (ClusterControls), all acting through one ClusterCommands.
// The choosers follow the store: refreshed on the store batches that touch their kinds (pods at
// most every 250 ms) and after every command. While the session views the past (time travel)
// every command button is disabled under an amber "read-only" note (ClusterCommands refuses
// them too). Choosers read through ClusterSession::readClient() in its namespace_() (a live
// session: the mirror, in its namespace). After the reset of a big lab (kStagedResetKeys keys
// or more: a saved lab opened) the choosers are re-read one per frame, not all in one (issue
// #17). GUI thread only.
class ControlsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ControlsPanel(ClusterSession &session, QWidget *parent = nullptr);

    ClusterCommands *commands() const { return m_commands; }
    QString currentDeployment() const;
    void setCurrentDeployment(const QString &name);
    // Re-reads every chooser now.
    void refresh();
    static constexpr std::size_t kStagedResetKeys = 2000;
    void setStagedResetKeys(std::size_t keys) { m_stagedResetKeys = keys; }
    // Choosers still to re-read after a big reset (0: none).
    int stagedRefreshLeft() const { return m_stage == 0 ? 0 : 5 - m_stage; }

    QComboBox *deploymentBox() const { return m_deployment; }
    CommandTerminal *terminal() const { return m_terminal; }
    DeploymentControls *deploymentControls() const { return m_deploymentControls; }
    PodControls *podControls() const { return m_pods; }
    ClusterControls *clusterControls() const { return m_cluster; }
    QString outputText() const;
    QWidget *commandBox() const { return m_commandBox; }   // every button that writes

signals:
    void currentDeploymentChanged(const QString &name);

private:
    void connectSession();
    void refreshDeployments();
    void deploymentChosen();
    void showFrozen(bool frozen);
    void clusterWasReset();
    void refreshStage();
    bool refreshPods();   // one budgeted slice of the pods list; true when it is done

    ClusterSession &m_session;
    ClusterCommands *m_commands;
    QComboBox *m_deployment;
    CommandTerminal *m_terminal;
    DeploymentControls *m_deploymentControls;
    PodControls *m_pods;
    ClusterControls *m_cluster;
    QWidget *m_commandBox;
    QLabel *m_readOnlyNote;
    bool m_podsDirty = false;
    std::size_t m_stagedResetKeys = kStagedResetKeys;
    int m_stage = 0;   // 1..4: the staged refresh's next chooser
    qint64 m_podsRefreshedAt = -1'000'000;
};

} // namespace rlab::ui
