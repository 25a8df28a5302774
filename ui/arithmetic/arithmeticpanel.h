#pragma once
#include "ui/charts/workloadcache.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QBoxLayout;
class QComboBox;
class QSplitter;
class QTextBrowser;
class QTableView;

namespace rlab::ui {

class ClusterSession;
class LiveNote;
class SyncStepDelegate;
class SyncStepModel;

// The rolling-update arithmetic of one Deployment, live: replicas, maxSurge / maxUnavailable
// as written and resolved with the rounding rule (RollingMath, i.e. the controller's own
// ResolveFenceposts), the allowed total and the minimum available, the current totals and
// what reconcileNewReplicaSet / reconcileOldReplicaSets would allow right now; below, the
// per-sync log (SyncStepModel) of which step moved which ReplicaSet from → to and why.
// Recomputed when that Deployment or its ReplicaSets change. In a live session the log is the
// shadow controller's (a LiveNote says so). The rules and the log are RollingMath's English,
// shown through TraceWording; a language change rebuilds the summary. In a column narrower than
// kNarrowChars average characters (a presenter-mode column of 28 %) it reflows instead of
// scrolling sideways: the picker under its label, the summary's rows stacked (value, then the
// rule) with break opportunities in long identifiers, the log's rows as wrapped paragraphs
// (SyncStepDelegate); the summary scrolls only up and down. GUI thread only.
class ArithmeticPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ArithmeticPanel(ClusterSession &session, QWidget *parent = nullptr);

    void setDeployment(const QString &key);
    // A lesson's highlight names its object ("Deployment/web"): that Deployment is shown (the
    // first of that name among the keys); any other reference changes nothing.
    void showObject(const QString &objectRef);
    QString deployment() const { return m_deployment; }
    SyncStepModel *steps() const { return m_steps; }
    LiveNote *liveNote() const { return m_liveNote; }
    // The summary as plain text (what the panel shows, for tests); a summary held back by the
    // interval below is brought up to date first.
    QString summaryText() const;
    // Store writes redraw the summary at most once per interval (the Deployment's status moves
    // with nearly every write of a rollout and setHtml lays the whole document out again: 15 %
    // of the GUI thread while 10,000 scenario steps play); the last one is always shown.
    // A language change redraws at once; a Deployment picked or a reset kResetSummaryDelayMs
    // later (not in a restored lab's busy frames; issue #17). While the session's frames run,
    // a held-back redraw is done at the start of a frame (ClusterSession::frameStarted), its
    // time taken from that frame's intake.
    static constexpr int kSummaryIntervalMs = 200;
    static constexpr int kResetSummaryDelayMs = 50;
    static constexpr int kDueFallbackMs = 250;   // a held-back redraw no frame took: drawn anyway
    void setSummaryInterval(int ms) { m_summaryIntervalMs = ms; }   // tests
    int summaryRedraws() const { return m_summaryRedraws; }
    // The summary of `d` with its ReplicaSets, as HTML in the current language (GUI thread).
    // narrow: the rows stacked, long identifiers breakable (a narrow column).
    static QString summaryHtml(const api::Deployment &d, const QList<ReplicaSetCPtr> &rss, bool narrow = false);
    bool isNarrow() const { return m_narrow; }
    static constexpr int kNarrowChars = 64;

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void onReset();
    void onStoreEvents(const std::vector<rlab::view::WatchEvent> &events);
    void fillPicker();
    void updateSummary();
    void scheduleSummary();   // updateSummary now or when the interval has passed
    void updateNarrow();
    void fitRows(int first, int last);   // narrow: rows as tall as their paragraphs

    ClusterSession &m_session;
    WorkloadCache m_cache;
    QString m_deployment;
    SyncStepModel *m_steps;
    QComboBox *m_picker;
    QTextBrowser *m_summary;
    QString m_summaryHtml;   // what m_summary shows
    QTableView *m_table;
    SyncStepDelegate *m_delegate;
    QBoxLayout *m_top;
    QSplitter *m_split;
    bool m_narrow = false;
    LiveNote *m_liveNote = nullptr;
    QTimer m_summaryTimer;         // single shot: the held-back summary
    bool m_summaryDue = false;     // its time came while frames run: at the next frame's start (timer: the fallback)
    QElapsedTimer m_lastSummary;   // since the last redraw from store writes
    int m_summaryIntervalMs = kSummaryIntervalMs;
    int m_summaryRedraws = 0;      // setHtml calls
};

} // namespace rlab::ui
