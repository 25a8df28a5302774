#pragma once
#include "ui/charts/requestbuckets.h"
#include "ui/charts/timeseriesmodel.h"
#include "ui/charts/workloadcache.h"

#include <QHash>
#include <QObject>
#include <array>

namespace rlab {
struct TraceEvent;
}

namespace rlab::ui {

class ClusterSession;

// Feeds the four chart models from a ClusterSession, on virtual time (seconds since the
// cluster's start): ReplicaSets of the selected Deployment ("<rs> · desired/current/ready/
// available"), that Deployment's status (replicas, updated, ready, available, unavailable),
// workqueue depth per controller, API requests per second per client. Workloads are sampled when
// one of them changes and at least every kSampleIntervalMs of virtual time (at most one row per
// frame); queue depth (the deepest since the previous sample, from the queue trace, or len()
// now) at frames at least kQueueSampleMs of virtual time apart (3600 rows = 6 virtual minutes); requests per completed virtual second. Bounded by the models' capacity.
// Time travel keeps the charts: they show the whole run (nothing is sampled while the past is
// viewed, and the trace re-sent around it is not counted again); only a reset starts them over.
// GUI thread only.
class ChartFeeder : public QObject
{
    Q_OBJECT
public:
    enum Chart { ReplicaSets, DeploymentStatus, QueueDepth, ApiRequests, ChartCount };
    static constexpr qint64 kSampleIntervalMs = 1000;
    static constexpr qint64 kQueueSampleMs = 100;   // 10 rows per virtual second at most

    explicit ChartFeeder(ClusterSession &session, QObject *parent = nullptr);

    TimeSeriesModel *model(Chart chart) const { return m_models[size_t(chart)]; }
    static QString title(Chart chart);
    static QString yTitle(Chart chart);

    QStringList deploymentKeys() const { return m_cache.deploymentKeys(); }
    QString deployment() const { return m_deployment; }
    // "namespace/name"; clears the two per-Deployment charts. The first Deployment seen is
    // selected automatically while none is.
    void setDeployment(const QString &key);
    // Samples everything now (also called by frames).
    void sample();

signals:
    void deploymentsChanged();

private:
    void onReset();
    void onStoreEvents(const std::vector<rlab::view::WatchEvent> &events);
    void onTraceEvents(const std::vector<rlab::TraceEvent> &events);
    void onFrame();
    void sampleWorkloads(double t);
    void sampleQueues(double t);
    void flushRequests();

    ClusterSession &m_session;
    WorkloadCache m_cache;
    RequestBuckets m_requests;
    std::array<TimeSeriesModel *, ChartCount> m_models{};
    QHash<QString, int> m_queuePeaks;   // controller → deepest since the last queue sample
    QString m_deployment;
    QStringList m_knownDeployments;
    qint64 m_lastWorkloadSampleMs = -1;
    qint64 m_epoch = -1;         // the cluster the charts show (ClusterSession::clusterEpoch)
    qint64 m_lastTraceSeq = 0;   // trace re-sent by time travel is not counted twice
    bool m_workloadsDirty = true;
};

} // namespace rlab::ui
