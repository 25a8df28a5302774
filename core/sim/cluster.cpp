#include "core/sim/cluster.h"

#include "core/api/namespace.h"
#include "core/api/node.h"
#include "core/apiserver/callerscope.h"
#include "core/apiserver/kubeversion.h"

namespace rlab {

using namespace rlab::api;

Cluster::Cluster(const ClusterConfig &config)
    : m_config(config), m_clock(config.resumeAtMs > 0 ? config.resumeAtMs : config.startTimeMs)
{
    m_trace.setClock(&m_clock, config.startTimeMs);
    m_trace.setRevisionSource([this] { return m_store.revision(); });
    m_api = std::make_unique<apiserver::ApiServer>(m_store, m_clock, &m_trace, config.seed);
    m_client = std::make_unique<client::InProcessClient>(*m_api);
    if (config.storeImage) {
        QString error;
        const bool restored = m_store.restore(*config.storeImage, &error);
        Q_ASSERT_X(restored, "Cluster", qPrintable(error));
        Q_UNUSED(restored);
        m_api->names().setState(config.nameGeneratorState);
        m_api->leaseStoredEvents();
        const QByteArray nodes = apiserver::resources::byKind(Kind::Node).etcdKey(QString(), QString());
        m_nodeCount = int(m_store.range(store::KeyRange::prefix(nodes), {0, 0, true}).count);
        m_config.storeImage.reset();   // the store holds it now
        return;
    }
    apiserver::CallerScope caller(QStringLiteral("cluster-bootstrap"));
    for (const char *name : {"default", "kube-node-lease", "kube-public", "kube-system"}) {
        auto ns = std::make_shared<Namespace>();
        ns->metadata.name = QLatin1String(name);
        ns->metadata.labels.insert(QStringLiteral("kubernetes.io/metadata.name"), ns->metadata.name);
        m_api->create(ns);
    }
    for (int i = 1; i <= config.nodes; ++i)
        addNode(QStringLiteral("node-%1").arg(i));
}

Cluster::~Cluster() = default;

bool Cluster::addNode(const QString &name, const QString &cpu, const QString &memory, int maxPods)
{
    auto node = std::make_shared<Node>();
    node->metadata.name = name;
    node->metadata.labels = {{QStringLiteral("kubernetes.io/hostname"), name},
                             {QStringLiteral("kubernetes.io/os"), QStringLiteral("linux")},
                             {QStringLiteral("kubernetes.io/arch"), QStringLiteral("amd64")},
                             {QStringLiteral("node.kubernetes.io/instance-type"), QStringLiteral("rlab-simulated")}};
    const QString n = QString::number(m_nodeCount++ + 1);
    node->spec.podCIDR = QStringLiteral("10.244.%1.0/24").arg(n.toInt());
    node->spec.podCIDRs = {node->spec.podCIDR};
    node->status.capacity = {{QStringLiteral("cpu"), cpu.isEmpty() ? m_config.cpu : cpu},
                             {QStringLiteral("memory"), memory.isEmpty() ? m_config.memory : memory},
                             {QStringLiteral("pods"), QString::number(maxPods > 0 ? maxPods : m_config.maxPods)},
                             {QStringLiteral("ephemeral-storage"), QStringLiteral("100Gi")}};
    node->status.allocatable = node->status.capacity;
    node->status.addresses = {NodeAddress{QStringLiteral("InternalIP"), QStringLiteral("10.0.0.%1").arg(10 + n.toInt())},
                              NodeAddress{QStringLiteral("Hostname"), name}};
    const qint64 now = m_clock.now() / 1000 * 1000;
    auto cond = [now](const char *type, const char *status, const char *reason, const char *message) {
        Condition c;
        c.type = QLatin1String(type);
        c.status = QLatin1String(status);
        c.reason = QLatin1String(reason);
        c.message = QLatin1String(message);
        c.lastHeartbeatTime = now;
        c.lastTransitionTime = now;
        return c;
    };
    node->status.conditions = {
        cond("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
        cond("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
        cond("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
        cond("Ready", "True", "KubeletReady", "kubelet is posting ready status"),
    };
    node->status.nodeInfo = QJsonObject{{QStringLiteral("architecture"), QStringLiteral("amd64")},
                                        {QStringLiteral("containerRuntimeVersion"), QStringLiteral("rlab://0.1.0")},
                                        {QStringLiteral("kernelVersion"), QStringLiteral("6.1.0-rlab")},
                                        {QStringLiteral("kubeProxyVersion"), apiserver::KubeVersion::served().gitVersion()},
                                        {QStringLiteral("kubeletVersion"), apiserver::KubeVersion::served().gitVersion()},
                                        {QStringLiteral("operatingSystem"), QStringLiteral("linux")},
                                        {QStringLiteral("osImage"), QStringLiteral("Reconcile Lab simulated node")}};
    return m_api->restore(node).ok();
}

} // namespace rlab
