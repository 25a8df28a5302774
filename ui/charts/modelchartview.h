#pragma once
#include <QChartView>
#include <QElapsedTimer>
#include <QPointer>

#include <functional>

class QLineSeries;
class QValueAxis;

namespace rlab::ui {

class TimeSeriesModel;

// A QChartView that draws a TimeSeriesModel: one QLineSeries per series column (colour per
// group, width/opacity per measure, SeriesStyle), x in virtual seconds, y from 0 to a little
// above the largest value, fonts sized for a projector. Long series are drawn as at most
// kMaxBuckets points (3600 rows → buckets of 6 rows, each its maximum). Redrawn after the model
// changed, at most every kMinRefreshIntervalMs and never while hidden (refresh() redraws at
// once, for tests and export); an axis range is set only when it moved (each change lays every
// series out again). exportPng(path, size) paints the chart alone at that size.
// GUI thread only.
class ModelChartView : public QChartView
{
    Q_OBJECT
public:
    explicit ModelChartView(QWidget *parent = nullptr);

    void setModel(TimeSeriesModel *model, const QString &title, const QString &yTitle);
    TimeSeriesModel *model() const { return m_model; }
    void refresh();
    bool exportPng(const QString &path, const QSize &size = {1280, 720}, QString *error = nullptr);
    int seriesCount() const;
    // The virtual seconds the x axis shows: the whole run the model holds (from its first row).
    QPair<double, double> timeRange() const;
    // For tests: how often the time axis' range changed.
    int timeRangeChanges() const { return m_timeRangeChanges; }

    static constexpr int kMaxBuckets = 600;              // drawn samples per series at most
    static constexpr qint64 kMinRefreshIntervalMs = 200; // wall time between redraws
    static constexpr qint64 kDueFallbackMs = 500;        // a due redraw no frame took: drawn anyway

    // While `framesRun` says so, a due redraw waits for frameStarted() (connect the session's
    // frameStarted to it): its 3-5 ms then come out of that frame's intake, not on top of a
    // frame (issue #17: a chart redrawn by its own timer next to a frame made blocks of 21 ms).
    void setFramePacer(std::function<bool()> framesRun) { m_framesRun = std::move(framesRun); }
    void frameStarted();
    int framedRefreshes() const { return m_framedRefreshes; }   // for tests: made by frameStarted()

protected:
    void showEvent(QShowEvent *event) override;

private:
    void scheduleRefresh();

    QPointer<TimeSeriesModel> m_model;
    QValueAxis *m_x = nullptr;
    QValueAxis *m_y = nullptr;
    QValueAxis *m_niceX = nullptr;
    int m_timeRangeChanges = 0;
    QElapsedTimer m_sinceRefresh;
    bool m_pending = false;
    bool m_dirty = false;   // changed while hidden: refreshed when shown
    std::function<bool()> m_framesRun;
    int m_framedRefreshes = 0;
};

} // namespace rlab::ui
