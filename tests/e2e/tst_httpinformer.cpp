// SPDX-License-Identifier: Apache-2.0
// client-go machinery over http::RestClient, unchanged: a SharedIndexInformer follows a
// Deployment rolling out on a served lab (its controllers drive it), and an informer whose
// watch is cut while the store is compacted gets 410 Gone, relists, and misses nothing.
#include "core/api/codec.h"
#include "core/api/deployment.h"
#include "core/api/replicaset.h"
#include "core/apiserver/apiserver.h"
#include "core/client/sharedindexinformer.h"
#include "tests/e2e/httplab.h"
#include "tests/e2e/tcpproxy.h"

#include <QJsonDocument>
#include <QTest>

#include <mutex>

using namespace rlab;
using namespace rlab::test;
using apiserver::resources::byKind;

namespace {

api::MutableObjectPtr fromJson(const QString &json)
{
    return api::decodeObject(QJsonDocument::fromJson(json.toUtf8()).object()).object;
}

api::MutableObjectPtr pod(const QString &name)
{
    return fromJson(QStringLiteral(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"%1","namespace":"default"},
        "spec":{"containers":[{"name":"c","image":"nginx"}]}})").arg(name));
}

// What the handlers saw, by key ("+key" add, "~key" update, "-key" delete), from any thread.
struct Seen
{
    std::mutex mutex;
    QStringList log;
    void add(const QString &s)
    {
        std::lock_guard lock(mutex);
        log << s;
    }
    int count(const QString &s)
    {
        std::lock_guard lock(mutex);
        return int(log.count(s));
    }
    client::ResourceEventHandlerFuncs funcs()
    {
        return client::ResourceEventHandlerFuncs(
                [this](const api::ObjectPtr &o, bool) { add(QLatin1Char('+') + o->key()); },
                [this](const api::ObjectPtr &, const api::ObjectPtr &o) { add(QLatin1Char('~') + o->key()); },
                [this](const api::ObjectPtr &o, const client::DeletedFinalStateUnknown *) { add(QLatin1Char('-') + o->key()); });
    }
};

QStringList sortedKeys(const client::ThreadSafeStore &store)
{
    QStringList keys = store.listKeys();
    keys.sort();
    return keys;
}

} // namespace

