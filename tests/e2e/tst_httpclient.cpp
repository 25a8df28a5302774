// SPDX-License-Identifier: Apache-2.0
// http::RestClient against a served lab over TLS with a bearer token: every verb of
// client::Interface, errors as the server's Status (compared with the in-process client's),
// TLS trust, list paging with continue, watches with bookmarks and resume, a proxy-url tunnel,
// and secrets kept out of traces and messages.
#include "core/api/codec.h"
#include "core/api/deployment.h"
#include "core/api/pod.h"
#include "core/apiserver/apiserver.h"
#include "core/base/tracelog.h"
#include "tests/e2e/httplab.h"
#include "tests/e2e/tcpproxy.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QTest>

using namespace rlab;
using namespace rlab::test;

// QVERIFY for a Result, with the server's message when it failed.
#define VERIFY_OK(r) QVERIFY2((r).ok(), (r).ok() ? "" : qPrintable((r).error->message))
using apiserver::ApiWatchEvent;
using apiserver::resources::byKind;

namespace {

api::MutableObjectPtr fromJson(const char *json)
{
    return api::decodeObject(QJsonDocument::fromJson(json).object()).object;
}

api::MutableObjectPtr deployment(const QString &name, int replicas)
{
    return fromJson(QStringLiteral(R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%1","namespace":"default"},
        "spec":{"replicas":%2,"selector":{"matchLabels":{"app":"%1"}},"template":{"metadata":{"labels":{"app":"%1"}},
        "spec":{"containers":[{"name":"c","image":"nginx:1.25"}]}}}})").arg(name).arg(replicas).toUtf8().constData());
}

api::MutableObjectPtr pod(const QString &name)
{
    return fromJson(QStringLiteral(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"%1","namespace":"default","labels":{"app":"p"}},
        "spec":{"containers":[{"name":"c","image":"nginx"}]}})").arg(name).toUtf8().constData());
}

// Everything a watch delivered so far, kept across take() calls.
struct Collected
{
    std::vector<ApiWatchEvent> events;
    void drain(apiserver::WatchInterface &w)
    {
        for (ApiWatchEvent &e : w.take())
            events.push_back(std::move(e));
    }
    int count(ApiWatchEvent::Type type, const QString &name) const
    {
        int n = 0;
        for (const ApiWatchEvent &e : events)
            if (e.type == type && e.object && e.object->metadata.name == name)
                ++n;
        return n;
    }
};

} // namespace

class TestHttpClient : public QObject
{
    Q_OBJECT

    HttpLab lab;
    std::unique_ptr<http::RestClient> client;
    TraceLog trace;

    http::ConnectOptions traced()
    {
        http::ConnectOptions o;
        o.trace = &trace;
        return o;
    }

private slots:
    void init()
    {
        QString error;
        QVERIFY2(lab.start(false, &error), qPrintable(error));
        http::ConnectOptions o;
        o.trace = &trace;
        client = lab.connect(lab.kubeconfig, &error, o);
        QVERIFY2(client, qPrintable(error));
    }

    void cleanup()
    {
        client.reset();
        lab.stop();
    }

    void everyVerbOverTlsWithAToken()
    {
        const auto deployments = byKind(api::Kind::Deployment);
        const auto pods = byKind(api::Kind::Pod);
        QCOMPARE(client->config().namespace_, QStringLiteral("default"));

        auto created = client->create(deployment(QStringLiteral("web"), 2));
        VERIFY_OK(created);
        QVERIFY(!created.value->metadata.uid.isEmpty());
        QCOMPARE(api::objectCast<api::Deployment>(created.value)->replicas(), 2);

        auto got = client->get(deployments, QStringLiteral("default"), QStringLiteral("web"));
        QVERIFY(got.ok());
        QCOMPARE(got.value->metadata.resourceVersion, created.value->metadata.resourceVersion);
        QVERIFY(client->getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("web")));

        auto listed = client->list(deployments, QStringLiteral("default"));
        QVERIFY(listed.ok());
        QCOMPARE(listed.value.items.size(), 1);
        QVERIFY(listed.value.resourceVersion >= created.value->metadata.resourceVersion.toLongLong());

