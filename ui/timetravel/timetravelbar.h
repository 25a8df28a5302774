#pragma once
#include <QFrame>
#include <QTimer>

class QLabel;
class QPushButton;
class QSlider;
class QToolButton;

namespace rlab::ui {

class ClusterSession;
class FieldOriginFinder;
class TimeTravel;

// The revision scrubber: a slider from the oldest viewable revision (the etcd compact
// revision) to the current one (every step is one write; ticks every few revisions), ← / →
// for the previous / next revision, "Live" to come back, and a line describing the write at
// the revision shown: "revision 42 of 118 · t=00:01:23 · PUT /registry/replicasets/…". Moving
// it calls TimeTravel::viewRevision, so every panel shows the cluster as it was; while in
// the past the bar turns amber with "Viewing the past — read-only". Its FieldOriginFinder is
// there for the inspector ("where did this value come from?"). When the oldest revisions are
// gone (etcd compaction in a lab, the history bound of a live session) a note says from when
// history is kept. GUI thread only.
class TimeTravelBar : public QFrame
{
    Q_OBJECT
public:
    explicit TimeTravelBar(TimeTravel &travel, QWidget *parent = nullptr);

    FieldOriginFinder *fieldOrigins() const { return m_origins; }
    QString describeRevision(qint64 rev) const;   // the label's text for `rev`
    // Without the write's key ("revision 12 of 50 · t=00:00:04"): what the label shows when
    // the whole line does not fit (presenter mode at 1280 px); the whole line is its tooltip.
    QString describeRevisionShort(qint64 rev) const;
    QSlider *slider() const { return m_slider; }
    // "history before t=00:03:12 dropped: …", or "" while every revision is viewable.
    QString droppedText() const;

public slots:
    void stepBack();      // one revision back (from live: the one before the current)
    void stepForward();
    void goLive();

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void showRevision(qint64 rev);   // the long or the short text, whichever fits
    void applyLook(bool live);

    TimeTravel &m_travel;
    ClusterSession &m_session;
    FieldOriginFinder *m_origins;
    QLabel *m_banner;
    QLabel *m_label;
    QLabel *m_dropped;
    QSlider *m_slider;
    QToolButton *m_back;
    QToolButton *m_forward;
    QPushButton *m_live;
    // Dragging coalesces: one viewRevision per event-loop pass (a scrub step with 100 pods and
    // the object tree costs ~17 ms in a Debug build), for the slider's latest value.
    QTimer m_scrub;
    int m_pendingValue = 0;
    qint64 m_labelRevision = 0;
};

} // namespace rlab::ui
