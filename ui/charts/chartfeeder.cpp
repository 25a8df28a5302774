#include "ui/charts/chartfeeder.h"

#include "core/sim/view/clusterview.h"
#include "core/base/traceevent.h"
#include "ui/charts/seriesstyle.h"
#include "ui/clustersession.h"

#include <algorithm>

namespace rlab::ui {

ChartFeeder::ChartFeeder(ClusterSession &session, QObject *parent) : QObject(parent), m_session(session)
{
    for (auto &m : m_models)
        m = new TimeSeriesModel(this);
    connect(&session, &ClusterSession::clusterReset, this, &ChartFeeder::onReset);
    connect(&session, &ClusterSession::storeEvents, this, &ChartFeeder::onStoreEvents);
    connect(&session, &ClusterSession::traceEvents, this, &ChartFeeder::onTraceEvents);
    connect(&session, &ClusterSession::frameDone, this, &ChartFeeder::onFrame);
    onReset();
}

QString ChartFeeder::title(Chart chart)
{
    switch (chart) {
    case ReplicaSets: return tr("Replicas per ReplicaSet");
    case DeploymentStatus: return tr("Deployment status");
    case QueueDepth: return tr("Workqueue depth per controller");
    case ApiRequests: return tr("API requests per second");
    case ChartCount: break;
    }
    return {};
}

QString ChartFeeder::yTitle(Chart chart)
{
    switch (chart) {
    case ReplicaSets:
    case DeploymentStatus: return tr("pods");
    case QueueDepth: return tr("keys waiting");
    case ApiRequests: return tr("requests / s");
    case ChartCount: break;
    }
    return {};
}

void ChartFeeder::onReset()
{
    m_cache.reset(m_session.snapshot());
    m_workloadsDirty = true;
    if (m_session.clusterEpoch() == m_epoch)
        return;   // time travel in or out: the same cluster, its run stays on the charts
    m_epoch = m_session.clusterEpoch();
    m_lastTraceSeq = 0;
    m_requests.clear();
    m_queuePeaks.clear();
    for (TimeSeriesModel *m : m_models)
        m->clear();
    m_deployment.clear();
    m_knownDeployments.clear();
    m_lastWorkloadSampleMs = -1;
    m_workloadsDirty = true;
    const QStringList keys = m_cache.deploymentKeys();
    if (!keys.isEmpty())
        m_deployment = keys.first();
    m_knownDeployments = keys;
    emit deploymentsChanged();
}

void ChartFeeder::setDeployment(const QString &key)
{
    if (key == m_deployment)
        return;
    m_deployment = key;
    model(ReplicaSets)->clear();
    model(DeploymentStatus)->clear();
    m_workloadsDirty = true;
    sample();
}

void ChartFeeder::onStoreEvents(const std::vector<rlab::view::WatchEvent> &events)
{
    if (!m_cache.apply(events))
        return;
    m_workloadsDirty = true;
    const QStringList keys = m_cache.deploymentKeys();
    if (keys != m_knownDeployments) {
        m_knownDeployments = keys;
        if (!keys.contains(m_deployment) && m_deployment.isEmpty() && !keys.isEmpty())
            m_deployment = keys.first();
        emit deploymentsChanged();
    }
}

void ChartFeeder::onTraceEvents(const std::vector<rlab::TraceEvent> &events)
{
    static const QString queuePrefix = QStringLiteral("queue/");
    for (const TraceEvent &e : events) {
        if (e.seq <= m_lastTraceSeq)
            continue;   // re-sent around time travel: counted already
        m_lastTraceSeq = e.seq;
        if (e.type == QLatin1String("Request") && e.component == QLatin1String("apiserver")) {
            m_requests.add(e.t, e.detail.value(QStringLiteral("userAgent")).toString());
        } else if (e.component.startsWith(queuePrefix) && e.detail.contains(QStringLiteral("depth"))) {
            int &peak = m_queuePeaks[e.component.mid(queuePrefix.size())];
            peak = std::max(peak, e.detail.value(QStringLiteral("depth")).toInt());
        }
    }
}

void ChartFeeder::onFrame()
{
    if (m_session.isFrozen())
        return;   // the past is on the charts already; its cache must not be sampled as now
    const qint64 now = m_session.elapsedMs();
    const double t = now / 1000.0;
    if (m_workloadsDirty || m_lastWorkloadSampleMs < 0 || now - m_lastWorkloadSampleMs >= kSampleIntervalMs)
        sampleWorkloads(t);
    const TimeSeriesModel *queues = model(QueueDepth);
    if (queues->rowCount() == 0 || now - qint64(queues->lastTime() * 1000) >= kQueueSampleMs)
        sampleQueues(t);
    flushRequests();
}

void ChartFeeder::sample()
{
    const double t = m_session.elapsedMs() / 1000.0;
    sampleWorkloads(t);
    sampleQueues(t);
    flushRequests();
}

void ChartFeeder::sampleWorkloads(double t)
{
    m_lastWorkloadSampleMs = m_session.elapsedMs();
    m_workloadsDirty = false;
    const DeploymentPtr d = m_cache.deployment(m_deployment);
    if (!d)
        return;
    TimeSeriesModel *status = model(DeploymentStatus);
    const QStringList measures{QStringLiteral("replicas"), QStringLiteral("updated"), QStringLiteral("ready"),
                               QStringLiteral("available"), QStringLiteral("unavailable")};
    for (const QString &m : measures)
        status->addSeries(m);   // one colour per measure
    status->append(t, {double(d->status.replicas), double(d->status.updatedReplicas), double(d->status.readyReplicas),
                       double(d->status.availableReplicas), double(d->status.unavailableReplicas)});

    TimeSeriesModel *rsModel = model(ReplicaSets);
    QList<double> values(rsModel->seriesNames().size(), 0.0);
    for (const ReplicaSetCPtr &rs : m_cache.replicaSetsOf(*d)) {
        const QList<QPair<QString, int>> cells{{QStringLiteral("desired"), rs->replicas()},
                                               {QStringLiteral("current"), rs->status.replicas},
                                               {QStringLiteral("ready"), rs->status.readyReplicas},
                                               {QStringLiteral("available"), rs->status.availableReplicas}};
        for (const auto &[measure, v] : cells) {
            const int column = rsModel->addSeries(SeriesStyle::name(rs->metadata.name, measure));
            while (values.size() < column)
                values.append(0.0);
            values[column - 1] = v;
        }
    }
    rsModel->append(t, values);
}

void ChartFeeder::sampleQueues(double t)
{
    TimeSeriesModel *m = model(QueueDepth);
    QList<double> values(m->seriesNames().size(), 0.0);
    for (const auto &[name, length] : m_session.view().queueLengths()) {
        const int column = m->addSeries(name);
        while (values.size() < column)
            values.append(0.0);
        // The deepest the queue was since the last sample (from its trace), or now: the
        // deterministic runner drains queues within one advance, so len() alone would read 0.
        values[column - 1] = std::max(length, m_queuePeaks.value(name, 0));
    }
    m_queuePeaks.clear();
    m->append(t, values);
}

void ChartFeeder::flushRequests()
{
    TimeSeriesModel *m = model(ApiRequests);
    for (const RequestBuckets::Second &s : m_requests.takeComplete(m_session.elapsedMs())) {
        QList<double> values(m->seriesNames().size(), 0.0);
        for (auto it = s.counts.cbegin(); it != s.counts.cend(); ++it) {
            const int column = m->addSeries(it.key());
            while (values.size() < column)
                values.append(0.0);
            values[column - 1] = it.value();
        }
        m->append(double(s.second), values);
    }
}

} // namespace rlab::ui
