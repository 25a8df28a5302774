#pragma once
#include <QGroupBox>

class QCheckBox;
class QComboBox;
class QPushButton;

namespace rlab::ui {

class ClusterCommands;
class ClusterSession;

// The cluster's own controls: the nodes (Ready or NotReady) with Fail / Recover (the teacher's
// faults), the replica-floor controller on/off, and Reset cluster. refresh() re-reads the nodes
// through the session's client and the controller's switch from its view. In a live session
// all four are off (LabOnly: they act on the simulator). GUI thread only.
class ClusterControls : public QGroupBox
{
    Q_OBJECT
public:
    ClusterControls(ClusterSession &session, ClusterCommands *commands, QWidget *parent = nullptr);

    void refresh();

    QComboBox *nodeBox() const { return m_node; }
    QPushButton *failNodeButton() const { return m_fail; }
    QPushButton *recoverNodeButton() const { return m_recover; }
    QCheckBox *replicaFloorBox() const { return m_floor; }
    QPushButton *resetButton() const { return m_reset; }

private:
    QPushButton *button(const QString &text, const QString &tip);
    void updateEnabled(bool haveNodes);

    ClusterSession &m_session;
    QComboBox *m_node;
    QPushButton *m_fail = nullptr;
    QPushButton *m_recover = nullptr;
    QCheckBox *m_floor;
    QPushButton *m_reset = nullptr;
};

} // namespace rlab::ui
