#pragma once
#include "ui/charts/workloadcache.h"
#include "ui/history/linediff.h"

#include "core/kubectl/rollout.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;
class QTextEdit;

namespace rlab::ui {

class ClusterSession;
class HistoryModel;

// The rollout history dock of one Deployment: its revisions, the
// template diff between any two of them (pick "from" and "to", or select two rows), "Roll back
// to this revision" (rollout::rolloutUndo with --to-revision, its kubectl output line shown), and
// a plain explanation of why the last change did or did not create a revision. The list is
// rollout::historyEntries' rule applied to the session's own watch cache, re-read when a write
// touched that Deployment or a ReplicaSet of its namespace. While the session views the past
// (time travel) the roll back is disabled and rollBackTo() refuses with readOnlyError().
// GUI thread only.
class HistoryPanel : public QWidget
{
    Q_OBJECT
public:
    explicit HistoryPanel(ClusterSession &session, QWidget *parent = nullptr);

    void setDeployment(const QString &key);   // "namespace/name"
    QString deployment() const { return m_deployment; }
    HistoryModel *model() const { return m_model; }
    // Diff of revision `from` → `to`; false when either is not in the list.
    bool compare(qint64 from, qint64 to);
    const QList<LineDiff::Line> &diff() const { return m_diff; }
    QString diffText() const;   // the unified lines, one per line
    kubectl::rollout::RolloutResult rollBackTo(qint64 revision);
    QString rollbackOutput() const;
    QString explanation() const;
    void refresh();

private:
    void onReset();
    void onStoreEvents(const std::vector<rlab::view::WatchEvent> &events);
    void fillDeploymentPicker();
    void fillRevisionPickers();
    void onSelectionChanged();
    void renderDiff();

    ClusterSession &m_session;
    WorkloadCache m_cache;
    QString m_deployment;
    DeploymentPtr m_lastDeployment;
    HistoryModel *m_model;
    QList<LineDiff::Line> m_diff;
    QComboBox *m_deploymentPicker;
    QTableView *m_table;
    QComboBox *m_from;
    QComboBox *m_to;
    QTextEdit *m_diffView;
    QPushButton *m_rollback;
    QLabel *m_output;
    QLabel *m_explanation;
};

} // namespace rlab::ui
