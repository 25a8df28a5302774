#include "ui/charts/modelchartview.h"

#include "ui/charts/seriesstyle.h"
#include "ui/charts/timeseriesmodel.h"
#include "ui/theme.h"

#include <QPainter>
#include <QImage>
#include <QLegendMarker>
#include <QLineSeries>
#include <QTimer>
#include <QValueAxis>
#include <cmath>

namespace rlab::ui {

ModelChartView::ModelChartView(QWidget *parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    auto *c = new QChart;
    c->setAnimationOptions(QChart::NoAnimation);
    c->legend()->setAlignment(Qt::AlignRight);
    QFont legendFont = font();
    legendFont.setPointSize(theme::kBasePointSize);
    c->legend()->setFont(legendFont);
    c->setTitleFont(theme::headlineFont(1.3));
    m_x = new QValueAxis;
    m_y = new QValueAxis;
    m_niceX = new QValueAxis(this);   // in no chart: only works out m_x's nice range
    connect(m_x, &QValueAxis::rangeChanged, this, [this] { ++m_timeRangeChanges; });
    QFont axisFont = font();
    axisFont.setPointSize(theme::kBasePointSize);
    QFont axisTitle = axisFont;
    axisTitle.setBold(true);
    for (QValueAxis *a : {m_x, m_y}) {
        a->setLabelsFont(axisFont);
        a->setTitleFont(axisTitle);
    }
    m_x->setTitleText(tr("virtual time (s)"));
    m_x->setLabelFormat(QStringLiteral("%d"));
    m_y->setLabelFormat(QStringLiteral("%d"));
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    // QChartView made a default chart; setChart() releases it without deleting it.
    QChart *initial = chart();
    setChart(c);
    delete initial;
    setMinimumSize(360, 240);
}

void ModelChartView::setModel(TimeSeriesModel *model, const QString &title, const QString &yTitle)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    chart()->setTitle(title);
    m_y->setTitleText(yTitle);
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, &ModelChartView::scheduleRefresh);
        connect(m_model, &QAbstractItemModel::rowsInserted, this, &ModelChartView::scheduleRefresh);
        connect(m_model, &QAbstractItemModel::rowsRemoved, this, &ModelChartView::scheduleRefresh);
        connect(m_model, &QAbstractItemModel::columnsInserted, this, &ModelChartView::scheduleRefresh);
        connect(m_model, &QAbstractItemModel::dataChanged, this, &ModelChartView::scheduleRefresh);
    }
    refresh();
}

void ModelChartView::showEvent(QShowEvent *event)
{
    QChartView::showEvent(event);
    if (m_dirty)
        refresh();
}

void ModelChartView::scheduleRefresh()
{
    if (!isVisible()) {
        m_dirty = true;
        return;
    }
    if (m_pending)
        return;
    m_pending = true;
    if (m_framesRun && m_framesRun()) {
        // Drawn at a frame's start (frameStarted), or by this timer if no frame comes.
        QTimer::singleShot(int(kDueFallbackMs), this, [this] {
            if (m_pending)
                refresh();
        });
        return;
    }
    // At most kMinRefreshIntervalMs apart: a chart is read by eye, not at 60 fps.
    const qint64 since = m_sinceRefresh.isValid() ? m_sinceRefresh.elapsed() : kMinRefreshIntervalMs;
    QTimer::singleShot(int(std::max<qint64>(0, kMinRefreshIntervalMs - since)), this, [this] {
        if (m_pending)
            refresh();
    });
}

void ModelChartView::frameStarted()
{
    const qint64 since = m_sinceRefresh.isValid() ? m_sinceRefresh.elapsed() : kMinRefreshIntervalMs;
    if (m_pending && since >= kMinRefreshIntervalMs) {
        refresh();
        ++m_framedRefreshes;
    }
}

int ModelChartView::seriesCount() const
{
    return int(chart()->series().size());
}

QPair<double, double> ModelChartView::timeRange() const
{
    return {m_x->min(), m_x->max()};
}

