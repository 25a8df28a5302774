// SPDX-License-Identifier: Apache-2.0
// http::RestClient against a scripted server that misbehaves the way real API servers and
// proxies do: 410 Gone as the watch's HTTP status, 5xx Status errors (verbatim, then backoff),
// bodies that are not a Status, and a list whose continue token expires mid-way.
#include "core/api/deployment.h"
#include "core/api/pod.h"
#include "core/http/connect.h"
#include "tests/e2e/scriptedserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace rlab;
using namespace rlab::test;
using apiserver::resources::byKind;

namespace {

QJsonObject status(int code, const QString &reason, const QString &message)
{
    return {{QStringLiteral("kind"), QStringLiteral("Status")}, {QStringLiteral("apiVersion"), QStringLiteral("v1")},
            {QStringLiteral("status"), QStringLiteral("Failure")}, {QStringLiteral("code"), code},
            {QStringLiteral("reason"), reason}, {QStringLiteral("message"), message}};
}

QJsonObject podList(const QStringList &names, const QString &cont)
{
    QJsonArray items;
    for (const QString &n : names)   // as kube-apiserver: items without apiVersion/kind
        items.append(QJsonObject{{QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), n}, {QStringLiteral("namespace"), QStringLiteral("default")},
                                                                         {QStringLiteral("resourceVersion"), QStringLiteral("7")}}},
                                 {QStringLiteral("spec"), QJsonObject{{QStringLiteral("containers"), QJsonArray{QJsonObject{
                                         {QStringLiteral("name"), QStringLiteral("c")}, {QStringLiteral("image"), QStringLiteral("nginx")}}}}}}});
    QJsonObject meta{{QStringLiteral("resourceVersion"), QStringLiteral("7")}};
    if (!cont.isEmpty())
        meta.insert(QStringLiteral("continue"), cont);
    return {{QStringLiteral("kind"), QStringLiteral("PodList")}, {QStringLiteral("apiVersion"), QStringLiteral("v1")},
            {QStringLiteral("metadata"), meta}, {QStringLiteral("items"), items}};
}

} // namespace

class TestHttpFaults : public QObject
{
    Q_OBJECT

private slots:
    void aWatchAnswered410IsAnExpiredEvent()
    {
        ScriptedServer server([](const QByteArray &) {
            return reply(410, "Gone", status(410, QStringLiteral("Expired"), QStringLiteral("too old resource version: 5 (90)")));
        });
        QString error;
        auto client = server.client(&error);
        QVERIFY2(client, qPrintable(error));
        apiserver::ListOptions lo;
        lo.resourceVersion = QStringLiteral("5");
        auto w = client->watch(byKind(api::Kind::Pod), QStringLiteral("default"), lo);
        QVERIFY(w.ok());   // a Reflector relists on the event; a failed watch() it would only retry
        const auto events = w.value->take();
        QCOMPARE(events.size(), std::size_t(1));
        QCOMPARE(events.front().type, apiserver::ApiWatchEvent::Error);
        QCOMPARE(events.front().error.code, 410);
        QCOMPARE(events.front().error.message, QStringLiteral("too old resource version: 5 (90)"));
        QVERIFY(w.value->isStopped());
        QCOMPARE(client->counters().watchExpired.load(), 1);
        QCOMPARE(server.requests(), QStringList{QStringLiteral("GET /api/v1/namespaces/default/pods?resourceVersion=5&watch=true&timeoutSeconds=")
                                                + server.requests().value(0).section(QLatin1Char('='), -1)});
    }

