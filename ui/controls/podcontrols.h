#pragma once
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
// refresh, and reading every pod of a 20,000-pod lab four times a second costs frames: they are
// read in pages of the Deployment's selector; "Delete random" still picks among all of them).
// GUI thread only.
class PodControls : public QGroupBox
{
    Q_OBJECT
public:
    PodControls(ClusterSession &session, ClusterCommands *commands, QWidget *parent = nullptr);

    // `refreshNow` false: the caller refreshes later (a big reset, one chooser per frame).
    void setDeployment(const QString &name, bool refreshNow = true);
    void refresh();
    static constexpr int kMaxListed = 1000;

    QComboBox *podBox() const { return m_pod; }
    QPushButton *deletePodButton() const { return m_delete; }
    QPushButton *deleteRandomPodButton() const { return m_deleteRandom; }

private:
    ClusterSession &m_session;
    QString m_deployment;
    QComboBox *m_pod;
    QPushButton *m_delete;
    QPushButton *m_deleteRandom;
};

} // namespace rlab::ui
