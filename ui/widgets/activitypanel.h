#pragma once
#include <QWidget>

class QComboBox;
class QModelIndex;
class QPlainTextEdit;
class QSplitter;
class QSortFilterProxyModel;
class QTableView;

namespace rlab::ui {

class ClusterSession;
class LiveNote;
class ReconcileModel;

// Controller activity: every reconcile (ReconcileModel, fed from the session's trace), newest at
// the bottom and followed like `tail -f` unless the user scrolled up; a chooser narrows it to one
// controller (deployment, replicaset, scheduler, kubelet/…); the selected row's whole sentence is
// shown word-wrapped below (rows elide it); a "the object has been modified" failure also says
// which write moved the object (ConflictExplainer, from the trace). Cleared on clusterReset().
// In a live session a LiveNote says the cluster's reconciles are out of sight; the shadow
// controller's syncs are the rows. Sentences show in the window's language (TraceWording).
// GUI thread only.
class ActivityPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ActivityPanel(ClusterSession &session, QWidget *parent = nullptr);

    ReconcileModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QComboBox *chooser() const { return m_chooser; }
    // The whole sentence of the selected reconcile under the table, one step per line.
    QPlainTextEdit *detail() const { return m_detail; }
    LiveNote *liveNote() const { return m_liveNote; }
    // "syncDeployment default/nginx: a; b" -> "syncDeployment default/nginx:\n  • a\n  • b".
    static QString detailText(const QString &traceText);

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuildChooser();
    void showDetail(const QModelIndex &current);
    static constexpr qint64 kConflictLookBack = 20000;   // trace events searched for the write

    ClusterSession &m_session;
    ReconcileModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QComboBox *m_chooser;
    QTableView *m_view;
    QSplitter *m_splitter;
    QPlainTextEdit *m_detail;
    LiveNote *m_liveNote = nullptr;
};

} // namespace rlab::ui