    void serverErrorsAreVerbatimAndBackedOff()
    {
        ScriptedServer server([](const QByteArray &) {
            return reply(500, "Internal Server Error", status(500, QStringLiteral("InternalError"), QStringLiteral("etcdserver: request timed out")));
        });
        QString error;
        auto client = server.client(&error);
        auto r = client->list(byKind(api::Kind::Pod), QStringLiteral("default"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error->code, 500);
        QCOMPARE(r.error->reason, QStringLiteral("InternalError"));
        QCOMPARE(r.error->message, QStringLiteral("etcdserver: request timed out"));
        QCOMPARE(server.requests().size(), 1);
        // A Reflector retrying at once is refused locally until the backoff (0.8–1.6 s) passed.
        auto again = client->list(byKind(api::Kind::Pod), QStringLiteral("default"));
        QCOMPARE(again.error->message, r.error->message);
        QCOMPARE(server.requests().size(), 1);
        QCOMPARE(client->counters().backoffRefusals.load(), 1);
        QTRY_VERIFY_WITH_TIMEOUT((client->list(byKind(api::Kind::Pod), QStringLiteral("default")), server.requests().size() == 2), 5000);
        // Other calls are not held back.
        QVERIFY(!client->get(byKind(api::Kind::Pod), QStringLiteral("default"), QStringLiteral("x")).ok());
        QCOMPARE(server.requests().size(), 3);
    }

    void aBodyThatIsNotAStatus()
    {
        ScriptedServer server([](const QByteArray &) {
            return QByteArray("HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/html\r\nContent-Length: 24\r\n\r\n<html>bad gateway</html>");
        });
        QString error;
        auto client = server.client(&error);
        auto r = client->get(byKind(api::Kind::Pod), QStringLiteral("default"), QStringLiteral("x"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error->code, 502);
        QVERIFY2(r.error->message.startsWith(QStringLiteral("an error on the server (\"<html>bad gateway</html>\") has prevented the request from succeeding")), qPrintable(r.error->message));
    }

    // A server that accepts and never answers: requests and the first watch attempt end after
    // requestTimeoutMs, in Go's words; the network thread never waited.
    void aSilentServerTimesOut()
    {
        ScriptedServer server([](const QByteArray &) { return QByteArray(); });
        QString error;
        auto client = server.client(&error, 1000);
        auto r = client->get(byKind(api::Kind::Pod), QStringLiteral("default"), QStringLiteral("x"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error->code, 503);
        QVERIFY2(r.error->message.endsWith(QStringLiteral("context deadline exceeded (Client.Timeout exceeded while awaiting headers)")),
                 qPrintable(r.error->message));
        auto w = client->watch(byKind(api::Kind::Pod), QStringLiteral("default"), {});
        QVERIFY(!w.ok());
        QVERIFY2(w.error->message.endsWith(QStringLiteral("context deadline exceeded (Client.Timeout exceeded while awaiting headers)")),
                 qPrintable(w.error->message));
        QCOMPARE(client->counters().watchesOpened.load(), 0);
    }

    // Objects as a real cluster sends them (fields the lab does not model, managedFields, probes,
    // tolerations, null timestamps). tests/data/http/*.json are written by hand in the shape of a
    // kind cluster's kube-system objects, not captured from one.
    void objectsOfARealClusterDecode()
    {
        const auto file = [](const char *name) {
            QFile f(QStringLiteral(RLAB_TEST_DATA "/http/") + QLatin1String(name));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        const QByteArray pods = file("kind-podlist.json"), deployment = file("kind-deployment.json");
        QVERIFY(!pods.isEmpty() && !deployment.isEmpty());
        ScriptedServer server([&](const QByteArray &request) {
            const QByteArray &body = request.contains("/deployments/") ? deployment : pods;
            return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        });
        QString error;
        auto client = server.client(&error);
        apiserver::ListOptions lo;
        lo.limit = 500;
        auto list = client->list(byKind(api::Kind::Pod), QStringLiteral("kube-system"), lo);
        QVERIFY2(list.ok(), list.ok() ? "" : qPrintable(list.error->message));
        QCOMPARE(list.value.resourceVersion, 48211);
        const auto p = api::objectCast<api::Pod>(list.value.items.value(0));
        QVERIFY(p);
        QCOMPARE(p->spec.nodeName, QStringLiteral("kind-control-plane"));
        QCOMPARE(p->spec.containers.first().image, QStringLiteral("registry.k8s.io/coredns/coredns:v1.10.1"));
        QCOMPARE(p->status.phase, QStringLiteral("Running"));
        QCOMPARE(p->metadata.ownerReferences.first().name, QStringLiteral("coredns-5d78c9869d"));
        auto d = client->get(byKind(api::Kind::Deployment), QStringLiteral("kube-system"), QStringLiteral("coredns"));
        QVERIFY2(d.ok(), d.ok() ? "" : qPrintable(d.error->message));
        const auto dep = api::objectCast<api::Deployment>(d.value);
        QCOMPARE(dep->replicas(), 2);
        QCOMPARE(dep->status.availableReplicas, 2);
        QCOMPARE(dep->status.conditions.size(), 2);
        QCOMPARE(dep->metadata.annotations.value(QStringLiteral("deployment.kubernetes.io/revision")), QStringLiteral("1"));
    }

    void anExpiredContinueTokenFallsBackToAFullList()
    {
        ScriptedServer server([](const QByteArray &request) {
            if (request.contains("continue=c1"))
                return reply(410, "Gone", status(410, QStringLiteral("Expired"),
                                                 QStringLiteral("The provided continue parameter is too old to display a consistent list result.")));
            if (request.contains("limit=2"))
                return reply(200, "OK", podList({QStringLiteral("a"), QStringLiteral("b")}, QStringLiteral("c1")));
            return reply(200, "OK", podList({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}, {}));
        });
        QString error;
        auto client = server.client(&error);
        auto r = client->list(byKind(api::Kind::Pod), QStringLiteral("default"));
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error->message));
        QCOMPARE(r.value.items.size(), 3);
        QCOMPARE(r.value.resourceVersion, 7);
        QCOMPARE(api::objectCast<api::Pod>(r.value.items.at(2))->metadata.name, QStringLiteral("c"));
        QCOMPARE(server.requests(), (QStringList{QStringLiteral("GET /api/v1/namespaces/default/pods?limit=2"),
                                                 QStringLiteral("GET /api/v1/namespaces/default/pods?limit=2&continue=c1"),
                                                 QStringLiteral("GET /api/v1/namespaces/default/pods")}));
    }
};

QTEST_GUILESS_MAIN(TestHttpFaults)
#include "tst_httpfaults.moc"
