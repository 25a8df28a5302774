#pragma once
#include "core/apiserver/apiserver.h"
#include "core/base/manualclock.h"
#include "core/base/tracelog.h"
#include "core/client/inprocessclient.h"
#include "core/store/kvstore.h"

#include <memory>

namespace rlab {

// Shape of the simulated cluster: how many nodes and their size.
struct ClusterConfig
{
    int nodes = 3;
    QString cpu = QStringLiteral("4");
    QString memory = QStringLiteral("8Gi");
    int maxPods = 110;
    quint64 seed = 42;
    qint64 startTimeMs = 1767225600000;   // 2026-01-01T00:00:00Z
    // A saved lab (LabFile): the store to restore instead of bootstrapping namespaces and nodes,
    // and the name generator's state; startTimeMs is then the saved time. Validated by LabFile.
    std::shared_ptr<const store::StoreImage> storeImage;
    QByteArray nameGeneratorState;
    qint64 resumeAtMs = 0;   // > 0: the clock starts here (the saved time), the trace counts from startTimeMs
};

// Composition root of one simulated cluster: the etcd-like store, the virtual clock, the trace
// and the API server, bootstrapped with the namespaces every cluster has (default, kube-system,
// kube-public, kube-node-lease) and Ready nodes "node-1" … "node-N". Controllers, scheduler and
// kubelets attach to it. Thread rules: the members are thread-safe; construct and destroy on one
// thread.
class Cluster
{
public:
    explicit Cluster(const ClusterConfig &config = {});
    ~Cluster();

    store::KvStore &store() { return m_store; }
    ManualClock &clock() { return m_clock; }
    TraceLog &trace() { return m_trace; }
    apiserver::ApiServer &api() { return *m_api; }
    // What controllers, informers and kubectl verbs talk to: the in-process client of api().
    client::Interface &client() { return *m_client; }
    const ClusterConfig &config() const { return m_config; }

    // Adds node "name" (Ready; cpu/memory/pods default to the config's); false if invalid.
    bool addNode(const QString &name, const QString &cpu = {}, const QString &memory = {}, int maxPods = 0);

private:
    ClusterConfig m_config;
    store::KvStore m_store;
    ManualClock m_clock;
    TraceLog m_trace;
    std::unique_ptr<apiserver::ApiServer> m_api;
    std::unique_ptr<client::InProcessClient> m_client;
    int m_nodeCount = 0;
};

} // namespace rlab
