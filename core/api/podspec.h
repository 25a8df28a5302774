#pragma once
#include "core/api/fieldopts.h"
#include "core/api/objectmeta.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <optional>

namespace rlab::api {

struct ContainerPort
{
    static constexpr const char *kGoName = "ContainerPort";
    QString name;
    int hostPort = 0;
    int containerPort = 0;
    QString protocol;
    QString hostIP;
    bool operator==(const ContainerPort &) const = default;
};
template<class V> void visitFields(V &v, ContainerPort &p)
{
    v("name", p.name);
    v("hostPort", p.hostPort);
    v("containerPort", p.containerPort, Keep);
    v("protocol", p.protocol);
    v("hostIP", p.hostIP);
}

struct ResourceRequirements
{
    static constexpr const char *kGoName = "ResourceRequirements";
    QMap<QString, QString> limits, requests;   // "cpu": "500m", "memory": "128Mi"
    QJsonObject extra;
    bool operator==(const ResourceRequirements &) const = default;
};
template<class V> void visitFields(V &v, ResourceRequirements &r)
{
    v("limits", r.limits);
    v("requests", r.requests);
    v.extra(r.extra, {"claims"});
}

// Probe timing is modelled (the kubelet honours initialDelaySeconds); the handler is kept as is.
struct Probe
{
    static constexpr const char *kGoName = "Probe";
    int initialDelaySeconds = 0, timeoutSeconds = 0, periodSeconds = 0, successThreshold = 0,
        failureThreshold = 0;
    QJsonObject extra;
    bool operator==(const Probe &) const = default;
};
template<class V> void visitFields(V &v, Probe &p)
{
    v("initialDelaySeconds", p.initialDelaySeconds);
    v("timeoutSeconds", p.timeoutSeconds);
    v("periodSeconds", p.periodSeconds);
    v("successThreshold", p.successThreshold);
    v("failureThreshold", p.failureThreshold);
    v.extra(p.extra, {"exec", "httpGet", "tcpSocket", "grpc", "terminationGracePeriodSeconds"});
}

struct Container
{
    static constexpr const char *kGoName = "Container";
    QString name, image, imagePullPolicy, terminationMessagePath, terminationMessagePolicy;
    QList<ContainerPort> ports;
    ResourceRequirements resources;
    std::optional<Probe> readinessProbe;
    std::optional<Probe> livenessProbe;
    QJsonObject extra;
    bool operator==(const Container &) const = default;
};
template<class V> void visitFields(V &v, Container &c)
{
    v("name", c.name, Keep);
    v("image", c.image);
    v("ports", c.ports);
    v("resources", c.resources);
    v("readinessProbe", c.readinessProbe);
    v("livenessProbe", c.livenessProbe);
    v("terminationMessagePath", c.terminationMessagePath);
    v("terminationMessagePolicy", c.terminationMessagePolicy);
    v("imagePullPolicy", c.imagePullPolicy);
    v.extra(c.extra, {"command", "args", "workingDir", "env", "envFrom", "volumeMounts",
                      "volumeDevices", "startupProbe", "lifecycle", "securityContext", "stdin",
                      "stdinOnce", "tty", "resizePolicy", "restartPolicy"});
}

struct Toleration
{
    static constexpr const char *kGoName = "Toleration";
    QString key, operator_, value, effect;
    std::optional<qint64> tolerationSeconds;
    bool operator==(const Toleration &) const = default;
};
template<class V> void visitFields(V &v, Toleration &t)
{
    v("key", t.key);
    v("operator", t.operator_);
    v("value", t.value);
    v("effect", t.effect);
    v("tolerationSeconds", t.tolerationSeconds);
}

struct PodSpec
{
    static constexpr const char *kGoName = "PodSpec";
    QList<Container> initContainers, containers;
    QString restartPolicy, dnsPolicy, serviceAccountName, nodeName, schedulerName;
    std::optional<qint64> terminationGracePeriodSeconds;
    QMap<QString, QString> nodeSelector;
    QList<Toleration> tolerations;
    std::optional<QJsonObject> securityContext;
    QJsonObject extra;
    bool operator==(const PodSpec &) const = default;
};
template<class V> void visitFields(V &v, PodSpec &s)
{
    v("initContainers", s.initContainers);
    v("containers", s.containers, Keep);
    v("restartPolicy", s.restartPolicy);
    v("terminationGracePeriodSeconds", s.terminationGracePeriodSeconds);
    v("dnsPolicy", s.dnsPolicy);
    v("nodeSelector", s.nodeSelector);
    v("serviceAccountName", s.serviceAccountName);
    v("nodeName", s.nodeName);
    v("securityContext", s.securityContext);
    v("schedulerName", s.schedulerName);
    v("tolerations", s.tolerations);
    v.extra(s.extra, {"volumes", "activeDeadlineSeconds", "serviceAccount",
                      "automountServiceAccountToken", "hostNetwork", "hostPID", "hostIPC",
                      "shareProcessNamespace", "imagePullSecrets", "hostname", "subdomain",
                      "affinity", "hostAliases", "priorityClassName", "priority", "dnsConfig",
                      "readinessGates", "runtimeClassName", "enableServiceLinks",
                      "preemptionPolicy", "overhead", "topologySpreadConstraints",
                      "setHostnameAsFQDN", "os", "hostUsers", "schedulingGates",
                      "resourceClaims", "ephemeralContainers", "resources"});
}

struct PodTemplateSpec
{
    static constexpr const char *kGoName = "PodTemplateSpec";
    ObjectMeta metadata;
    PodSpec spec;
    bool operator==(const PodTemplateSpec &) const = default;
};
template<class V> void visitFields(V &v, PodTemplateSpec &t)
{
    v("metadata", t.metadata);
    v("spec", t.spec);
}

} // namespace rlab::api