        api::MutableObjectPtr changed = got.value->clone();
        std::static_pointer_cast<api::Deployment>(changed)->spec.replicas = 3;
        auto updated = client->update(changed);
        VERIFY_OK(updated);
        QCOMPARE(api::objectCast<api::Deployment>(updated.value)->replicas(), 3);

        api::MutableObjectPtr withStatus = updated.value->clone();
        std::static_pointer_cast<api::Deployment>(withStatus)->status.observedGeneration = 7;
        auto status = client->updateStatus(withStatus);
        VERIFY_OK(status);
        QCOMPARE(api::objectCast<api::Deployment>(status.value)->status.observedGeneration, 7);

        auto merged = client->patch(deployments, QStringLiteral("default"), QStringLiteral("web"), apiserver::PatchType::Merge,
                                    R"({"metadata":{"labels":{"tier":"front"}}})");
        QVERIFY(merged.ok());
        QCOMPARE(merged.value->metadata.labels.value(QStringLiteral("tier")), QStringLiteral("front"));
        auto strategic = client->patch(deployments, QStringLiteral("default"), QStringLiteral("web"), apiserver::PatchType::Strategic,
                                       R"({"spec":{"template":{"spec":{"containers":[{"name":"c","image":"nginx:1.26"}]}}}})");
        QVERIFY(strategic.ok());
        QCOMPARE(api::objectCast<api::Deployment>(strategic.value)->spec.template_.spec.containers.first().image, QStringLiteral("nginx:1.26"));

