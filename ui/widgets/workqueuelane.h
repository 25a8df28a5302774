#pragma once
#include <QStringList>
#include <QWidget>

namespace rlab::ui {

class WorkQueueModel;

// One controller's workqueue, painted large enough for a projector from WorkQueueModel: the FIFO
// as blue key chips in order (front first, "×3" when adds collapsed, a tag when the key came back
// "after delay" or was "requeued" by done()), one lane per worker with the green chip of the key
// it processes and an orange "dirty — will requeue on done()" badge when it was re-added, the
// waiting keys as amber chips with their virtual-time countdown and requeue count, the queue's
// counters, and the notes of what happened inside the last frames (dedups, re-adds) fading out.
// Nothing is cut in a narrow lane (a projector's font): the counters, the adds/dedups line and
// each note wrap onto more lines and the lane grows by them (the notes' room only grows while
// the width stays, so lanes below do not jump as notes come and go).
// Repaints when told (update()); reads the model only while painting. GUI thread only.
class WorkQueueLane : public QWidget
{
    Q_OBJECT
public:
    WorkQueueLane(WorkQueueModel *model, const QString &controller, QWidget *parent = nullptr);

    QString controller() const { return m_controller; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // Taller when narrow: the counters take a second header line rather than being cut. The
    // lane re-checks at every resize and refresh(); sizeHint() follows (updateGeometry()).
    int heightForWidth(int width) const override;
    int headerLines(int width) const;
    // The counters' lines under the name when they do not fit beside it (empty when they do).
    QStringList counterLines(int width) const;
    // The line under the waiting row ("adds 13 · dedups 11 · requeues 0 · … · 5 worker threads"),
    // wrapped at " · " into lines of at most footerRoom(width) px in footerFont(); and each
    // current note's text wrapped into lines of at most noteRoom(width) px in noteFont(). What
    // paintEvent draws, line for line.
    QStringList footerLines(int width) const;
    QList<QStringList> noteLines(int width) const;
    QFont footerFont() const;
    QFont noteFont() const;
    int footerRoom(int width) const { return width - 2 * kPad; }
    int noteRoom(int width) const { return width - 2 * kPad - kNoteIndent; }
    // The height everything drawn needs at `width` (the notes' room as reserved now).
    int contentHeight(int width) const;
    // Call after the model changed: re-reads the lane count and repaints.
    void refresh();

    static constexpr int kPad = 10, kNoteIndent = 18;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Metrics;
    Metrics metrics() const;
    int workerLanes() const;
    int noteLineCount(int width) const;
    bool relayout();   // re-counts the lines at the current width; true when the height changed

    WorkQueueModel *m_model;
    QString m_controller;
    int m_lanes = 1;
    int m_headerLines = 1;
    int m_footerLines = 1;
    int m_noteLines = 0;          // reserved for the notes (at least kMaxNotes); grows only …
    int m_notesWidth = -1;        // … while the width stays this
};

} // namespace rlab::ui
