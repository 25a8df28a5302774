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
    // Call after the model changed: re-reads the lane count and repaints.
    void refresh();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Metrics;
    Metrics metrics() const;
    int workerLanes() const;

    WorkQueueModel *m_model;
    QString m_controller;
    int m_lanes = 1;
    int m_headerLines = 1;
};

} // namespace rlab::ui
