#pragma once
#include <QWidget>

class QComboBox;
class QSortFilterProxyModel;
class QTableView;

namespace rlab::ui {

class ClusterSession;
class ReconcileModel;

// Controller activity: every reconcile (ReconcileModel, fed from the session's trace), newest at
// the bottom and followed like `tail -f` unless the user scrolled up; a chooser narrows it to one
// controller (deployment, replicaset, scheduler, kubelet/…). Cleared on clusterReset().
// GUI thread only.
class ActivityPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ActivityPanel(ClusterSession &session, QWidget *parent = nullptr);

    ReconcileModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QComboBox *chooser() const { return m_chooser; }

private:
    void rebuildChooser();

    ClusterSession &m_session;
    ReconcileModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QComboBox *m_chooser;
    QTableView *m_view;
};

} // namespace rlab::ui
