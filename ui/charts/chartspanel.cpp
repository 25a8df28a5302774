#include "ui/charts/chartspanel.h"

#include "ui/charts/modelchartview.h"
#include "ui/clustersession.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace rlab::ui {

ChartsPanel::ChartsPanel(ClusterSession &session, QWidget *parent)
    : QWidget(parent), m_feeder(new ChartFeeder(session, this)), m_view(new ModelChartView(this)),
      m_chartPicker(new QComboBox(this)), m_deploymentPicker(new QComboBox(this))
{
    m_chartPicker->setObjectName(QStringLiteral("chartPicker"));
    m_deploymentPicker->setObjectName(QStringLiteral("deploymentPicker"));
    m_deploymentPicker->setSizeAdjustPolicy(QComboBox::AdjustToContents);   // filled later: grow with it
    for (int c = 0; c < ChartFeeder::ChartCount; ++c)
        m_chartPicker->addItem(ChartFeeder::title(ChartFeeder::Chart(c)));
    auto *png = new QPushButton(tr("Export PNG…"), this);
    auto *csv = new QPushButton(tr("Export CSV…"), this);
    png->setObjectName(QStringLiteral("exportPng"));
    csv->setObjectName(QStringLiteral("exportCsv"));

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Chart:"), this));
    bar->addWidget(m_chartPicker);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Deployment:"), this));
    bar->addWidget(m_deploymentPicker);
    bar->addStretch(1);
    bar->addWidget(png);
    bar->addWidget(csv);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    m_view->setFramePacer([&session] { return session.isRunning(); });
    connect(&session, &ClusterSession::frameStarted, m_view, &ModelChartView::frameStarted);
    layout->addWidget(m_view, 1);

    connect(m_chartPicker, &QComboBox::currentIndexChanged, this, [this](int i) { setChart(ChartFeeder::Chart(i)); });
    connect(m_deploymentPicker, &QComboBox::currentTextChanged, this, [this](const QString &key) {
        if (!key.isEmpty())
            m_feeder->setDeployment(key);
    });
    connect(m_feeder, &ChartFeeder::deploymentsChanged, this, &ChartsPanel::fillDeployments);
    connect(png, &QPushButton::clicked, this, &ChartsPanel::exportPngInteractive);
    connect(csv, &QPushButton::clicked, this, &ChartsPanel::exportCsvInteractive);
    fillDeployments();
    setChart(ChartFeeder::ReplicaSets);
}

void ChartsPanel::setChart(ChartFeeder::Chart chart)
{
    if (m_chartPicker->currentIndex() != int(chart))
        m_chartPicker->setCurrentIndex(int(chart));   // comes back here through the signal
    m_deploymentPicker->setEnabled(chart == ChartFeeder::ReplicaSets || chart == ChartFeeder::DeploymentStatus);
    QString title = ChartFeeder::title(chart);
    if (m_deploymentPicker->isEnabled() && !m_feeder->deployment().isEmpty())
        title += QStringLiteral(" — %1").arg(m_feeder->deployment());
    m_view->setModel(m_feeder->model(chart), title, ChartFeeder::yTitle(chart));
}

ChartFeeder::Chart ChartsPanel::chart() const
{
    return ChartFeeder::Chart(m_chartPicker->currentIndex());
}

void ChartsPanel::fillDeployments()
{
    const QSignalBlocker block(m_deploymentPicker);
    m_deploymentPicker->clear();
    m_deploymentPicker->addItems(m_feeder->deploymentKeys());
    m_deploymentPicker->setCurrentText(m_feeder->deployment());
    setChart(chart());
}

void ChartsPanel::refreshChart()
{
    m_view->refresh();
}

int ChartsPanel::framedRefreshes() const
{
    return m_view->framedRefreshes();
}

QPair<double, double> ChartsPanel::shownTimeRange() const
{
    return m_view->timeRange();
}

int ChartsPanel::shownSeriesCount() const
{
    return m_view->seriesCount();
}

int ChartsPanel::timeRangeChanges() const
{
    return m_view->timeRangeChanges();
}

bool ChartsPanel::exportPng(const QString &path, const QSize &size, QString *error)
{
    return m_view->exportPng(path, size, error);
}

bool ChartsPanel::exportCsv(const QString &path, QString *error)
{
    return m_feeder->model(chart())->writeCsv(path, error);
}

void ChartsPanel::exportPngInteractive()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chart as PNG"), QStringLiteral("chart.png"),
                                                      tr("PNG images (*.png)"));
    QString error;
    if (!path.isEmpty() && !exportPng(path, {1920, 1080}, &error))
        QMessageBox::warning(this, tr("Export PNG"), error);
}

void ChartsPanel::exportCsvInteractive()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chart data as CSV"), QStringLiteral("chart.csv"),
                                                      tr("CSV files (*.csv)"));
    QString error;
    if (!path.isEmpty() && !exportCsv(path, &error))
        QMessageBox::warning(this, tr("Export CSV"), error);
}

} // namespace rlab::ui