void ModelChartView::refresh()
{
    m_pending = false;
    m_dirty = false;
    m_sinceRefresh.start();
    QChart *c = chart();
    const int nSeries = m_model ? m_model->columnCount() - 1 : 0;
    QList<QAbstractSeries *> existing = c->series();
    // Series follow the model's columns; names fix colours by group order.
    while (existing.size() > nSeries) {
        QAbstractSeries *s = existing.takeLast();
        c->removeSeries(s);
        delete s;
    }
    QStringList groups;
    double maxY = 1;
    for (int col = 1; col <= nSeries; ++col) {
        const QString name = m_model->headerData(col, Qt::Horizontal).toString();
        const QString group = SeriesStyle::groupOf(name);
        // A measure without a group ("available") is drawn with that measure's width.
        const QString measure = name.contains(QStringLiteral(" · ")) ? SeriesStyle::measureOf(name) : name;
        if (!groups.contains(group))
            groups << group;
        QLineSeries *s = nullptr;
        if (col - 1 < existing.size()) {
            s = static_cast<QLineSeries *>(existing[col - 1]);
        } else {
            s = new QLineSeries;
            c->addSeries(s);
            s->attachAxis(m_x);
            s->attachAxis(m_y);
        }
        s->setName(name);
        s->setPen(SeriesStyle::pen(int(groups.indexOf(group)), measure));
        // Beyond kMaxBuckets samples, each bucket of `stride` rows is drawn as its largest
        // value (peaks such as a queue burst stay visible; short dips may not).
        const int rows = m_model->rowCount();
        const int stride = std::max(1, (rows + kMaxBuckets - 1) / kMaxBuckets);
        QList<QPointF> points;
        points.reserve(2 * (rows / stride + 1));
        for (int row = 0; row < rows; row += stride) {
            double y = m_model->value(row, col);
            for (int k = row + 1; k < std::min(rows, row + stride); ++k)
                y = std::max(y, m_model->value(k, col));
            // A step line: the value holds until the next sample.
            if (!points.isEmpty() && points.last().y() != y)
                points.append(QPointF(m_model->value(row, 0), points.last().y()));
            points.append(QPointF(m_model->value(row, 0), y));
            maxY = std::max(maxY, y);
        }
        s->replace(points);
    }
    const int rows = m_model ? m_model->rowCount() : 0;
    const double x0 = rows ? m_model->value(0, 0) : 0;
    const double x1 = rows ? m_model->value(rows - 1, 0) : 10;
    // The nice range applyNiceNumbers() makes, worked out on a detached axis and set only when it
    // moved: each range change lays every series out again (their stroked hover shapes: ~70 % of
    // a refresh), and setRange + applyNiceNumbers on m_x changed it twice per refresh (issue #17).
    m_niceX->setTickCount(m_x->tickCount());
    m_niceX->setRange(x0, std::max(x1, x0 + 10));
    m_niceX->applyNiceNumbers();
    if (m_niceX->min() != m_x->min() || m_niceX->max() != m_x->max())
        m_x->setRange(m_niceX->min(), m_niceX->max());
    m_x->setTickCount(m_niceX->tickCount());
    // Whole numbers (pods, keys, requests): integer ticks, about 5 to 8 of them.
    const double top = std::max(std::ceil(maxY * 1.15), maxY + 1);
    const double interval = std::max(1.0, std::ceil(top / 6.0));
    m_y->setTickType(QValueAxis::TicksDynamic);
    m_y->setTickAnchor(0);
    m_y->setTickInterval(interval);
    m_y->setRange(0, std::ceil(top / interval) * interval);
}

bool ModelChartView::exportPng(const QString &path, const QSize &size, QString *error)
{
    refresh();
    // Lay the chart out at the export size (fonts keep their point sizes), paint it, restore.
    const QSize target = size.isValid() ? size : viewport()->size();
    const QSizeF before = chart()->size();
    chart()->resize(target);
    QImage image(target, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing);
        scene()->render(&p, QRectF(QPointF(0, 0), target), chart()->geometry());
    }
    chart()->resize(before);
    if (!image.save(path, "PNG")) {
        if (error)
            *error = tr("could not write %1").arg(path);
        return false;
    }
    return true;
}

} // namespace rlab::ui
