// Containers of a pod spec: names, images, ports, probes, lifecycle hooks and resource
// requirements (pkg/apis/core/validation/validation.go validateContainers,
// validateInitContainers, validateContainerCommon, ValidateResourceRequirements).
#include "core/api/namevalidation.h"
#include "core/api/quantity.h"
#include "core/api/validationdetail.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

namespace rlab::api::validation {

namespace {

// pkg/apis/core/helper resource name classes
bool isHugePageResourceName(const QString &name) { return name.startsWith(QLatin1String("hugepages-")); }
bool isNativeResource(const QString &name)
{
    return !name.contains(QLatin1Char('/')) || name.contains(QLatin1String("kubernetes.io/"));
}
bool isOvercommitAllowed(const QString &name) { return isNativeResource(name) && !isHugePageResourceName(name); }
bool isExtendedResourceName(const QString &name)
{
    if (isNativeResource(name) || name.startsWith(QLatin1String("requests.")))
        return false;
    return isQualifiedName(QStringLiteral("requests.") + name).isEmpty();
}
bool isStandardContainerResourceName(const QString &name)
{
    return name == QLatin1String("cpu") || name == QLatin1String("memory")
           || name == QLatin1String("ephemeral-storage") || isHugePageResourceName(name);
}
bool isStandardResourceName(const QString &name)
{
    static const QSet<QString> standard{
        QStringLiteral("cpu"), QStringLiteral("memory"), QStringLiteral("ephemeral-storage"),
        QStringLiteral("requests.cpu"), QStringLiteral("requests.memory"), QStringLiteral("requests.ephemeral-storage"),
        QStringLiteral("limits.cpu"), QStringLiteral("limits.memory"), QStringLiteral("limits.ephemeral-storage"),
        QStringLiteral("pods"), QStringLiteral("services"), QStringLiteral("replicationcontrollers"),
        QStringLiteral("resourcequotas"), QStringLiteral("secrets"), QStringLiteral("configmaps"),
        QStringLiteral("persistentvolumeclaims"), QStringLiteral("storage"), QStringLiteral("requests.storage"),
        QStringLiteral("services.nodeports"), QStringLiteral("services.loadbalancers")};
    return standard.contains(name) || isHugePageResourceName(name)
           || name.startsWith(QLatin1String("requests.hugepages-"));
}
bool isIntegerResourceName(const QString &name)
{
    static const QSet<QString> integer{QStringLiteral("pods"), QStringLiteral("services"),
                                       QStringLiteral("replicationcontrollers"), QStringLiteral("resourcequotas"),
                                       QStringLiteral("secrets"), QStringLiteral("configmaps"),
                                       QStringLiteral("persistentvolumeclaims"), QStringLiteral("services.nodeports"),
                                       QStringLiteral("services.loadbalancers")};
    return integer.contains(name) || isExtendedResourceName(name);
}

FieldErrors validateContainerResourceName(const QString &name, const QString &path)
{
    FieldErrors errs;
    for (const QStringList found = isQualifiedName(name); const QString &msg : found)
        errs << FieldError::invalid(path, name, msg);
    if (errs.isEmpty() && !name.contains(QLatin1Char('/')) && !isStandardResourceName(name))
        errs << FieldError::invalid(path, name, QStringLiteral("must be a standard resource type or fully qualified"));
    if (!name.contains(QLatin1Char('/'))) {
        if (!isStandardContainerResourceName(name))
            errs << FieldError::invalid(path, name, QStringLiteral("must be a standard resource for containers"));
    } else if (!isNativeResource(name) && !isExtendedResourceName(name)) {
        errs << FieldError::invalid(path, name, QStringLiteral("doesn't follow extended resource name standard"));
    }
    return errs;
}

// ValidateResourceQuantityValue. A text that does not parse is reported with ParseQuantity's
// error (upstream rejects it earlier, while decoding) and gives nullopt.
std::optional<Quantity> validateQuantity(const QString &resource, const QString &text, const QString &path,
                                         FieldErrors &errs)
{
    QString error;
    const std::optional<Quantity> q = Quantity::parse(text, &error);
    if (!q) {
        errs << FieldError::invalid(path, text, error);
        return q;
    }
    if (q->sign() < 0)
        errs << FieldError::invalid(path, q->toString(), QStringLiteral("must be greater than or equal to 0"));
    if (isIntegerResourceName(resource) && q->milliValue() % 1000 != 0)
        errs << FieldError::invalid(path, q->toString(), QStringLiteral("must be an integer"));
    return q;
}

FieldErrors validateResourceRequirements(const ResourceRequirements &r, const QString &path)
{
    FieldErrors errs;
    const QString limPath = child(path, QStringLiteral("limits"));
    const QString reqPath = child(path, QStringLiteral("requests"));
    bool cpuOrMemory = false, hugePages = false;
    QMap<QString, Quantity> limits;
    for (auto it = r.limits.cbegin(); it != r.limits.cend(); ++it) {
        const QString p = key(limPath, it.key());
        errs += validateContainerResourceName(it.key(), p);
        if (const std::optional<Quantity> q = validateQuantity(it.key(), it.value(), p, errs))
            limits.insert(it.key(), *q);
        hugePages |= isHugePageResourceName(it.key());
        cpuOrMemory |= it.key() == QLatin1String("cpu") || it.key() == QLatin1String("memory");
    }
    for (auto it = r.requests.cbegin(); it != r.requests.cend(); ++it) {
        const QString p = key(reqPath, it.key());
        errs += validateContainerResourceName(it.key(), p);
        const std::optional<Quantity> q = validateQuantity(it.key(), it.value(), p, errs);
        if (r.limits.contains(it.key())) {
            if (q && limits.contains(it.key())) {
                const Quantity limit = limits.value(it.key());
                if (!(*q == limit) && !isOvercommitAllowed(it.key()))
                    errs << FieldError::invalid(reqPath, q->toString(),
                                                QStringLiteral("must be equal to %1 limit of %2").arg(it.key(), limit.toString()));
                else if (q->milliValue() > limit.milliValue())
                    errs << FieldError::invalid(reqPath, q->toString(),
                                                QStringLiteral("must be less than or equal to %1 limit of %2")
                                                    .arg(it.key(), limit.toString()));
            }
        } else if (!isOvercommitAllowed(it.key())) {
            errs << FieldError::required(limPath, QStringLiteral("Limit must be set for non overcommitable resources"));
        }
        hugePages |= isHugePageResourceName(it.key());
        cpuOrMemory |= it.key() == QLatin1String("cpu") || it.key() == QLatin1String("memory");
    }
    if (!cpuOrMemory && hugePages)
        errs << FieldError::forbidden(path, QStringLiteral("HugePages require cpu or memory"));
    return errs;
}

FieldErrors validateContainerPorts(const QList<ContainerPort> &ports, const QString &path)
{
    FieldErrors errs;
    QSet<QString> names;
    for (qsizetype i = 0; i < ports.size(); ++i) {
        const ContainerPort &port = ports[i];
        const QString p = index(path, i);
        if (!port.name.isEmpty()) {
            if (const QStringList msgs = isValidPortName(port.name); !msgs.isEmpty()) {
                for (const QString &msg : msgs)
                    errs << FieldError::invalid(child(p, QStringLiteral("name")), port.name, msg);
            } else if (names.contains(port.name)) {
                errs << FieldError::duplicate(child(p, QStringLiteral("name")), port.name);
            } else {
                names.insert(port.name);
            }
        }
        if (port.containerPort == 0) {
            errs << FieldError::required(child(p, QStringLiteral("containerPort")));
        } else {
            for (const QStringList found = isValidPortNum(port.containerPort); const QString &msg : found)
                errs << FieldError::invalid(child(p, QStringLiteral("containerPort")), port.containerPort, msg);
        }
        if (port.hostPort != 0)
            for (const QStringList found = isValidPortNum(port.hostPort); const QString &msg : found)
                errs << FieldError::invalid(child(p, QStringLiteral("hostPort")), port.hostPort, msg);
        if (port.protocol.isEmpty())
            errs << FieldError::required(child(p, QStringLiteral("protocol")));
        else if (port.protocol != QLatin1String("TCP") && port.protocol != QLatin1String("UDP")
                 && port.protocol != QLatin1String("SCTP"))
            errs << FieldError::notSupported(child(p, QStringLiteral("protocol")), port.protocol,
                                             {QStringLiteral("SCTP"), QStringLiteral("TCP"), QStringLiteral("UDP")});
    }
    return errs;
}

FieldErrors validatePortNumOrName(const QJsonValue &port, const QString &path)
{
    FieldErrors errs;
    if (port.isString()) {
        for (const QStringList found = isValidPortName(port.toString()); const QString &msg : found)
            errs << FieldError::invalid(path, port.toString(), msg);
    } else {
        const qint64 n = port.toInteger();
        for (const QStringList found = isValidPortNum(n); const QString &msg : found)
            errs << FieldError::invalid(path, n, msg);
    }
    return errs;
}

// validateHandler over the handler kinds a probe or lifecycle hook may hold (raw JSON).
FieldErrors validateHandler(const QJsonObject &handler, const QString &path, bool allowSleep)
{
    FieldErrors errs;
    int handlers = 0;
    QStringList kinds{QStringLiteral("exec"), QStringLiteral("httpGet"), QStringLiteral("tcpSocket"), QStringLiteral("grpc")};
    if (allowSleep)
        kinds << QStringLiteral("sleep");
    for (const QString &kind : kinds) {
        if (!handler.value(kind).isObject())
            continue;
        const QString p = child(path, kind);
        if (handlers++ > 0) {
            errs << FieldError::forbidden(p, QStringLiteral("may not specify more than 1 handler type"));
            continue;
        }
        const QJsonObject h = handler.value(kind).toObject();
        if (kind == QLatin1String("exec")) {
            if (h.value(QLatin1String("command")).toArray().isEmpty())
                errs << FieldError::required(child(p, QStringLiteral("command")));
        } else if (kind == QLatin1String("httpGet")) {
            if (h.value(QLatin1String("path")).toString().isEmpty())
                errs << FieldError::required(child(p, QStringLiteral("path")));
            errs += validatePortNumOrName(h.value(QLatin1String("port")), child(p, QStringLiteral("port")));
            const QString scheme = h.value(QLatin1String("scheme")).toString();
            if (scheme != QLatin1String("HTTP") && scheme != QLatin1String("HTTPS"))
                errs << FieldError::notSupported(child(p, QStringLiteral("scheme")), scheme,
                                                 {QStringLiteral("HTTP"), QStringLiteral("HTTPS")});
        } else if (kind == QLatin1String("tcpSocket") || kind == QLatin1String("grpc")) {
            errs += validatePortNumOrName(h.value(QLatin1String("port")), child(p, QStringLiteral("port")));
        }
    }
    if (handlers == 0)
        errs << FieldError::required(path, QStringLiteral("must specify a handler type"));
    return errs;
}

FieldErrors validateProbeCommon(const Probe &probe, const QString &path)
{
    FieldErrors errs = validateHandler(probe.extra, path, false);
    errs += validateNonnegativeField(probe.initialDelaySeconds, child(path, QStringLiteral("initialDelaySeconds")));
    errs += validateNonnegativeField(probe.timeoutSeconds, child(path, QStringLiteral("timeoutSeconds")));
    errs += validateNonnegativeField(probe.periodSeconds, child(path, QStringLiteral("periodSeconds")));
    errs += validateNonnegativeField(probe.successThreshold, child(path, QStringLiteral("successThreshold")));
    errs += validateNonnegativeField(probe.failureThreshold, child(path, QStringLiteral("failureThreshold")));
    const QJsonValue grace = probe.extra.value(QLatin1String("terminationGracePeriodSeconds"));
    if (grace.isDouble() && grace.toInteger() <= 0)
        errs << FieldError::invalid(child(path, QStringLiteral("terminationGracePeriodSeconds")), grace.toInteger(),
                                    QStringLiteral("must be greater than 0"));
    return errs;
}

Probe probeFromJson(const QJsonObject &o)
{
    Probe p;
    p.initialDelaySeconds = o.value(QLatin1String("initialDelaySeconds")).toInt();
    p.timeoutSeconds = o.value(QLatin1String("timeoutSeconds")).toInt();
    p.periodSeconds = o.value(QLatin1String("periodSeconds")).toInt();
    p.successThreshold = o.value(QLatin1String("successThreshold")).toInt();
    p.failureThreshold = o.value(QLatin1String("failureThreshold")).toInt();
    p.extra = o;
    return p;
}

FieldErrors validateProbes(const Container &c, const QString &path)
{
    FieldErrors errs;
    if (c.livenessProbe) {
        const QString p = child(path, QStringLiteral("livenessProbe"));
        errs += validateProbeCommon(*c.livenessProbe, p);
        if (c.livenessProbe->successThreshold != 1)
            errs << FieldError::invalid(child(p, QStringLiteral("successThreshold")), c.livenessProbe->successThreshold,
                                        QStringLiteral("must be 1"));
    }
    if (c.readinessProbe) {
        const QString p = child(path, QStringLiteral("readinessProbe"));
        errs += validateProbeCommon(*c.readinessProbe, p);
        const QJsonValue grace = c.readinessProbe->extra.value(QLatin1String("terminationGracePeriodSeconds"));
        if (grace.isDouble())
            errs << FieldError::invalid(child(p, QStringLiteral("terminationGracePeriodSeconds")), grace.toInteger(),
                                        QStringLiteral("must not be set for readinessProbes"));
    }
    if (c.extra.value(QLatin1String("startupProbe")).isObject()) {
        const QString p = child(path, QStringLiteral("startupProbe"));
        const Probe startup = probeFromJson(c.extra.value(QLatin1String("startupProbe")).toObject());
        errs += validateProbeCommon(startup, p);
        if (startup.successThreshold != 1)
            errs << FieldError::invalid(child(p, QStringLiteral("successThreshold")), startup.successThreshold,
                                        QStringLiteral("must be 1"));
    }
    return errs;
}

FieldErrors validateLifecycle(const Container &c, const QString &path)
{
    FieldErrors errs;
    const QJsonObject lifecycle = c.extra.value(QLatin1String("lifecycle")).toObject();
    for (const QLatin1String hook : {QLatin1String("postStart"), QLatin1String("preStop")})
        if (lifecycle.value(hook).isObject())
            errs += validateHandler(lifecycle.value(hook).toObject(), child(child(path, QStringLiteral("lifecycle")), hook), true);
    return errs;
}

FieldErrors validateContainerCommon(const Container &c, const QString &path)
{
    FieldErrors errs;
    const QString namePath = child(path, QStringLiteral("name"));
    if (c.name.isEmpty()) {
        errs << FieldError::required(namePath);
    } else {
        for (const QStringList found = isDNS1123Label(c.name); const QString &msg : found)
            errs << FieldError::invalid(namePath, c.name, msg);
    }
    if (c.image.isEmpty())
        errs << FieldError::required(child(path, QStringLiteral("image")));
    const QString tmp = c.terminationMessagePolicy;
    if (tmp.isEmpty())
        errs << FieldError::required(child(path, QStringLiteral("terminationMessagePolicy")));
    else if (tmp != QLatin1String("File") && tmp != QLatin1String("FallbackToLogsOnError"))
        errs << FieldError::notSupported(child(path, QStringLiteral("terminationMessagePolicy")), tmp,
                                         {QStringLiteral("File"), QStringLiteral("FallbackToLogsOnError")});
    errs += validateContainerPorts(c.ports, child(path, QStringLiteral("ports")));
    const QString pullPath = child(path, QStringLiteral("imagePullPolicy"));
    if (c.imagePullPolicy.isEmpty())
        errs << FieldError::required(pullPath);
    else if (c.imagePullPolicy != QLatin1String("Always") && c.imagePullPolicy != QLatin1String("IfNotPresent")
             && c.imagePullPolicy != QLatin1String("Never"))
        errs << FieldError::notSupported(pullPath, c.imagePullPolicy,
                                         {QStringLiteral("Always"), QStringLiteral("IfNotPresent"), QStringLiteral("Never")});
    errs += validateResourceRequirements(c.resources, child(path, QStringLiteral("resources")));
    return errs;
}

FieldErrors checkHostPortConflicts(const QList<Container> &containers, const QString &path)
{
    FieldErrors errs;
    QSet<QString> seen;
    for (qsizetype ci = 0; ci < containers.size(); ++ci) {
        const Container &c = containers[ci];
        for (qsizetype pi = 0; pi < c.ports.size(); ++pi) {
            const ContainerPort &port = c.ports[pi];
            if (port.hostPort == 0)
                continue;
            const QString id = QStringLiteral("%1/%2/%3").arg(port.protocol, port.hostIP).arg(port.hostPort);
            if (seen.contains(id))
                errs << FieldError::duplicate(
                    child(index(child(index(path, ci), QStringLiteral("ports")), pi), QStringLiteral("hostPort")), id);
            seen.insert(id);
        }
    }
    return errs;
}

} // namespace

FieldErrors validateContainers(const QList<Container> &containers, const QString &path)
{
    if (containers.isEmpty())
        return {FieldError::required(path)};
    FieldErrors errs;
    QSet<QString> names;
    for (qsizetype i = 0; i < containers.size(); ++i) {
        const Container &c = containers[i];
        const QString p = index(path, i);
        errs += validateContainerCommon(c, p);
        if (names.contains(c.name))
            errs << FieldError::duplicate(child(p, QStringLiteral("name")), c.name);
        else
            names.insert(c.name);
        errs += validateLifecycle(c, p);
        errs += validateProbes(c, p);
        if (c.extra.contains(QLatin1String("restartPolicy")))
            errs << FieldError::forbidden(child(p, QStringLiteral("restartPolicy")),
                                          QStringLiteral("may not be set for non-init containers"));
    }
    errs += checkHostPortConflicts(containers, path);
    return errs;
}

FieldErrors validateInitContainers(const QList<Container> &init, const QList<Container> &regular, const QString &path)
{
    if (init.isEmpty())
        return {};   // most pods: nothing to check (no set of the other names made)
    FieldErrors errs;
    QSet<QString> names;
    for (const Container &c : regular)
        names.insert(c.name);
    for (qsizetype i = 0; i < init.size(); ++i) {
        const Container &c = init[i];
        const QString p = index(path, i);
        errs += validateContainerCommon(c, p);
        bool restartAlways = false;
        if (c.extra.contains(QLatin1String("restartPolicy"))) {
            const QString policy = c.extra.value(QLatin1String("restartPolicy")).toString();
            restartAlways = policy == QLatin1String("Always");
            if (!restartAlways)
                errs << FieldError::notSupported(child(p, QStringLiteral("restartPolicy")), policy, {QStringLiteral("Always")});
        }
        if (names.contains(c.name))
            errs << FieldError::duplicate(child(p, QStringLiteral("name")), c.name);
        else if (!c.name.isEmpty())
            names.insert(c.name);
        // upstream checks each init container alone, so its index in the path is always 0
        errs += checkHostPortConflicts({c}, path);
        if (restartAlways) {
            errs += validateLifecycle(c, p);
            errs += validateProbes(c, p);
        } else {
            const QString why = QStringLiteral("may not be set for init containers without restartPolicy=Always");
            if (c.extra.contains(QLatin1String("lifecycle")))
                errs << FieldError::forbidden(child(p, QStringLiteral("lifecycle")), why);
            if (c.livenessProbe)
                errs << FieldError::forbidden(child(p, QStringLiteral("livenessProbe")), why);
            if (c.readinessProbe)
                errs << FieldError::forbidden(child(p, QStringLiteral("readinessProbe")), why);
            if (c.extra.contains(QLatin1String("startupProbe")))
                errs << FieldError::forbidden(child(p, QStringLiteral("startupProbe")), why);
        }
    }
    return errs;
}

QString canonicalQuantity(const QString &text)
{
    const std::optional<Quantity> q = Quantity::parse(text);
    return q ? q->toString() : text;
}

} // namespace rlab::api::validation
