#pragma once
#include "ui/charts/chartfeeder.h"

#include <QWidget>

class QComboBox;
class QPushButton;

namespace rlab::ui {

class ClusterSession;
class ModelChartView;

// The charts dock: a chart picker (replicas per ReplicaSet, Deployment status, workqueue depth,
// API requests per second), a Deployment picker for the first two, one chart, and Export PNG… /
// Export CSV… buttons (file dialogs) over exportPng() / exportCsv(), which take a path so tests
// can call them. Fed by its own ChartFeeder. GUI thread only.
class ChartsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ChartsPanel(ClusterSession &session, QWidget *parent = nullptr);

    ChartFeeder &feeder() { return *m_feeder; }
    // The chart widget (its header needs QtCharts, private to rlab_ui).
    ModelChartView *chartView() const { return m_view; }
    // Redraws the chart from its model now; the number of series it draws.
    void refreshChart();
    int shownSeriesCount() const;
    // The virtual seconds the chart's x axis spans (the whole run by default).
    QPair<double, double> shownTimeRange() const;
    // For tests: how often the x axis' range changed (ModelChartView::timeRangeChanges).
    int timeRangeChanges() const;
    int framedRefreshes() const;   // for tests: redraws made at a frame's start
    void setChart(ChartFeeder::Chart chart);
    ChartFeeder::Chart chart() const;
    bool exportPng(const QString &path, const QSize &size = {1280, 720}, QString *error = nullptr);
    bool exportCsv(const QString &path, QString *error = nullptr);

private:
    void fillDeployments();
    void exportPngInteractive();
    void exportCsvInteractive();

    ChartFeeder *m_feeder;
    ModelChartView *m_view;
    QComboBox *m_chartPicker;
    QComboBox *m_deploymentPicker;
};

} // namespace rlab::ui
