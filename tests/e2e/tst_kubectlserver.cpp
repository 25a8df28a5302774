// SPDX-License-Identifier: Apache-2.0
// The HTTP API for kubectl at the protocol level (issue 7), without kubectl: discovery, OpenAPI,
// JSON and Table responses, age on the virtual clock, Status errors, the body limit, bad bodies,
// field validation, patches and subresources, keep-alive. Raw HTTP/1.1 over QTcpSocket against an
// HttpApiServer on a free loopback port, in front of a Cluster (no controllers: nothing moves
// unless the test writes). Watches: tst_kubectlserver_watch.cpp; tokens, trace and `rlab serve`:
// tst_kubectlserver_serve.cpp.
#include "core/api/codec.h"
#include "core/api/pod.h"
#include "core/apiserver/apiserver.h"
#include "core/kubectl/tableprinter.h"
#include "tests/e2e/servertestclient.h"

#include <QJsonArray>
#include <QTest>

using namespace rlab;
using namespace rlab::server;
using namespace rlab::test;
using rlab::kubectl::TablePrinter;
class TestKubectlServer : public QObject, public ServerFixture
{
    Q_OBJECT

private slots:
    void init()
    {
        QString error;
        QVERIFY2(start(&error), qPrintable(error));
        QVERIFY(m_server->port() != 0);
    }

    void cleanup() { stop(); }

