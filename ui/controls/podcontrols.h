#pragma once
#include "ui/controls/deploymentpods.h"

#include <QGroupBox>

class QComboBox;
class QPushButton;

namespace rlab::ui {

class ClusterCommands;
class ClusterSession;

// The Deployment's pods (owned through its ReplicaSets; Running first, Terminating last) with
// "Delete pod" (kubectl delete pod: graceful, the ReplicaSet replaces it) and "Delete random".
// Disabled while there is no Deployment. The chooser lists the first kMaxListed pods by name,
// in that order (a Deployment of 100,000 replicas would fill a combo box for seconds on every
// refresh; "Delete random" still picks among all of them). A frame's refresh reads a
// DeploymentPods kept from the session's snapshot and writes, not a LIST of every pod of the
// namespace (a 20,000-pod lab: 6–16 ms a read, four times a second; issue #17); a direct one
// (a Deployment picked) reads the API. GUI thread only.
class PodControls : public QGroupBox
{
    Q_OBJECT
public:
    PodControls(ClusterSession &session, ClusterCommands *commands, QWidget *parent = nullptr);

    // `refreshNow` false: the caller refreshes later (a big reset, one chooser per frame).
    void setDeployment(const QString &name, bool refreshNow = true);
    // Refills the chooser. budgetMs >= 0 (a frame's refresh): from the cache; after a reset its
    // pods are first read from the session's snapshot for about budgetMs, false (nothing
    // refilled) while some are left, to be called again. -1: now, through the API.
    bool refresh(int budgetMs = -1);
    static constexpr int kMaxListed = 1000;

    QComboBox *podBox() const { return m_pod; }
    QPushButton *deletePodButton() const { return m_delete; }
    QPushButton *deleteRandomPodButton() const { return m_deleteRandom; }

private:
    ClusterSession &m_session;
    DeploymentPods m_pods;
    QString m_deployment;
    QComboBox *m_pod;
    QPushButton *m_delete;
    QPushButton *m_deleteRandom;
};

} // namespace rlab::ui
