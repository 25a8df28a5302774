#include "core/api/defaults.h"

#include "core/api/deployment.h"
#include "core/api/namespace.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/quantity.h"
#include "core/api/replicaset.h"

#include <QJsonArray>
#include <algorithm>
#include <array>

namespace rlab::api {

namespace {

// kubernetes/api core/v1 constants
const QString kTerminationMessagePathDefault = QStringLiteral("/dev/termination-log");
constexpr qint64 kDefaultTerminationGracePeriodSeconds = 30;
const QString kDefaultSchedulerName = QStringLiteral("default-scheduler");

// SetDefaults_HTTPGetAction and SetDefaults_ObjectFieldSelector reach into parts of the
// container the lab keeps as raw JSON (probe handlers, env).
void defaultHttpGet(QJsonObject &handlerOwner)
{
    QJsonValue v = handlerOwner.value(QLatin1String("httpGet"));
    if (!v.isObject())
        return;
    QJsonObject http = v.toObject();
    if (http.value(QLatin1String("path")).toString().isEmpty())
        http.insert(QLatin1String("path"), QStringLiteral("/"));
    if (http.value(QLatin1String("scheme")).toString().isEmpty())
        http.insert(QLatin1String("scheme"), QStringLiteral("HTTP"));
    handlerOwner.insert(QLatin1String("httpGet"), http);
}

void defaultProbe(std::optional<Probe> &probe)
{
    if (!probe)
        return;
    if (probe->timeoutSeconds == 0)
        probe->timeoutSeconds = 1;
    if (probe->periodSeconds == 0)
        probe->periodSeconds = 10;
    if (probe->successThreshold == 0)
        probe->successThreshold = 1;
    if (probe->failureThreshold == 0)
        probe->failureThreshold = 3;
    defaultHttpGet(probe->extra);
}

void defaultEnvFieldRefs(QJsonObject &containerExtra)
{
    const QJsonValue envValue = containerExtra.value(QLatin1String("env"));
    if (!envValue.isArray())
        return;
    QJsonArray env = envValue.toArray();
    for (qsizetype i = 0; i < env.size(); ++i) {
        QJsonObject var = env[i].toObject();
        QJsonObject from = var.value(QLatin1String("valueFrom")).toObject();
        if (!from.contains(QLatin1String("fieldRef")))
            continue;
        QJsonObject ref = from.value(QLatin1String("fieldRef")).toObject();
        if (ref.value(QLatin1String("apiVersion")).toString().isEmpty()) {
            ref.insert(QLatin1String("apiVersion"), QStringLiteral("v1"));
            from.insert(QLatin1String("fieldRef"), ref);
            var.insert(QLatin1String("valueFrom"), from);
            env[i] = var;
        }
    }
    containerExtra.insert(QLatin1String("env"), env);
}

void defaultLifecycle(QJsonObject &containerExtra)
{
    QJsonObject lifecycle = containerExtra.value(QLatin1String("lifecycle")).toObject();
    if (lifecycle.isEmpty())
        return;
    for (const QLatin1String hook : {QLatin1String("postStart"), QLatin1String("preStop")}) {
        if (!lifecycle.value(hook).isObject())
            continue;
        QJsonObject handler = lifecycle.value(hook).toObject();
        defaultHttpGet(handler);
        lifecycle.insert(hook, handler);
    }
    containerExtra.insert(QLatin1String("lifecycle"), lifecycle);
}

void defaultContainer(Container &c)
{
    if (c.imagePullPolicy.isEmpty())
        c.imagePullPolicy = defaultImagePullPolicy(c.image);
    if (c.terminationMessagePath.isEmpty())
        c.terminationMessagePath = kTerminationMessagePathDefault;
    if (c.terminationMessagePolicy.isEmpty())
        c.terminationMessagePolicy = QStringLiteral("File");
    for (ContainerPort &p : c.ports)
        if (p.protocol.isEmpty())
            p.protocol = QStringLiteral("TCP");
    defaultProbe(c.livenessProbe);
    defaultProbe(c.readinessProbe);
    if (c.extra.value(QLatin1String("startupProbe")).isObject()) {
        QJsonObject startup = c.extra.value(QLatin1String("startupProbe")).toObject();
        for (const auto &[key, def] : {std::pair{"timeoutSeconds", 1}, std::pair{"periodSeconds", 10},
                                       std::pair{"successThreshold", 1}, std::pair{"failureThreshold", 3}})
            if (startup.value(QLatin1String(key)).toInt() == 0)
                startup.insert(QLatin1String(key), def);
        defaultHttpGet(startup);
        c.extra.insert(QLatin1String("startupProbe"), startup);
    }
    defaultEnvFieldRefs(c.extra);
    defaultLifecycle(c.extra);
}

// Each container defaulted on a copy, written back only when a default was set: an update of
// an already defaulted pod (every status update) keeps sharing its containers with the
// previous version instead of detaching a copy of them (and of their lists) per stored version.
// Lists found defaulted already are remembered (the last four per thread, held so their data
// cannot change): the pods of a template share its list, and so do a pod's stored versions, so
// most calls find one and copy and compare nothing.
void defaultContainers(QList<Container> &list)
{
    if (list.isEmpty())
        return;
    thread_local std::array<QList<Container>, 4> defaulted;
    thread_local std::size_t next = 0;
    for (const QList<Container> &d : defaulted)
        if (d.constData() == list.constData() && d.size() == list.size())
            return;
    bool changed = false;
    for (qsizetype i = 0; i < list.size(); ++i) {
        Container c = std::as_const(list)[i];
        defaultContainer(c);
        if (!(c == std::as_const(list)[i])) {
            list[i] = std::move(c);
            changed = true;
        }
    }
    if (!changed) {
        defaulted[next] = list;
        next = (next + 1) % defaulted.size();
    }
}

void defaultPodSpec(PodSpec &spec)
{
    if (spec.dnsPolicy.isEmpty())
        spec.dnsPolicy = QStringLiteral("ClusterFirst");
    if (spec.restartPolicy.isEmpty())
        spec.restartPolicy = QStringLiteral("Always");
    if (!spec.securityContext)
        spec.securityContext = QJsonObject{};
    if (!spec.terminationGracePeriodSeconds)
        spec.terminationGracePeriodSeconds = kDefaultTerminationGracePeriodSeconds;
    if (spec.schedulerName.isEmpty())
        spec.schedulerName = kDefaultSchedulerName;
    defaultContainers(spec.initContainers);
    defaultContainers(spec.containers);
}

// SetDefaults_Pod: only real pods (not templates) get requests copied from limits, service
// links enabled and host-network ports mirrored.
void defaultPodOnly(PodSpec &spec)
{
    auto requestsFromLimits = [](QList<Container> &containers) {
        for (qsizetype i = 0; i < containers.size(); ++i) {
            const ResourceRequirements &r = std::as_const(containers)[i].resources;
            for (auto it = r.limits.cbegin(); it != r.limits.cend(); ++it)
                if (!r.requests.contains(it.key())) {   // detach only to write
                    ResourceRequirements &w = containers[i].resources;
                    for (auto l = w.limits.cbegin(); l != w.limits.cend(); ++l)
                        if (!w.requests.contains(l.key()))
                            w.requests.insert(l.key(), l.value());
                    break;
                }
        }
    };
    requestsFromLimits(spec.containers);
    requestsFromLimits(spec.initContainers);
    // Most pods have nothing else there: they share one object (its own per pod was ~200
    // bytes each, 39 MB at rlab bench --size large), and a pod holding it needs no lookup.
    static const QJsonObject serviceLinks{{QStringLiteral("enableServiceLinks"), true}};
    const bool plain = spec.extra == serviceLinks;   // the shared object: a pointer compare
    if (!plain && !spec.extra.contains(QLatin1String("enableServiceLinks"))) {
        if (spec.extra.isEmpty())
            spec.extra = serviceLinks;
        else
            spec.extra.insert(QLatin1String("enableServiceLinks"), true);
    }
    if (!plain && spec.extra.value(QLatin1String("hostNetwork")).toBool()) {
        for (QList<Container> *list : {&spec.containers, &spec.initContainers})
            for (Container &c : *list)
                for (ContainerPort &p : c.ports)
                    if (p.hostPort == 0)
                        p.hostPort = p.containerPort;
    }
}

void defaultPod(Pod &pod)
{
    defaultPodSpec(pod.spec);
    defaultPodOnly(pod.spec);
    // Pod registry PrepareForCreate: a new pod is Pending with its QoS class computed.
    if (pod.status.phase.isEmpty())
        pod.status.phase = QStringLiteral("Pending");
    if (pod.status.qosClass.isEmpty())
        pod.status.qosClass = computePodQOS(pod.spec);
}

void defaultDeployment(Deployment &d)
{
    if (!d.spec.replicas)
        d.spec.replicas = 1;
    DeploymentStrategy &strategy = d.spec.strategy;
    if (strategy.type.isEmpty())
        strategy.type = QStringLiteral("RollingUpdate");
    if (strategy.type == QLatin1String("RollingUpdate")) {
        if (!strategy.rollingUpdate)
            strategy.rollingUpdate = RollingUpdateDeployment{};
        if (!strategy.rollingUpdate->maxUnavailable)
            strategy.rollingUpdate->maxUnavailable = IntOrString::fromString(QStringLiteral("25%"));
        if (!strategy.rollingUpdate->maxSurge)
            strategy.rollingUpdate->maxSurge = IntOrString::fromString(QStringLiteral("25%"));
    }
    if (!d.spec.revisionHistoryLimit)
        d.spec.revisionHistoryLimit = 10;
    if (!d.spec.progressDeadlineSeconds)
        d.spec.progressDeadlineSeconds = 600;
    setDefaults(d.spec.template_);
}

void defaultReplicaSet(ReplicaSet &rs)
{
    if (!rs.spec.replicas)
        rs.spec.replicas = 1;
    setDefaults(rs.spec.template_);
}

void defaultNamespace(Namespace &ns)
{
    // SetDefaults_Namespace: the immutable name label, once the name is known.
    if (!ns.metadata.name.isEmpty())
        ns.metadata.labels.insert(QStringLiteral("kubernetes.io/metadata.name"), ns.metadata.name);
    if (ns.status.phase.isEmpty())
        ns.status.phase = QStringLiteral("Active");
}

void defaultNode(Node &node)
{
    // SetDefaults_NodeStatus: allocatable defaults to capacity.
    if (node.status.allocatable.isEmpty() && !node.status.capacity.isEmpty())
        node.status.allocatable = node.status.capacity;
}

// Positive quantities only, like ComputePodQOS (quantity.Cmp(zero) == 1); unparsable ones
// never get this far on a real API server (decoding rejects them).
qint64 milliOf(const QString &text)
{
    const std::optional<Quantity> q = Quantity::parse(text);
    return q && q->sign() > 0 ? std::max<qint64>(q->milliValue(), 1) : 0;
}

} // namespace

void setDefaults(PodTemplateSpec &tmpl)
{
    defaultPodSpec(tmpl.spec);
}

void setDefaults(Object &obj)
{
    switch (obj.kind()) {
    case Kind::Deployment: defaultDeployment(static_cast<Deployment &>(obj)); break;
    case Kind::ReplicaSet: defaultReplicaSet(static_cast<ReplicaSet &>(obj)); break;
    case Kind::Pod: defaultPod(static_cast<Pod &>(obj)); break;
    case Kind::Namespace: defaultNamespace(static_cast<Namespace &>(obj)); break;
    case Kind::Node: defaultNode(static_cast<Node &>(obj)); break;
    case Kind::Event:
    case Kind::Generic:
        break;
    }
}

QString defaultImagePullPolicy(const QString &image)
{
    // parsers.ParseImageName via the docker reference grammar: "name[:tag][@digest]"; the tag is
    // the part after the last ':' of the last path component (so "host:5000/app" has none).
    static const QString always = QStringLiteral("Always");
    static const QString ifNotPresent = QStringLiteral("IfNotPresent");
    if (image.isEmpty())
        return ifNotPresent;   // parse error -> no tag
    const qsizetype at = image.indexOf(QLatin1Char('@'));
    const QString name = at < 0 ? image : image.left(at);
    const QString digest = at < 0 ? QString() : image.mid(at + 1);
    const qsizetype slash = name.lastIndexOf(QLatin1Char('/'));
    const qsizetype colon = name.lastIndexOf(QLatin1Char(':'));
    const QString tag = colon > slash ? name.mid(colon + 1) : QString();
    QString repo = colon > slash ? name.left(colon) : name;
    // splitDockerDomain: the first component is a registry when it has '.' or ':', is
    // "localhost", or is not all lower case; the repository path must be lower case.
    const qsizetype first = repo.indexOf(QLatin1Char('/'));
    if (first >= 0) {
        const QString head = repo.left(first);
        if (head.contains(QLatin1Char('.')) || head.contains(QLatin1Char(':')) || head == QLatin1String("localhost")
            || head.toLower() != head)
            repo = repo.mid(first + 1);
    }
    if (repo.isEmpty() || repo.toLower() != repo || (colon > slash && tag.isEmpty()))
        return ifNotPresent;   // "invalid reference format"
    if (tag.isEmpty() && digest.isEmpty())
        return always;         // no tag and no digest means :latest
    return tag == QLatin1String("latest") ? always : ifNotPresent;
}

QString computePodQOS(const PodSpec &spec)
{
    const QString cpu = QStringLiteral("cpu"), memory = QStringLiteral("memory");
    QMap<QString, qint64> requests, limits;
    bool isGuaranteed = true;
    for (const QList<Container> *list : {&spec.containers, &spec.initContainers}) {
        for (const Container &c : *list) {
            for (auto it = c.resources.requests.cbegin(); it != c.resources.requests.cend(); ++it) {
                if (it.key() != cpu && it.key() != memory)
                    continue;
                if (const qint64 q = milliOf(it.value()); q > 0)
                    requests[it.key()] += q;
            }
            bool cpuLimit = false, memoryLimit = false;
            for (auto it = c.resources.limits.cbegin(); it != c.resources.limits.cend(); ++it) {
                if (it.key() != cpu && it.key() != memory)
                    continue;
                if (const qint64 q = milliOf(it.value()); q > 0) {
                    (it.key() == cpu ? cpuLimit : memoryLimit) = true;
                    limits[it.key()] += q;
                }
            }
            if (!cpuLimit || !memoryLimit)
                isGuaranteed = false;
        }
    }
    if (requests.isEmpty() && limits.isEmpty())
        return QStringLiteral("BestEffort");
    if (isGuaranteed) {
        for (auto it = requests.cbegin(); it != requests.cend(); ++it)
            if (!limits.contains(it.key()) || limits.value(it.key()) != it.value()) {
                isGuaranteed = false;
                break;
            }
    }
    if (isGuaranteed && requests.size() == limits.size())
        return QStringLiteral("Guaranteed");
    return QStringLiteral("Burstable");
}

} // namespace rlab::api
