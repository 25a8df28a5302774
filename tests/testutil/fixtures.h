#pragma once
#include "core/api/deployment.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"
#include "core/apiserver/apiserver.h"
#include "core/base/manualclock.h"
#include "core/client/inprocessclient.h"
#include "core/store/kvstore.h"

namespace rlab::test {

// 2026-01-01T00:00:00Z, the default scenario start.
constexpr qint64 kStartMs = 1767225600000;

// A store + virtual clock + API server with the "default" namespace, for core tests, and the
// in-process client over it that informers, controllers and kubectl verbs take.
struct ApiFixture
{
    store::KvStore store;
    ManualClock clock{kStartMs};
    apiserver::ApiServer api{store, clock, nullptr, 42};
    client::InProcessClient client{api};
    ApiFixture();
    apiserver::ResourceType rt(api::Kind kind) const;
};

// A valid apps/v1 Deployment "name" with label app=name, one container "app".
std::shared_ptr<api::Deployment> makeDeployment(const QString &name, int replicas = 3,
                                                const QString &image = QStringLiteral("nginx:1.25"));
std::shared_ptr<api::ReplicaSet> makeReplicaSet(const QString &name, int replicas = 3,
                                                const QString &image = QStringLiteral("nginx:1.25"));
std::shared_ptr<api::Pod> makePod(const QString &name, const QString &nodeName = {});
std::shared_ptr<api::Node> makeNode(const QString &name);
// The same Deployment as a manifest (YAML), its container requesting 10m CPU and 16Mi (so
// thousands fit on a few nodes): what the canvas tests and benches apply.
QString deploymentYaml(const QString &name, int replicas, const QString &image = QStringLiteral("nginx:1.25"));

} // namespace rlab::test