        auto scale = client->getScale(deployments, QStringLiteral("default"), QStringLiteral("web"));
        QVERIFY(scale.ok());
        QCOMPARE(scale.value[QLatin1String("spec")].toObject()[QLatin1String("replicas")].toInt(), 3);
        QJsonObject s = scale.value;
        s[QLatin1String("spec")] = QJsonObject{{QStringLiteral("replicas"), 5}};
        auto scaled = client->updateScale(deployments, QStringLiteral("default"), QStringLiteral("web"), s);
        VERIFY_OK(scaled);
        QCOMPARE(scaled.value[QLatin1String("spec")].toObject()[QLatin1String("replicas")].toInt(), 5);
        auto patchedScale = client->patchScale(deployments, QStringLiteral("default"), QStringLiteral("web"), apiserver::PatchType::Merge,
                                               R"({"spec":{"replicas":1}})");
        QVERIFY(patchedScale.ok());
        QCOMPARE(client->getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("web"))->replicas(), 1);

        QVERIFY(client->create(pods, QStringLiteral("default"), pod(QStringLiteral("p1"))).ok());
        auto bound = client->bind(QStringLiteral("default"), QStringLiteral("p1"), QStringLiteral("node-2"));
        VERIFY_OK(bound);
        QCOMPARE(api::objectCast<api::Pod>(bound.value)->spec.nodeName, QStringLiteral("node-2"));

        auto removed = client->remove(deployments, QStringLiteral("default"), QStringLiteral("web"));
        QVERIFY(removed.ok());
        QCOMPARE(client->get(deployments, QStringLiteral("default"), QStringLiteral("web")).error->code, 404);
        QVERIFY(client->getJson(QStringLiteral("/version")).value.contains(QLatin1String("gitVersion")));
        QVERIFY(client->counters().requests.load() >= 16);
    }

    // The ApiError a caller sees over HTTP is the one the in-process client returns.
    void errorsAreTheServersStatus()
    {
        const auto deployments = byKind(api::Kind::Deployment);
        const auto same = [](const apiserver::ApiError &http, const apiserver::ApiError &local) {
            return http.code == local.code && http.reason == local.reason && http.message == local.message;
        };
        auto missing = client->get(deployments, QStringLiteral("default"), QStringLiteral("nope"));
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error->code, 404);
        QCOMPARE(missing.error->reason, QStringLiteral("NotFound"));
        QCOMPARE(missing.error->message, QStringLiteral("deployments.apps \"nope\" not found"));
        QCOMPARE(missing.error->name, QStringLiteral("nope"));

        QVERIFY(client->create(deployment(QStringLiteral("web"), 1)).ok());
        auto dup = client->create(deployment(QStringLiteral("web"), 1));
        QVERIFY(!dup.ok());
        QVERIFY(same(*dup.error, *lab.inProcess().create(deployment(QStringLiteral("web"), 1)).error));
        QCOMPARE(dup.error->reason, QStringLiteral("AlreadyExists"));

        api::MutableObjectPtr stale = client->get(deployments, QStringLiteral("default"), QStringLiteral("web")).value->clone();
        QVERIFY(client->patch(deployments, QStringLiteral("default"), QStringLiteral("web"), apiserver::PatchType::Merge,
                              R"({"spec":{"replicas":4}})").ok());
        auto conflict = client->update(stale);
        QVERIFY(!conflict.ok());
        QCOMPARE(conflict.error->code, 409);
        QCOMPARE(conflict.error->reason, QStringLiteral("Conflict"));
        QVERIFY2(conflict.error->message.startsWith(QStringLiteral("Operation cannot be fulfilled on deployments.apps \"web\"")),
                 qPrintable(conflict.error->message));

        auto invalid = client->create(deployment(QStringLiteral("bad"), -1));
        QVERIFY(!invalid.ok());
        const auto local = lab.inProcess().create(deployment(QStringLiteral("bad"), -1));
        QCOMPARE(invalid.error->code, 422);
        QCOMPARE(invalid.error->message, local.error->message);
        QVERIFY2(invalid.error->message.contains(QStringLiteral("spec.replicas: Invalid value: -1: must be greater than or equal to 0")),
                 qPrintable(invalid.error->message));
        QCOMPARE(invalid.error->causes.size(), local.error->causes.size());
        QCOMPARE(invalid.error->causes.first().message(), local.error->causes.first().message());
    }

    void aWrongTokenIsUnauthorizedAndNeverShown()
    {
        QString error;
        const QString config = lab.kubeconfigWith(QStringLiteral("wrong"), {}, {}, "    token: not-the-token-4711\n");
        auto wrong = lab.connect(config, &error);
        QVERIFY2(wrong, qPrintable(error));
        auto r = wrong->get(byKind(api::Kind::Deployment), QStringLiteral("default"), QStringLiteral("web"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error->code, 401);
        QCOMPARE(r.error->reason, QStringLiteral("Unauthorized"));
        QCOMPARE(wrong->counters().unauthorizedRetries.load(), 0);   // a static token cannot get better
        QVERIFY(!r.error->message.contains(QLatin1String("4711")));
        QVERIFY(!wrong->config().describe().contains(QLatin1String("4711")));
        QVERIFY(!client->config().describe().contains(QString::fromLatin1(lab.token)));
        QVERIFY(client->list(byKind(api::Kind::Pod), QStringLiteral("default")).ok());
        QVERIFY(trace.lastSeq() > 0);
        for (const TraceEvent &e : trace.since(0)) {
            QVERIFY2(!e.text.contains(QString::fromLatin1(lab.token)), qPrintable(e.text));
            QVERIFY(!QJsonDocument(e.detail).toJson().contains(lab.token));
        }
    }

    void theServerMustBeTrusted()
    {
        QString error;
        const QByteArray caPem = lab.caPem;
        lab.caPem.clear();   // a kubeconfig without certificate-authority-data: the system's roots
        auto untrusted = lab.connect(lab.kubeconfigWith(QStringLiteral("noca"), {}, {}, "    token: " + lab.token + "\n"), &error);
        QVERIFY2(untrusted, qPrintable(error));
        auto r = untrusted->get(byKind(api::Kind::Node), {}, QStringLiteral("node-1"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error->code, 503);
        QVERIFY2(r.error->message.contains(QLatin1String("x509: certificate signed by unknown authority")), qPrintable(r.error->message));
        auto insecure = lab.connect(lab.kubeconfigWith(QStringLiteral("insecure"), {}, "    insecure-skip-tls-verify: true\n",
                                                       "    token: " + lab.token + "\n"),
                                    &error);
        QVERIFY2(insecure, qPrintable(error));
        QVERIFY(insecure->get(byKind(api::Kind::Node), {}, QStringLiteral("node-1")).ok());
        // tls-server-name: the name the certificate is checked against (and sent as SNI).
        lab.caPem = caPem;
        auto named = lab.connect(lab.kubeconfigWith(QStringLiteral("named"), {}, "    tls-server-name: localhost\n", "    token: " + lab.token + "\n"),
                                 &error);
        QVERIFY(named->get(byKind(api::Kind::Node), {}, QStringLiteral("node-1")).ok());
        auto watched = named->watch(byKind(api::Kind::Node), {}, {});
        QVERIFY(watched.ok());
        auto misnamed = lab.connect(lab.kubeconfigWith(QStringLiteral("misnamed"), {}, "    tls-server-name: other.example\n",
                                                       "    token: " + lab.token + "\n"),
                                    &error);
        auto mismatch = misnamed->get(byKind(api::Kind::Node), {}, QStringLiteral("node-1"));
        QVERIFY(!mismatch.ok());
        QVERIFY2(mismatch.error->message.contains(QLatin1String("x509: certificate is valid for")), qPrintable(mismatch.error->message));
        QVERIFY(!misnamed->watch(byKind(api::Kind::Node), {}, {}).ok());
        auto refused = lab.connect(lab.kubeconfigWith(QStringLiteral("closed"), QStringLiteral("https://127.0.0.1:1"), {}, {}), &error);
        auto down = refused->get(byKind(api::Kind::Node), {}, QStringLiteral("node-1"));
        QCOMPARE(down.error->message, QStringLiteral("Get \"https://127.0.0.1:1/api/v1/nodes/node-1\": dial tcp 127.0.0.1:1: connect: connection refused"));
    }

    void listsArePagedWithContinue()
    {
        const auto pods = byKind(api::Kind::Pod);
        for (int i = 0; i < 7; ++i)
            QVERIFY(lab.inProcess().create(pods, QStringLiteral("default"), pod(QStringLiteral("p%1").arg(i))).ok());
        QString error;
        http::ConnectOptions o;
        o.listPageSize = 3;
        auto paged = lab.connect(lab.kubeconfig, &error, o);
        auto all = paged->list(pods, QStringLiteral("default"));
        QVERIFY(all.ok());
        QCOMPARE(all.value.items.size(), 7);
        QCOMPARE(paged->counters().listPages.load(), 3);
        QVERIFY(all.value.continueToken.isEmpty());
        apiserver::ListOptions lo;
        lo.limit = 3;
        auto first = paged->list(pods, QStringLiteral("default"), lo);
        QCOMPARE(first.value.items.size(), 3);
        QVERIFY(!first.value.continueToken.isEmpty());
        lo.continueToken = first.value.continueToken;
        auto second = paged->list(pods, QStringLiteral("default"), lo);
        QCOMPARE(second.value.items.size(), 3);
        QCOMPARE(second.value.items.first()->metadata.name, QStringLiteral("p3"));
        lo.labelSelector = QStringLiteral("app in (");
        auto bad = paged->list(pods, QStringLiteral("default"), lo);
        QCOMPARE(bad.error->code, 400);
    }

    // A Reflector's watch: events, BOOKMARKs (the served lab sends one 2 s before timeoutSeconds),
    // and a stream the server ends is resumed from the bookmark's resourceVersion: nothing twice.
    void watchesResumeFromBookmarks()
    {
        const auto pods = byKind(api::Kind::Pod);
        auto list = client->list(pods, QStringLiteral("default"));
        apiserver::ListOptions lo;
        lo.resourceVersion = QString::number(list.value.resourceVersion);
        lo.allowWatchBookmarks = true;
        lo.timeoutSeconds = 3;
        std::atomic<int> notified{0};
        auto w = client->watch(pods, QStringLiteral("default"), lo, [&notified] { ++notified; });
        QVERIFY(w.ok());
        Collected got;
        QVERIFY(client->create(pods, QStringLiteral("default"), pod(QStringLiteral("a"))).ok());
        QTRY_COMPARE_WITH_TIMEOUT((got.drain(*w.value), got.count(ApiWatchEvent::Added, QStringLiteral("a"))), 1, 5000);
        QVERIFY(notified.load() > 0);
        QTRY_VERIFY_WITH_TIMEOUT(client->counters().bookmarks.load() >= 1, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(client->counters().watchReconnects.load() >= 1, 5000);   // after timeoutSeconds
        QVERIFY(client->create(pods, QStringLiteral("default"), pod(QStringLiteral("b"))).ok());
        QTRY_COMPARE_WITH_TIMEOUT((got.drain(*w.value), got.count(ApiWatchEvent::Added, QStringLiteral("b"))), 1, 5000);
        QCOMPARE(got.count(ApiWatchEvent::Added, QStringLiteral("a")), 1);
        bool sawBookmark = false;
        for (const ApiWatchEvent &e : got.events)
            sawBookmark = sawBookmark || (e.type == ApiWatchEvent::Bookmark && e.revision > 0);
        QVERIFY(sawBookmark);
        QVERIFY(!w.value->isStopped());
        w.value->stop();
        QVERIFY(w.value->isStopped());
        QCOMPARE(client->counters().watchdogFired.load(), 0);
    }

    void aWatchFromACompactedVersionIsAnExpiredErrorEvent()
    {
        const auto pods = byKind(api::Kind::Pod);
        for (int i = 0; i < 3; ++i)
            QVERIFY(client->create(pods, QStringLiteral("default"), pod(QStringLiteral("c%1").arg(i))).ok());
        lab.cluster->store().compact(lab.cluster->store().revision());
        apiserver::ListOptions lo;
        lo.resourceVersion = QStringLiteral("2");
        auto w = client->watch(pods, QStringLiteral("default"), lo);
        QVERIFY(w.ok());
        Collected got;
        QTRY_VERIFY_WITH_TIMEOUT((got.drain(*w.value), !got.events.empty()), 5000);
        QCOMPARE(got.events.front().type, ApiWatchEvent::Error);
        QCOMPARE(got.events.front().error.code, 410);
        QVERIFY2(got.events.front().error.message.startsWith(QStringLiteral("too old resource version: 2")),
                 qPrintable(got.events.front().error.message));
        QTRY_VERIFY(w.value->isStopped());
        QCOMPARE(client->counters().watchExpired.load(), 1);
    }

    // A stream that goes silent (here: a proxy stops relaying) is re-opened by the watchdog from
    // the last resourceVersion; the event it swallowed arrives through the new stream, once.
    void aHungWatchIsReconnectedByTheWatchdog()
    {
        TcpProxy proxy(lab.server->port(), TcpProxy::Forward);
        QString error;
        http::ConnectOptions o;
        o.watchIdleTimeoutMs = 1500;
        auto viaProxy = lab.connect(lab.kubeconfigWith(QStringLiteral("proxied"), QStringLiteral("https://127.0.0.1:%1").arg(proxy.port()), {},
                                                       "    token: " + lab.token + "\n"),
                                    &error, o);
        QVERIFY2(viaProxy, qPrintable(error));
        const auto pods = byKind(api::Kind::Pod);
        auto list = viaProxy->list(pods, QStringLiteral("default"));
        apiserver::ListOptions lo;
        lo.resourceVersion = QString::number(list.value.resourceVersion);
        lo.allowWatchBookmarks = true;
        auto w = viaProxy->watch(pods, QStringLiteral("default"), lo);
        QVERIFY(w.ok());
        Collected got;
        QVERIFY(lab.inProcess().create(pods, QStringLiteral("default"), pod(QStringLiteral("before"))).ok());
        QTRY_COMPARE_WITH_TIMEOUT((got.drain(*w.value), got.count(ApiWatchEvent::Added, QStringLiteral("before"))), 1, 1000);
        QCOMPARE(viaProxy->counters().watchdogFired.load(), 0);
        proxy.stallAll();
        QVERIFY(lab.inProcess().create(pods, QStringLiteral("default"), pod(QStringLiteral("swallowed"))).ok());
        QTRY_COMPARE_WITH_TIMEOUT((got.drain(*w.value), got.count(ApiWatchEvent::Added, QStringLiteral("swallowed"))), 1, 10000);
        QVERIFY(viaProxy->counters().watchdogFired.load() >= 1);
        QVERIFY(viaProxy->counters().watchReconnects.load() >= 1);
        QCOMPARE(got.count(ApiWatchEvent::Added, QStringLiteral("before")), 1);
    }

    void aWatchWithoutResourceVersionStartsWithTheState()
    {
        auto w = client->watch(byKind(api::Kind::Node), {}, {});
        QVERIFY(w.ok());
        Collected got;
        QTRY_COMPARE_WITH_TIMEOUT((got.drain(*w.value), int(got.events.size())), 3, 5000);   // node-1..3 as ADDED
        QCOMPARE(got.count(ApiWatchEvent::Added, QStringLiteral("node-2")), 1);
    }

    // Qt 6.4 allows 6 HTTP/1.1 connections per host: watches on their own sockets must not
    // leave a list queued behind them.
    void listsAreNotQueuedBehindWatches()
    {
        std::vector<std::shared_ptr<apiserver::WatchInterface>> watches;
        for (int i = 0; i < 10; ++i) {
            auto w = client->watch(byKind(api::Kind::Pod), QStringLiteral("default"), {});
            QVERIFY(w.ok());
            watches.push_back(w.value);
        }
        for (int i = 0; i < 5; ++i)
            QVERIFY(client->list(byKind(api::Kind::Node), {}).ok());
        QCOMPARE(client->counters().watchesOpened.load(), 10);
        QBENCHMARK {   // a figure for the report: one GET over HTTPS with 10 watches open
            QVERIFY(client->get(byKind(api::Kind::Node), {}, QStringLiteral("node-1")).ok());
        }
    }

    // Figures for the report (no timed assertions): a paged list of 1000 pods, and 1000 watch
    // events from the first write to the last event taken.
    void figuresForAThousandPods()
    {
        const auto pods = byKind(api::Kind::Pod);
        auto list = client->list(pods, QStringLiteral("default"));
        apiserver::ListOptions lo;
        lo.resourceVersion = QString::number(list.value.resourceVersion);
        auto w = client->watch(pods, QStringLiteral("default"), lo);
        QVERIFY(w.ok());
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < 1000; ++i)
            QVERIFY(lab.inProcess().create(pods, QStringLiteral("default"), pod(QStringLiteral("f%1").arg(i))).ok());
        Collected got;
        QTRY_COMPARE_WITH_TIMEOUT((got.drain(*w.value), int(got.events.size())), 1000, 60000);
        qInfo("1000 pods created in-process → 1000 ADDED events taken over HTTPS in %lld ms", t.elapsed());
        QBENCHMARK {
            auto all = client->list(pods, QStringLiteral("default"));
            QCOMPARE(all.value.items.size(), 1000);   // two pages of 500
        }
    }

    void proxyUrlTunnelsThroughConnect()
    {
        TcpProxy proxy(0, TcpProxy::HttpConnect);
        QString error;
        auto viaProxy = lab.connect(lab.kubeconfigWith(QStringLiteral("proxy-url"), {},
                                                       "    proxy-url: http://127.0.0.1:" + QByteArray::number(proxy.port()) + "\n",
                                                       "    token: " + lab.token + "\n"),
                                    &error, traced());
        QVERIFY2(viaProxy, qPrintable(error));
        QVERIFY(viaProxy->get(byKind(api::Kind::Node), {}, QStringLiteral("node-1")).ok());
        auto w = viaProxy->watch(byKind(api::Kind::Node), {}, {});
        QVERIFY(w.ok());
        Collected got;
        QTRY_COMPARE_WITH_TIMEOUT((got.drain(*w.value), int(got.events.size())), 3, 5000);   // the nodes, as ADDED
        QVERIFY(proxy.connectRequests() >= 2);   // the requests' connection and the watch's
        auto https = lab.connect(lab.kubeconfigWith(QStringLiteral("https-proxy"), {}, "    proxy-url: https://127.0.0.1:1\n", {}), &error);
        QVERIFY(!https);
        QVERIFY2(error.contains(QLatin1String("https:// proxies are not supported")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestHttpClient)
#include "tst_httpclient.moc"
