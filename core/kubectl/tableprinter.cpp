#include "core/kubectl/tableprinter.h"

#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/api/jsonencoder.h"
#include "core/api/labelselector.h"
#include "core/api/namespace.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"

#include <algorithm>
#include <functional>

namespace rlab::kubectl {

using namespace rlab::api;

namespace {

struct Column
{
    const char *name;
    const char *type;
    int priority;
    const char *description;
};

const QString kNone = QStringLiteral("<none>");

QJsonArray definitions(std::initializer_list<Column> columns)
{
    QJsonArray out;
    for (const Column &c : columns) {
        const QString name = QLatin1String(c.name);
        out.append(QJsonObject{{QStringLiteral("name"), name},
                               {QStringLiteral("type"), QLatin1String(c.type)},
                               {QStringLiteral("format"), name == QLatin1String("Name") ? QStringLiteral("name") : QString()},
                               {QStringLiteral("description"), QLatin1String(c.description)},
                               {QStringLiteral("priority"), c.priority}});
    }
    return out;
}

QString selectorString(const std::optional<LabelSelector> &selector)
{
    if (!selector)
        return QString();
    std::optional<Selector> s = Selector::fromLabelSelector(*selector);
    return s ? s->toString() : QStringLiteral("<invalid>");
}

// printers.go layoutContainerCells: "nginx,sidecar" and "nginx:1.25,busybox".
void containerCells(const QList<Container> &containers, QJsonArray &cells)
{
    QStringList names, images;
    for (const Container &c : containers) {
        names << c.name;
        images << c.image;
    }
    cells.append(names.join(QLatin1Char(',')));
    cells.append(images.join(QLatin1Char(',')));
}

bool conditionTrue(const QList<Condition> &conditions, const QString &type)
{
    const qsizetype i = findCondition(conditions, type);
    return i >= 0 && conditions[i].status == QLatin1String("True");
}

} // namespace

TablePrinter::TablePrinter(apiserver::ResourceType resource, qint64 nowMs, IncludeObject include)
    : m_rt(std::move(resource)), m_now(nowMs), m_include(include)
{
}

TablePrinter::IncludeObject TablePrinter::parseIncludeObject(const QString &value)
{
    if (value == QLatin1String("None"))
        return IncludeObject::None;
    if (value == QLatin1String("Object"))
        return IncludeObject::Object;
    return IncludeObject::Metadata;
}

QString TablePrinter::humanDuration(qint64 ms)
{
    const qint64 seconds = ms / 1000;
    if (seconds < -1)
        return QStringLiteral("<invalid>");
    if (seconds < 0)
        return QStringLiteral("0s");
    if (seconds < 60 * 2)
        return QStringLiteral("%1s").arg(seconds);
    const qint64 minutes = seconds / 60;
    if (minutes < 10) {
        const qint64 s = seconds % 60;
        return s == 0 ? QStringLiteral("%1m").arg(minutes) : QStringLiteral("%1m%2s").arg(minutes).arg(s);
    }
    if (minutes < 60 * 3)
        return QStringLiteral("%1m").arg(minutes);
    const qint64 hours = minutes / 60;
    if (hours < 8) {
        const qint64 m = minutes % 60;
        return m == 0 ? QStringLiteral("%1h").arg(hours) : QStringLiteral("%1h%2m").arg(hours).arg(m);
    }
    if (hours < 48)
        return QStringLiteral("%1h").arg(hours);
    if (hours < 24 * 8) {
        const qint64 h = hours % 24;
        return h == 0 ? QStringLiteral("%1d").arg(hours / 24) : QStringLiteral("%1d%2h").arg(hours / 24).arg(h);
    }
    if (hours < 24 * 365 * 2)
        return QStringLiteral("%1d").arg(hours / 24);
    if (hours < 24 * 365 * 8) {
        const qint64 dy = (hours / 24) % 365;
        return dy == 0 ? QStringLiteral("%1y").arg(hours / 24 / 365) : QStringLiteral("%1y%2d").arg(hours / 24 / 365).arg(dy);
    }
    return QStringLiteral("%1y").arg(hours / 24 / 365);
}

QString TablePrinter::age(qint64 timestampMs) const
{
    return timestampMs == 0 ? QStringLiteral("<unknown>") : humanDuration(m_now - timestampMs);
}

QJsonArray TablePrinter::columnDefinitions() const
{
    switch (m_rt.typedKind) {
    case Kind::Deployment:
        return definitions({{"Name", "string", 0, "Name must be unique within a namespace."},
                            {"Ready", "string", 0, "Number of the pod with ready state"},
                            {"Up-to-date", "integer", 0, "Total number of non-terminated pods targeted by this deployment that have the desired template spec."},
                            {"Available", "integer", 0, "Total number of available pods (ready for at least minReadySeconds) targeted by this deployment."},
                            {"Age", "string", 0, "CreationTimestamp is a timestamp representing the server time when this object was created."},
                            {"Containers", "string", 1, "Names of each container in the template."},
                            {"Images", "string", 1, "Images referenced by each container in the template."},
                            {"Selector", "string", 1, "Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment."}});
    case Kind::ReplicaSet:
        return definitions({{"Name", "string", 0, "Name must be unique within a namespace."},
                            {"Desired", "integer", 0, "Replicas is the number of desired replicas."},
                            {"Current", "integer", 0, "Replicas is the most recently observed number of replicas."},
                            {"Ready", "integer", 0, "The number of ready replicas for this replica set."},
                            {"Age", "string", 0, "CreationTimestamp is a timestamp representing the server time when this object was created."},
                            {"Containers", "string", 1, "Names of each container in the template."},
                            {"Images", "string", 1, "Images referenced by each container in the template."},
                            {"Selector", "string", 1, "Selector is a label query over pods that should match the replica count."}});
    case Kind::Pod:
        return definitions({{"Name", "string", 0, "Name must be unique within a namespace."},
                            {"Ready", "string", 0, "The aggregate readiness state of this pod for accepting traffic."},
                            {"Status", "string", 0, "The aggregate status of the containers in this pod."},
                            {"Restarts", "string", 0, "The number of times the containers in this pod have been restarted and when the last container in this pod has restarted."},
                            {"Age", "string", 0, "CreationTimestamp is a timestamp representing the server time when this object was created."},
                            {"IP", "string", 1, "IP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated."},
                            {"Node", "string", 1, "NodeName is a request to schedule this pod onto a specific node."},
                            {"Nominated Node", "string", 1, "nominatedNodeName is set only when this pod preempts other pods on the node."},
                            {"Readiness Gates", "string", 1, "If specified, all readiness gates will be evaluated for pod readiness."}});
    case Kind::Node:
        return definitions({{"Name", "string", 0, "Name must be unique within a namespace."},
                            {"Status", "string", 0, "The status of the node"},
                            {"Roles", "string", 0, "The roles of the node"},
                            {"Age", "string", 0, "CreationTimestamp is a timestamp representing the server time when this object was created."},
                            {"Version", "string", 0, "Kubelet Version reported by the node."},
                            {"Internal-IP", "string", 1, "List of addresses reachable to the node. Queried from cloud provider, if available."},
                            {"External-IP", "string", 1, "List of addresses reachable to the node. Queried from cloud provider, if available."},
                            {"OS-Image", "string", 1, "OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy))."},
                            {"Kernel-Version", "string", 1, "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64)."},
                            {"Container-Runtime", "string", 1, "ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2)."}});
    case Kind::Event:
        return definitions({{"Last Seen", "string", 0, "The time at which the most recent occurrence of this event was recorded."},
                            {"Type", "string", 0, "Type of this event (Normal, Warning), new types could be added in the future."},
                            {"Reason", "string", 0, "This should be a short, machine understandable string that gives the reason for the transition into the object's current status."},
                            {"Object", "string", 0, "The object that this event is about."},
                            {"Subobject", "string", 1, "The subobject (fieldPath) that this event is about."},
                            {"Source", "string", 1, "The component reporting this event."},
                            {"Message", "string", 0, "A human-readable description of the status of this operation."},
                            {"First Seen", "string", 1, "The time at which the event was first recorded."},
                            {"Count", "string", 1, "The number of times this event has occurred."},
                            {"Name", "string", 1, "Name must be unique within a namespace."}});
    case Kind::Namespace:
        return definitions({{"Name", "string", 0, "Name must be unique within a namespace."},
                            {"Status", "string", 0, "The status of the namespace"},
                            {"Age", "string", 0, "CreationTimestamp is a timestamp representing the server time when this object was created."}});
    case Kind::Generic:
        break;
    }
    return definitions({{"Name", "string", 0, "Name must be unique within a namespace."},
                        {"Created At", "date", 0, "CreationTimestamp is a timestamp representing the server time when this object was created."}});
}

namespace {

// printers.go printPod: the STATUS column is the phase, overridden by the pod's reason, the
// first unfinished init container ("Init:0/1"), the last container's waiting/terminated reason
// ("ContainerCreating", "CrashLoopBackOff", "Completed") and finally "Terminating".
void podCells(const Pod &pod, QJsonArray &cells, const std::function<QString(qint64)> &age)
{
    int restarts = 0;
    const int totalContainers = int(pod.spec.containers.size());
    int readyContainers = 0;
    qint64 lastRestart = 0;
    QString reason = pod.status.phase;
    if (!pod.status.reason.isEmpty())
        reason = pod.status.reason;
    for (const Condition &c : pod.status.conditions)
        if (c.type == QLatin1String("PodScheduled") && c.reason == QLatin1String("SchedulingGated"))
            reason = QStringLiteral("SchedulingGated");

    bool initializing = false;
    for (qsizetype i = 0; i < pod.status.initContainerStatuses.size(); ++i) {
        const ContainerStatus &c = pod.status.initContainerStatuses[i];
        restarts += c.restartCount;
        if (c.lastState.terminated)
            lastRestart = std::max(lastRestart, c.lastState.terminated->finishedAt);
        if (c.state.terminated && c.state.terminated->exitCode == 0)
            continue;
        if (c.state.terminated) {
            const ContainerStateTerminated &t = *c.state.terminated;
            reason = !t.reason.isEmpty() ? QStringLiteral("Init:") + t.reason
                     : t.signal != 0     ? QStringLiteral("Init:Signal:%1").arg(t.signal)
                                         : QStringLiteral("Init:ExitCode:%1").arg(t.exitCode);
        } else if (c.state.waiting && !c.state.waiting->reason.isEmpty() && c.state.waiting->reason != QLatin1String("PodInitializing")) {
            reason = QStringLiteral("Init:") + c.state.waiting->reason;
        } else {
            reason = QStringLiteral("Init:%1/%2").arg(i).arg(pod.spec.initContainers.size());
        }
        initializing = true;
        break;
    }
    if (!initializing || conditionTrue(pod.status.conditions, QStringLiteral("Initialized"))) {
        restarts = 0;
        bool hasRunning = false;
        for (qsizetype i = pod.status.containerStatuses.size() - 1; i >= 0; --i) {
            const ContainerStatus &c = pod.status.containerStatuses[i];
            restarts += c.restartCount;
            if (c.lastState.terminated)
                lastRestart = std::max(lastRestart, c.lastState.terminated->finishedAt);
            if (c.state.waiting && !c.state.waiting->reason.isEmpty()) {
                reason = c.state.waiting->reason;
            } else if (c.state.terminated && !c.state.terminated->reason.isEmpty()) {
                reason = c.state.terminated->reason;
            } else if (c.state.terminated) {
                reason = c.state.terminated->signal != 0 ? QStringLiteral("Signal:%1").arg(c.state.terminated->signal)
                                                         : QStringLiteral("ExitCode:%1").arg(c.state.terminated->exitCode);
            } else if (c.ready && c.state.running) {
                hasRunning = true;
                ++readyContainers;
            }
        }
        if (reason == QLatin1String("Completed") && hasRunning)
            reason = conditionTrue(pod.status.conditions, QStringLiteral("Ready")) ? QStringLiteral("Running") : QStringLiteral("NotReady");
    }
    if (pod.metadata.deletionTimestamp != 0)
        reason = pod.status.reason == QLatin1String("NodeLost") ? QStringLiteral("Unknown") : QStringLiteral("Terminating");

    QString restartsText = QString::number(restarts);
    if (restarts != 0 && lastRestart != 0)
        restartsText = QStringLiteral("%1 (%2 ago)").arg(restarts).arg(age(lastRestart));

    cells.append(pod.metadata.name);
    cells.append(QStringLiteral("%1/%2").arg(readyContainers).arg(totalContainers));
    cells.append(reason);
    cells.append(restartsText);
    cells.append(age(pod.metadata.creationTimestamp));

    QString ip = pod.status.podIPs.isEmpty() ? pod.status.podIP : pod.status.podIPs.first().ip;
    cells.append(ip.isEmpty() ? kNone : ip);
    cells.append(pod.spec.nodeName.isEmpty() ? kNone : pod.spec.nodeName);
    cells.append(pod.status.nominatedNodeName.isEmpty() ? kNone : pod.status.nominatedNodeName);
    const QJsonArray gates = pod.spec.extra.value(QLatin1String("readinessGates")).toArray();
    if (gates.isEmpty()) {
        cells.append(kNone);
    } else {
        int trueGates = 0;
        for (const QJsonValue &g : gates)
            if (conditionTrue(pod.status.conditions, g.toObject().value(QLatin1String("conditionType")).toString()))
                ++trueGates;
        cells.append(QStringLiteral("%1/%2").arg(trueGates).arg(gates.size()));
    }
}

void nodeCells(const Node &node, QJsonArray &cells, const QString &age)
{
    const qsizetype ready = findCondition(node.status.conditions, QStringLiteral("Ready"));
    QString status = ready < 0                                                    ? QStringLiteral("Unknown")
                     : node.status.conditions[ready].status == QLatin1String("True") ? QStringLiteral("Ready")
                                                                                   : QStringLiteral("NotReady");
    if (node.spec.unschedulable)
        status += QStringLiteral(",SchedulingDisabled");
    QStringList roles;
    for (auto it = node.metadata.labels.cbegin(); it != node.metadata.labels.cend(); ++it) {
        if (it.key().startsWith(QLatin1String("node-role.kubernetes.io/")))
            roles << it.key().mid(int(qstrlen("node-role.kubernetes.io/")));
        else if (it.key() == QLatin1String("kubernetes.io/role"))
            roles << it.value();
    }
    roles.removeAll(QString());
    roles.sort();
    QString internalIp, externalIp;
    for (const NodeAddress &a : node.status.addresses) {
        if (a.type == QLatin1String("InternalIP") && internalIp.isEmpty())
            internalIp = a.address;
        if (a.type == QLatin1String("ExternalIP") && externalIp.isEmpty())
            externalIp = a.address;
    }
    const auto info = [&](const char *key) {
        const QString v = node.status.nodeInfo.value(QLatin1String(key)).toString();
        return v.isEmpty() ? QStringLiteral("<unknown>") : v;
    };
    cells.append(node.metadata.name);
    cells.append(status);
    cells.append(roles.isEmpty() ? kNone : roles.join(QLatin1Char(',')));
    cells.append(age);
    cells.append(node.status.nodeInfo.value(QLatin1String("kubeletVersion")).toString());
    cells.append(internalIp.isEmpty() ? kNone : internalIp);
    cells.append(externalIp.isEmpty() ? kNone : externalIp);
    cells.append(info("osImage"));
    cells.append(info("kernelVersion"));
    cells.append(info("containerRuntimeVersion"));
}

} // namespace

QJsonArray TablePrinter::cells(const Object &obj) const
{
    QJsonArray cells;
    switch (obj.kind()) {
    case Kind::Deployment: {
        const auto &d = static_cast<const Deployment &>(obj);
        cells.append(d.metadata.name);
        cells.append(QStringLiteral("%1/%2").arg(d.status.readyReplicas).arg(d.replicas()));
        cells.append(d.status.updatedReplicas);
        cells.append(d.status.availableReplicas);
        cells.append(age(d.metadata.creationTimestamp));
        containerCells(d.spec.template_.spec.containers, cells);
        cells.append(selectorString(d.spec.selector));
        return cells;
    }
    case Kind::ReplicaSet: {
        const auto &rs = static_cast<const ReplicaSet &>(obj);
        cells.append(rs.metadata.name);
        cells.append(rs.replicas());
        cells.append(rs.status.replicas);
        cells.append(rs.status.readyReplicas);
        cells.append(age(rs.metadata.creationTimestamp));
        containerCells(rs.spec.template_.spec.containers, cells);
        cells.append(selectorString(rs.spec.selector));
        return cells;
    }
    case Kind::Pod:
        podCells(static_cast<const Pod &>(obj), cells, [this](qint64 t) { return age(t); });
        return cells;
    case Kind::Node:
        nodeCells(static_cast<const Node &>(obj), cells, age(obj.metadata.creationTimestamp));
        return cells;
    case Kind::Event: {
        const auto &e = static_cast<const Event &>(obj);
        const QString first = age(e.firstTimestamp != 0 ? e.firstTimestamp : e.metadata.creationTimestamp);
        QString last = e.lastTimestamp != 0 ? age(e.lastTimestamp) : first;
        if (e.count > 1)
            last = QStringLiteral("%1 (x%2 over %3)").arg(last).arg(e.count).arg(first);
        const QString kind = e.involvedObject.kind.toLower();
        const QString component = e.source.component.isEmpty() ? e.reportingComponent : e.source.component;
        const QString host = e.source.host.isEmpty() ? e.reportingInstance : e.source.host;
        cells.append(last);
        cells.append(e.type);
        cells.append(e.reason);
        cells.append(e.involvedObject.name.isEmpty() ? kind : kind + QLatin1Char('/') + e.involvedObject.name);
        cells.append(e.involvedObject.fieldPath);
        cells.append(host.isEmpty() ? component : component + QStringLiteral(", ") + host);
        cells.append(e.message.trimmed());
        cells.append(first);
        cells.append(e.count);
        cells.append(e.metadata.name);
        return cells;
    }
    case Kind::Namespace: {
        const auto &n = static_cast<const Namespace &>(obj);
        cells.append(n.metadata.name);
        cells.append(n.status.phase);
        cells.append(age(n.metadata.creationTimestamp));
        return cells;
    }
    case Kind::Generic:
        break;
    }
    cells.append(obj.metadata.name);
    cells.append(formatTime(obj.metadata.creationTimestamp));
    return cells;
}

QJsonObject TablePrinter::row(const Object &obj) const
{
    QJsonObject row{{QStringLiteral("cells"), cells(obj)}};
    switch (m_include) {
    case IncludeObject::None:
        break;
    case IncludeObject::Metadata:
        row.insert(QStringLiteral("object"),
                   QJsonObject{{QStringLiteral("kind"), QStringLiteral("PartialObjectMetadata")},
                               {QStringLiteral("apiVersion"), QStringLiteral("meta.k8s.io/v1")},
                               {QStringLiteral("metadata"), JsonEncoder::encode(obj.metadata)}});
        break;
    case IncludeObject::Object:
        row.insert(QStringLiteral("object"), obj.toJson());
        break;
    }
    return row;
}

QJsonObject TablePrinter::table(const QList<ObjectPtr> &items, qint64 resourceVersion, const QString &continueToken,
                                bool withColumns) const
{
    QJsonObject meta{{QStringLiteral("resourceVersion"), QString::number(resourceVersion)}};
    if (!continueToken.isEmpty())
        meta.insert(QStringLiteral("continue"), continueToken);
    QJsonArray rows;
    for (const ObjectPtr &o : items)
        rows.append(row(*o));
    return QJsonObject{{QStringLiteral("kind"), QStringLiteral("Table")},
                       {QStringLiteral("apiVersion"), QStringLiteral("meta.k8s.io/v1")},
                       {QStringLiteral("metadata"), meta},
                       {QStringLiteral("columnDefinitions"), withColumns ? QJsonValue(columnDefinitions()) : QJsonValue(QJsonValue::Null)},
                       {QStringLiteral("rows"), rows}};
}

} // namespace rlab::kubectl
