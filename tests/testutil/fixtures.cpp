#include "tests/testutil/fixtures.h"

#include "core/api/namespace.h"

namespace rlab::test {

using namespace rlab::api;

ApiFixture::ApiFixture()
{
    auto ns = std::make_shared<Namespace>();
    ns->metadata.name = QStringLiteral("default");
    const auto r = api.create(ns);
    if (!r.ok())
        qFatal("cannot create namespace: %s", qPrintable(r.error->message));
}

apiserver::ResourceType ApiFixture::rt(Kind kind) const
{
    return apiserver::resources::byKind(kind);
}

static PodTemplateSpec podTemplate(const QString &app, const QString &image)
{
    PodTemplateSpec t;
    t.metadata.labels.insert(QStringLiteral("app"), app);
    Container c;
    c.name = QStringLiteral("app");
    c.image = image;
    t.spec.containers.append(c);
    return t;
}

std::shared_ptr<Deployment> makeDeployment(const QString &name, int replicas, const QString &image)
{
    auto d = std::make_shared<Deployment>();
    d->metadata.name = name;
    d->metadata.namespace_ = QStringLiteral("default");
    d->spec.replicas = replicas;
    LabelSelector s;
    s.matchLabels.insert(QStringLiteral("app"), name);
    d->spec.selector = s;
    d->spec.template_ = podTemplate(name, image);
    return d;
}

std::shared_ptr<ReplicaSet> makeReplicaSet(const QString &name, int replicas, const QString &image)
{
    auto rs = std::make_shared<ReplicaSet>();
    rs->metadata.name = name;
    rs->metadata.namespace_ = QStringLiteral("default");
    rs->spec.replicas = replicas;
    LabelSelector s;
    s.matchLabels.insert(QStringLiteral("app"), name);
    rs->spec.selector = s;
    rs->spec.template_ = podTemplate(name, image);
    return rs;
}

std::shared_ptr<Pod> makePod(const QString &name, const QString &nodeName)
{
    auto p = std::make_shared<Pod>();
    p->metadata.name = name;
    p->metadata.namespace_ = QStringLiteral("default");
    p->metadata.labels.insert(QStringLiteral("app"), QStringLiteral("web"));
    Container c;
    c.name = QStringLiteral("app");
    c.image = QStringLiteral("nginx:1.25");
    p->spec.containers.append(c);
    p->spec.nodeName = nodeName;
    return p;
}

std::shared_ptr<Node> makeNode(const QString &name)
{
    auto n = std::make_shared<Node>();
    n->metadata.name = name;
    n->status.capacity = {{QStringLiteral("cpu"), QStringLiteral("4")},
                          {QStringLiteral("memory"), QStringLiteral("8Gi")},
                          {QStringLiteral("pods"), QStringLiteral("110")}};
    n->status.allocatable = n->status.capacity;
    return n;
}

QString deploymentYaml(const QString &name, int replicas, const QString &image)
{
    return QStringLiteral("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: %1, labels: {app: %1}}\n"
                          "spec:\n  replicas: %2\n  selector: {matchLabels: {app: %1}}\n"
                          "  template:\n    metadata: {labels: {app: %1}}\n    spec:\n"
                          "      containers:\n      - {name: app, image: \"%3\", resources: {requests: {cpu: 10m, memory: 16Mi}}}\n")
        .arg(name)
        .arg(replicas)
        .arg(image);
}

} // namespace rlab::test
