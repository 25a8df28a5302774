#pragma once
#include <QChartView>
#include <QPointer>

class QLineSeries;
class QValueAxis;

namespace rlab::ui {

class TimeSeriesModel;

// A QChartView that draws a TimeSeriesModel: one QLineSeries per series column (colour per
// group, line style per measure, SeriesStyle), x in virtual seconds, y from 0 to a little above
// the largest value, with fonts sized for a projector. The model is re-read at most once per
// event-loop turn after it changed (refresh() does it at once, for tests and export).
// exportPng(path, size) renders the chart alone at that size. GUI thread only.
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

private:
    void scheduleRefresh();

    QPointer<TimeSeriesModel> m_model;
    QValueAxis *m_x = nullptr;
    QValueAxis *m_y = nullptr;
    bool m_pending = false;
};

} // namespace rlab::ui