    void versionAndDiscovery()
    {
        Response r = http("GET", "/version?timeout=5s");
        QCOMPARE(r.status, 200);
        QVERIFY(r.json().value(QLatin1String("gitVersion")).toString().startsWith(QLatin1String("v1.31.")));
        QCOMPARE(r.json().value(QLatin1String("minor")).toString(), QStringLiteral("31"));

        // kubectl asks for aggregated discovery; plain JSON makes it fall back to legacy discovery.
        r = http("GET", "/api?timeout=32s", {}, {{"Accept", "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json"}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("Content-Type"), QByteArray("application/json"));
        QCOMPARE(r.json().value(QLatin1String("kind")).toString(), QStringLiteral("APIVersions"));
        r = http("GET", "/apis");
        QCOMPARE(r.json().value(QLatin1String("kind")).toString(), QStringLiteral("APIGroupList"));
        QVERIFY(QJsonDocument(r.json()).toJson().contains("\"groupVersion\":\"apps/v1\"") || r.body.contains("\"groupVersion\":\"apps/v1\""));

        r = http("GET", "/apis/apps/v1");
        QCOMPARE(r.status, 200);
        QJsonObject deployments, scale;
        for (const QJsonValue &v : r.json().value(QLatin1String("resources")).toArray()) {
            if (v[QLatin1String("name")] == QLatin1String("deployments"))
                deployments = v.toObject();
            if (v[QLatin1String("name")] == QLatin1String("deployments/scale"))
                scale = v.toObject();
        }
        QCOMPARE(deployments.value(QLatin1String("shortNames")).toArray(), QJsonArray{QStringLiteral("deploy")});
        QCOMPARE(deployments.value(QLatin1String("categories")).toArray(), QJsonArray{QStringLiteral("all")});
        QCOMPARE(deployments.value(QLatin1String("kind")).toString(), QStringLiteral("Deployment"));
        QVERIFY(deployments.value(QLatin1String("verbs")).toArray().contains(QStringLiteral("watch")));
        QCOMPARE(scale.value(QLatin1String("group")).toString(), QStringLiteral("autoscaling"));
        QCOMPARE(scale.value(QLatin1String("kind")).toString(), QStringLiteral("Scale"));

        r = http("GET", "/api/v1");
        QVERIFY(r.body.contains("\"name\":\"pods\""));
        QVERIFY(r.body.contains("\"shortNames\":[\"po\"]"));
        QCOMPARE(http("GET", "/apis/apps/v2").status, 404);
    }

    void openApi()
    {
        Response r = http("GET", "/openapi/v3");
        QCOMPARE(r.status, 200);
        const QString url = r.json()[QLatin1String("paths")][QLatin1String("apis/apps/v1")][QLatin1String("serverRelativeURL")].toString();
        QVERIFY2(url.startsWith(QLatin1String("/openapi/v3/apis/apps/v1?hash=")), qPrintable(url));
        r = http("GET", url.toUtf8());
        QCOMPARE(r.status, 200);
        const QJsonObject patch = r.json()[QLatin1String("paths")][QLatin1String("/apis/apps/v1/namespaces/{namespace}/deployments/{name}")][QLatin1String("patch")].toObject();
        QCOMPARE(patch[QLatin1String("x-kubernetes-group-version-kind")][QLatin1String("kind")].toString(), QStringLiteral("Deployment"));
        QVERIFY(QJsonDocument(patch).toJson().contains("fieldValidation"));
        r = http("GET", "/openapi/v3/api/v1");
        QVERIFY(r.body.contains("/api/v1/namespaces/{namespace}/pods/{name}"));
        QVERIFY(r.body.contains("/api/v1/nodes/{name}"));
        // /openapi/v2 is served as well (negotiation and content: tst_kubectlopenapiv2.cpp).
        QCOMPARE(http("GET", "/openapi/v2?timeout=32s", {}, {{"Accept", "application/com.github.proto-openapi.spec.v2@v1.0+protobuf"}}).status, 200);
    }

    void createGetListAsJsonAndTable()
    {
        Response r = http("POST", "/api/v1/namespaces/default/pods?fieldManager=kubectl-create&fieldValidation=Strict", pod(QStringLiteral("a")),
                          {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 201);
        QCOMPARE(r.json()[QLatin1String("metadata")][QLatin1String("name")].toString(), QStringLiteral("a"));
        QVERIFY(!r.json()[QLatin1String("metadata")][QLatin1String("uid")].toString().isEmpty());
        // YAML body.
        r = http("POST", "/api/v1/namespaces/default/pods", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: b\n  labels: {app: db}\nspec:\n  containers:\n  - {name: c, image: redis}\n",
                 {{"Content-Type", "application/yaml"}});
        QCOMPARE(r.status, 201);

        r = http("GET", "/api/v1/namespaces/default/pods/a");
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[QLatin1String("kind")].toString(), QStringLiteral("Pod"));

        r = http("GET", "/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&limit=500");
        QCOMPARE(r.json()[QLatin1String("kind")].toString(), QStringLiteral("PodList"));
        QCOMPARE(r.json()[QLatin1String("items")].toArray().size(), 1);
        r = http("GET", "/api/v1/namespaces/default/pods?labelSelector=app+in+%28web%2Cdb%29");
        QCOMPARE(r.json()[QLatin1String("items")].toArray().size(), 2);
        r = http("GET", "/api/v1/namespaces/default/pods?fieldSelector=metadata.name%3Db");
        QCOMPARE(r.json()[QLatin1String("items")].toArray().size(), 1);
        // limit / continue
        r = http("GET", "/api/v1/namespaces/default/pods?limit=1");
        QCOMPARE(r.json()[QLatin1String("items")].toArray().size(), 1);
        const QString token = r.json()[QLatin1String("metadata")][QLatin1String("continue")].toString();
        QVERIFY(!token.isEmpty());
        r = http("GET", "/api/v1/namespaces/default/pods?limit=1&continue=" + QUrl::toPercentEncoding(token));
        QCOMPARE(r.json()[QLatin1String("items")][0][QLatin1String("metadata")][QLatin1String("name")].toString(), QStringLiteral("b"));

        const QByteArray table = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
        r = http("GET", "/api/v1/namespaces/default/pods?limit=500", {}, {{"Accept", table}});
        const QJsonObject t = r.json();
        QCOMPARE(t[QLatin1String("kind")].toString(), QStringLiteral("Table"));
        QCOMPARE(t[QLatin1String("columnDefinitions")][2][QLatin1String("name")].toString(), QStringLiteral("Status"));
        QCOMPARE(t[QLatin1String("columnDefinitions")][5][QLatin1String("priority")].toInt(), 1);
        const QJsonArray cells = t[QLatin1String("rows")][0][QLatin1String("cells")].toArray();
        QCOMPARE(cells[0].toString(), QStringLiteral("a"));
        QCOMPARE(cells[1].toString(), QStringLiteral("0/1"));
        QCOMPARE(cells[2].toString(), QStringLiteral("Pending"));
        QCOMPARE(cells[4].toString(), QStringLiteral("0s"));
        QCOMPARE(t[QLatin1String("rows")][0][QLatin1String("object")][QLatin1String("kind")].toString(), QStringLiteral("PartialObjectMetadata"));
        QCOMPARE(t[QLatin1String("rows")][0][QLatin1String("object")][QLatin1String("metadata")][QLatin1String("labels")][QLatin1String("app")].toString(), QStringLiteral("web"));
        r = http("GET", "/api/v1/namespaces/default/pods/a?includeObject=Object", {}, {{"Accept", table}});
        QCOMPARE(r.json()[QLatin1String("rows")][0][QLatin1String("object")][QLatin1String("kind")].toString(), QStringLiteral("Pod"));
        r = http("GET", "/api/v1/nodes", {}, {{"Accept", table}});
        QCOMPARE(r.json()[QLatin1String("rows")].toArray().size(), 3);
        QCOMPARE(r.json()[QLatin1String("rows")][0][QLatin1String("cells")][1].toString(), QStringLiteral("Ready"));
        // All namespaces.
        r = http("GET", "/api/v1/pods", {}, {{"Accept", table}});
        QCOMPARE(r.json()[QLatin1String("rows")].toArray().size(), 2);
    }

    void ageFollowsTheVirtualClock()
    {
        QCOMPARE(TablePrinter::humanDuration(59'000), QStringLiteral("59s"));
        QCOMPARE(TablePrinter::humanDuration(129'000), QStringLiteral("2m9s"));
        QCOMPARE(TablePrinter::humanDuration(15 * 60'000), QStringLiteral("15m"));
        QCOMPARE(TablePrinter::humanDuration(5 * 3600'000 + 10 * 60'000), QStringLiteral("5h10m"));
        QCOMPARE(TablePrinter::humanDuration(76 * 3600'000LL), QStringLiteral("3d4h"));
        QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("a")), {{"Content-Type", "application/json"}}).status, 201);
        m_cluster->clock().advance(129'000);
        const Response r = http("GET", "/api/v1/namespaces/default/pods/a", {}, {{"Accept", "application/json;as=Table;v=v1;g=meta.k8s.io"}});
        QCOMPARE(r.json()[QLatin1String("rows")][0][QLatin1String("cells")][4].toString(), QStringLiteral("2m9s"));
    }

    void errorsAreStatusObjects()
    {
        Response r = http("GET", "/apis/apps/v1/namespaces/default/deployments/nope");
        QCOMPARE(r.status, 404);
        QCOMPARE(r.json()[QLatin1String("kind")].toString(), QStringLiteral("Status"));
        QCOMPARE(r.json()[QLatin1String("reason")].toString(), QStringLiteral("NotFound"));
        QCOMPARE(r.json()[QLatin1String("message")].toString(), QStringLiteral("deployments.apps \"nope\" not found"));
        QCOMPARE(r.json()[QLatin1String("details")][QLatin1String("kind")].toString(), QStringLiteral("deployments"));

        QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("a")), {{"Content-Type", "application/json"}}).status, 201);
        r = http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("a")), {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 409);
        QCOMPARE(r.json()[QLatin1String("reason")].toString(), QStringLiteral("AlreadyExists"));

        r = http("POST", "/api/v1/namespaces/default/pods", R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"Bad_Name"},"spec":{"containers":[]}})",
                 {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 422);
        QCOMPARE(r.json()[QLatin1String("reason")].toString(), QStringLiteral("Invalid"));
        QVERIFY(!r.json()[QLatin1String("details")][QLatin1String("causes")].toArray().isEmpty());

        // Stale resourceVersion on PUT.
        QJsonObject a = http("GET", "/api/v1/namespaces/default/pods/a").json();
        QJsonObject meta = a[QLatin1String("metadata")].toObject();
        meta[QLatin1String("resourceVersion")] = QStringLiteral("1");
        meta[QLatin1String("labels")] = QJsonObject{{QStringLiteral("app"), QStringLiteral("x")}};
        a[QLatin1String("metadata")] = meta;
        r = http("PUT", "/api/v1/namespaces/default/pods/a", QJsonDocument(a).toJson(QJsonDocument::Compact), {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 409);
        QCOMPARE(r.json()[QLatin1String("reason")].toString(), QStringLiteral("Conflict"));

        QCOMPARE(http("GET", "/apis/apps/v1/namespaces/default/widgets").status, 404);
        QCOMPARE(http("GET", "/no/such/path").status, 404);
        QCOMPARE(http("POST", "/version", "{}", {{"Content-Type", "application/json"}}).status, 405);
    }

    void badBodies()
    {
        Response r = http("POST", "/api/v1/namespaces/default/pods", "{\"apiVersion\":\"v1\",", {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()[QLatin1String("reason")].toString(), QStringLiteral("BadRequest"));
        r = http("POST", "/api/v1/namespaces/default/pods", "apiVersion: v1\nkind: Pod\nmetadata: {name: [\n", {{"Content-Type", "application/yaml"}});
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()[QLatin1String("kind")].toString(), QStringLiteral("Status"));
        r = http("POST", "/apis/apps/v1/namespaces/default/deployments", QByteArray("k8s\0\x0a\x10", 6),
                 {{"Content-Type", "application/vnd.kubernetes.protobuf"}});
        QCOMPARE(r.status, 415);
        QCOMPARE(r.json()[QLatin1String("reason")].toString(), QStringLiteral("UnsupportedMediaType"));
        r = http("PATCH", "/api/v1/namespaces/default/pods/a", "{}", {{"Content-Type", "text/plain"}});
        QCOMPARE(r.status, 415);
        // 3 MiB + 1 byte.
        QByteArray big = pod(QStringLiteral("big"));
        big.insert(big.size() - 1, ",\"x\":\"" + QByteArray(3 * 1024 * 1024, 'x') + "\"");
        r = http("POST", "/api/v1/namespaces/default/pods", big, {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 413);
        QVERIFY(r.json()[QLatin1String("message")].toString().contains(QLatin1String("limit is 3145728")));
        // Kind of the body vs the URL.
        r = http("POST", "/apis/apps/v1/namespaces/default/deployments", pod(QStringLiteral("p")), {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 400);
        // The server still works after all that.
        QCOMPARE(http("GET", "/version").status, 200);
    }

    void fieldValidation()
    {
        const QByteArray body = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"f"},"spec":{"foo":1,"containers":[{"name":"c","image":"nginx"}]}})";
        Response r = http("POST", "/api/v1/namespaces/default/pods?fieldValidation=Strict", body, {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 400);
        QVERIFY2(r.json()[QLatin1String("message")].toString().contains(QLatin1String("strict decoding error: unknown field \"spec.foo\"")), r.body.constData());
        r = http("POST", "/api/v1/namespaces/default/pods?fieldValidation=Warn", body, {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 201);
        QCOMPARE(r.header("Warning"), QByteArray("299 - \"unknown field \\\"spec.foo\\\"\""));
    }

    void patchesScaleStatusBindingDelete()
    {
        const QByteArray deploy = R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.25"}]}}}})";
        QCOMPARE(http("POST", "/apis/apps/v1/namespaces/default/deployments", deploy, {{"Content-Type", "application/json"}}).status, 201);
        // strategic merge patch (set image)
        Response r = http("PATCH", "/apis/apps/v1/namespaces/default/deployments/web?fieldManager=kubectl-set",
                          R"({"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"nginx"}],"containers":[{"image":"nginx:1.26","name":"nginx"}]}}}})",
                          {{"Content-Type", "application/strategic-merge-patch+json"}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[QLatin1String("spec")][QLatin1String("template")][QLatin1String("spec")][QLatin1String("containers")][0][QLatin1String("image")].toString(),
                 QStringLiteral("nginx:1.26"));
        QCOMPARE(r.json()[QLatin1String("metadata")][QLatin1String("generation")].toInt(), 2);
        // json patch
        r = http("PATCH", "/apis/apps/v1/namespaces/default/deployments/web", R"([{"op":"add","path":"/spec/paused","value":true}])",
                 {{"Content-Type", "application/json-patch+json"}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[QLatin1String("spec")][QLatin1String("paused")].toBool(), true);
        // scale subresource, merge patch
        r = http("PATCH", "/apis/apps/v1/namespaces/default/deployments/web/scale", R"({"spec":{"replicas":5}})",
                 {{"Content-Type", "application/merge-patch+json"}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[QLatin1String("kind")].toString(), QStringLiteral("Scale"));
        QCOMPARE(r.json()[QLatin1String("spec")][QLatin1String("replicas")].toInt(), 5);
        r = http("GET", "/apis/apps/v1/namespaces/default/deployments/web/scale");
        QCOMPARE(r.json()[QLatin1String("status")][QLatin1String("selector")].toString(), QStringLiteral("app=web"));
        // server-side apply: create, then merge
        const QByteArray ssa = R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"ssa"},"spec":{"replicas":1,"selector":{"matchLabels":{"app":"ssa"}},"template":{"metadata":{"labels":{"app":"ssa"}},"spec":{"containers":[{"name":"c","image":"nginx"}]}}}})";
        r = http("PATCH", "/apis/apps/v1/namespaces/default/deployments/ssa?fieldManager=kubectl&fieldValidation=Strict&force=false", ssa,
                 {{"Content-Type", "application/apply-patch+yaml"}});
        QCOMPARE(r.status, 201);
        r = http("PATCH", "/apis/apps/v1/namespaces/default/deployments/ssa?fieldManager=kubectl&force=false",
                 "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: ssa}\nspec: {replicas: 4}\n", {{"Content-Type", "application/apply-patch+yaml"}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[QLatin1String("spec")][QLatin1String("replicas")].toInt(), 4);

        // pods: binding, status, graceful delete
        QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("p")), {{"Content-Type", "application/json"}}).status, 201);
        r = http("POST", "/api/v1/namespaces/default/pods/p/binding",
                 R"({"apiVersion":"v1","kind":"Binding","metadata":{"name":"p"},"target":{"kind":"Node","name":"node-1"}})", {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 201);
        QCOMPARE(http("GET", "/api/v1/namespaces/default/pods/p").json()[QLatin1String("spec")][QLatin1String("nodeName")].toString(), QStringLiteral("node-1"));
        r = http("PATCH", "/api/v1/namespaces/default/pods/p/status", R"({"status":{"phase":"Running"}})", {{"Content-Type", "application/merge-patch+json"}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[QLatin1String("status")][QLatin1String("phase")].toString(), QStringLiteral("Running"));
        // A bound, running pod terminates gracefully: the answer is the pod, Terminating.
        r = http("DELETE", "/api/v1/namespaces/default/pods/p", R"({"propagationPolicy":"Background"})", {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[QLatin1String("kind")].toString(), QStringLiteral("Pod"));
        QVERIFY(!r.json()[QLatin1String("metadata")][QLatin1String("deletionTimestamp")].toString().isEmpty());
        r = http("GET", "/api/v1/namespaces/default/pods/p", {}, {{"Accept", "application/json;as=Table;v=v1;g=meta.k8s.io"}});
        QCOMPARE(r.json()[QLatin1String("rows")][0][QLatin1String("cells")][2].toString(), QStringLiteral("Terminating"));
        // gracePeriodSeconds=0 removes it now: a Success Status.
        r = http("DELETE", "/api/v1/namespaces/default/pods/p?gracePeriodSeconds=0");
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[QLatin1String("kind")].toString(), QStringLiteral("Status"));
        QCOMPARE(r.json()[QLatin1String("status")].toString(), QStringLiteral("Success"));
        QCOMPARE(http("GET", "/api/v1/namespaces/default/pods/p").status, 404);
        r = http("DELETE", "/apis/apps/v1/namespaces/default/deployments/web", R"({"propagationPolicy":"Background"})", {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[QLatin1String("details")][QLatin1String("kind")].toString(), QStringLiteral("deployments"));
        QCOMPARE(r.json()[QLatin1String("details")][QLatin1String("group")].toString(), QStringLiteral("apps"));
    }

    void keepAlive()
    {
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, m_server->port());
        QVERIFY(s.waitForConnected(5000));
        for (int i = 0; i < 3; ++i) {
            s.write(requestBytes("GET", "/api/v1/nodes", {}, {}));
            Response r;
            QVERIFY(readResponse(s, &r));
            QCOMPARE(r.status, 200);
            QCOMPARE(r.json()[QLatin1String("items")].toArray().size(), 3);
        }
    }

};

QTEST_GUILESS_MAIN(TestKubectlServer)
#include "tst_kubectlserver.moc"