class TestHttpInformer : public QObject
{
    Q_OBJECT

private slots:
    void followsARolloutOnAServedLab()
    {
        HttpLab lab;
        QString error;
        QVERIFY2(lab.start(true, &error), qPrintable(error));
        auto client = lab.connect(lab.kubeconfig, &error);
        QVERIFY2(client, qPrintable(error));
        client::SharedIndexInformer deployments(*client, byKind(api::Kind::Deployment));
        client::SharedIndexInformer replicaSets(*client, byKind(api::Kind::ReplicaSet));
        Seen seen;
        deployments.addEventHandler(seen.funcs());
        deployments.run(client::DriveMode::Threaded);
        replicaSets.run(client::DriveMode::Threaded);
        QVERIFY(deployments.waitForSync(std::chrono::seconds(10)));
        QVERIFY(replicaSets.waitForSync(std::chrono::seconds(10)));

        auto created = client->create(fromJson(QStringLiteral(R"({"apiVersion":"apps/v1","kind":"Deployment",
            "metadata":{"name":"web","namespace":"default"},"spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"}},
            "template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"nginx:1.25"}]}}}})")));
        QVERIFY(created.ok());
        const auto lister = deployments.lister<api::Deployment>();
        const auto available = [&](int generation) {
            const auto d = lister.get(QStringLiteral("default"), QStringLiteral("web"));
            return d && d->metadata.generation == generation && d->status.observedGeneration == generation
                   && d->status.updatedReplicas == 3 && d->status.availableReplicas == 3 && d->status.replicas == 3;
        };
        QTRY_VERIFY_WITH_TIMEOUT(available(1), 60000);

        // Roll out a new image: the served lab's controllers drive it, the informer follows.
        auto patched = client->patch(byKind(api::Kind::Deployment), QStringLiteral("default"), QStringLiteral("web"),
                                     apiserver::PatchType::Strategic,
                                     R"({"spec":{"template":{"spec":{"containers":[{"name":"c","image":"nginx:1.26"}]}}}})");
        QVERIFY(patched.ok());
        QTRY_VERIFY_WITH_TIMEOUT(available(2), 60000);
        const auto rsLister = replicaSets.lister<api::ReplicaSet>();
        QTRY_COMPARE_WITH_TIMEOUT(rsLister.list().size(), 2, 10000);
        int newReplicas = -1, oldReplicas = -1;
        for (const auto &rs : rsLister.list()) {
            const bool isNew = rs->spec.template_.spec.containers.first().image == QLatin1String("nginx:1.26");
            QCOMPARE(rs->metadata.ownerReferences.first().name, QStringLiteral("web"));
            (isNew ? newReplicas : oldReplicas) = rs->spec.replicas.value_or(-1);
        }
        QCOMPARE(newReplicas, 3);
        QTRY_COMPARE_WITH_TIMEOUT(oldReplicas = [&] {
            for (const auto &rs : rsLister.list())
                if (rs->spec.template_.spec.containers.first().image == QLatin1String("nginx:1.25"))
                    return rs->spec.replicas.value_or(-1);
            return -1;
        }(), 0, 10000);
        QCOMPARE(seen.count(QStringLiteral("+default/web")), 1);
        QVERIFY(seen.count(QStringLiteral("~default/web")) >= 4);   // the rollout's status steps
        // The informer's cache is the served lab's state.
        QCOMPARE(lister.get(QStringLiteral("default"), QStringLiteral("web"))->metadata.resourceVersion,
                 lab.inProcess().get(byKind(api::Kind::Deployment), QStringLiteral("default"), QStringLiteral("web")).value->metadata.resourceVersion);
        qInfo("rollout followed over HTTPS: %lld requests, %lld watch streams, %lld bookmarks", client->counters().requests.load(),
              client->counters().watchesOpened.load(), client->counters().bookmarks.load());
        deployments.stop();
        replicaSets.stop();
        client.reset();
        lab.stop();
    }

    void aWatchBrokenByCompactionRelistsAndMissesNothing()
    {
        HttpLab lab;
        QString error;
        QVERIFY2(lab.start(false, &error), qPrintable(error));
        const auto pods = byKind(api::Kind::Pod);
        for (int i = 0; i < 3; ++i)
            QVERIFY(lab.inProcess().create(pods, QStringLiteral("default"), pod(QStringLiteral("p%1").arg(i))).ok());
        TcpProxy proxy(lab.server->port(), TcpProxy::Forward);
        auto client = lab.connect(lab.kubeconfigWith(QStringLiteral("proxied"), QStringLiteral("https://127.0.0.1:%1").arg(proxy.port()),
                                                     {}, "    token: " + lab.token + "\n"),
                                  &error);
        QVERIFY2(client, qPrintable(error));
        client::SharedIndexInformer informer(*client, pods);
        Seen seen;
        informer.addEventHandler(seen.funcs());
        informer.run(client::DriveMode::Threaded);
        QVERIFY(informer.waitForSync(std::chrono::seconds(10)));
        QCOMPARE(sortedKeys(informer.indexer()), (QStringList{QStringLiteral("default/p0"), QStringLiteral("default/p1"), QStringLiteral("default/p2")}));

        // The connection drops; while the client cannot get through, pods come and go and the
        // store is compacted past the informer's resourceVersion.
        proxy.setHold(true);
        const int before = proxy.accepted();
        proxy.cutAll();
        QTRY_VERIFY_WITH_TIMEOUT(proxy.accepted() > before, 10000);   // the watch is trying again
        QVERIFY(lab.inProcess().create(pods, QStringLiteral("default"), pod(QStringLiteral("x"))).ok());
        QVERIFY(lab.inProcess().create(pods, QStringLiteral("default"), pod(QStringLiteral("y"))).ok());
        QVERIFY(lab.inProcess().remove(pods, QStringLiteral("default"), QStringLiteral("p0"), [] {
            apiserver::DeleteOptions o;
            o.gracePeriodSeconds = 0;
            return o;
        }()).ok());
        QVERIFY(lab.cluster->store().compact(lab.cluster->store().revision()) == store::StoreError::None);
        proxy.setHold(false);

        const QStringList expected{QStringLiteral("default/p1"), QStringLiteral("default/p2"), QStringLiteral("default/x"), QStringLiteral("default/y")};
        QTRY_COMPARE_WITH_TIMEOUT(sortedKeys(informer.indexer()), expected, 20000);
        QVERIFY(client->counters().watchExpired.load() >= 1);
        QTRY_COMPARE(seen.count(QStringLiteral("-default/p0")), 1);   // a DeletedFinalStateUnknown
        QCOMPARE(seen.count(QStringLiteral("+default/x")), 1);
        QCOMPARE(seen.count(QStringLiteral("+default/y")), 1);
        QVERIFY(informer.lastSyncResourceVersion() >= lab.cluster->store().revision());
        informer.stop();
        client.reset();
        lab.stop();
    }
};

QTEST_GUILESS_MAIN(TestHttpInformer)
#include "tst_httpinformer.moc"
