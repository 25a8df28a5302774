// SPDX-License-Identifier: Apache-2.0
// Opaque resourceVersions (issue #15): a server whose resourceVersions are not decimal numbers
// ("abc:17", as kcp and aggregated API servers send them; the API contract allows any string).
// An informer over http::RestClient lists, watches from the list's resourceVersion, and when
// the watch ends resumes from the last one it saw, verbatim, instead of relisting; a synthetic
// number the client has forgotten lists the most recent state and expires a watch (410).
#include "core/api/pod.h"
#include "core/client/sharedindexinformer.h"
#include "core/http/resourceversions.h"
#include "tests/e2e/scriptedserver.h"

#include <QJsonArray>
#include <QTest>

#include <atomic>

using namespace rlab;
using namespace rlab::test;
using apiserver::resources::byKind;
using http::ResourceVersions;

namespace {

QJsonObject pod(const QString &name, const QString &rv)
{
    return {{QStringLiteral("apiVersion"), QStringLiteral("v1")}, {QStringLiteral("kind"), QStringLiteral("Pod")},
            {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("namespace"), QStringLiteral("default")},
                                                     {QStringLiteral("resourceVersion"), rv}}},
            {QStringLiteral("spec"), QJsonObject{{QStringLiteral("containers"), QJsonArray{QJsonObject{
                    {QStringLiteral("name"), QStringLiteral("c")}, {QStringLiteral("image"), QStringLiteral("nginx")}}}}}}};
}

QByteArray podList(const QString &rv)
{
    return reply(200, "OK", {{QStringLiteral("kind"), QStringLiteral("PodList")}, {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                             {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("resourceVersion"), rv}}},
                             {QStringLiteral("items"), QJsonArray{pod(QStringLiteral("a"), QStringLiteral("abc:15"))}}});
}

// A chunked watch response: the events, one JSON line per chunk; `end` closes the stream (as
// the server's timeoutSeconds does), else it stays open.
QByteArray watchStream(const QList<QJsonObject> &events, bool end)
{
    QByteArray out = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
    for (const QJsonObject &ev : events) {
        const QByteArray line = QJsonDocument(ev).toJson(QJsonDocument::Compact) + '\n';
        out += QByteArray::number(line.size(), 16) + "\r\n" + line + "\r\n";
    }
    if (end)
        out += "0\r\n\r\n";
    return out;
}

QJsonObject watchEvent(const char *type, const QJsonObject &object)
{
    return {{QStringLiteral("type"), QLatin1String(type)}, {QStringLiteral("object"), object}};
}

QJsonObject bookmark(const QString &rv)
{
    return watchEvent("BOOKMARK", {{QStringLiteral("apiVersion"), QStringLiteral("v1")}, {QStringLiteral("kind"), QStringLiteral("Pod")},
                              {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("resourceVersion"), rv}}}});
}

QStringList matching(const QStringList &requests, const QString &part)
{
    QStringList out;
    for (const QString &r : requests)
        if (r.contains(part))
            out << r;
    return out;
}

} // namespace

class TestHttpOpaqueRv : public QObject
{
    Q_OBJECT

private slots:
    // The list is at "abc:17". The first watch (from "abc:17") delivers b@"abc:18" and a@"abc:19"
    // and ends: the connection re-watches from "abc:19". That one fails with an ERROR (500), so
    // the Reflector itself watches again from its last resourceVersion (a synthetic number that
    // RestClient sends as "abc:19"), and the stream stays open with a BOOKMARK "abc:20". One list.
    void anInformerResumesFromTheOpaqueResourceVersion()
    {
        std::atomic<int> watches{0};
        ScriptedServer server([&watches](const QByteArray &request) {
            if (!request.contains("watch=true"))
                return podList(QStringLiteral("abc:17"));
            switch (++watches) {
            case 1:
                return watchStream({watchEvent("ADDED", pod(QStringLiteral("b"), QStringLiteral("abc:18"))),
                                    watchEvent("MODIFIED", pod(QStringLiteral("a"), QStringLiteral("abc:19")))}, true);
            case 2:
                return watchStream({watchEvent("ERROR", {{QStringLiteral("kind"), QStringLiteral("Status")}, {QStringLiteral("apiVersion"), QStringLiteral("v1")},
                                                    {QStringLiteral("status"), QStringLiteral("Failure")}, {QStringLiteral("code"), 500},
                                                    {QStringLiteral("reason"), QStringLiteral("InternalError")},
                                                    {QStringLiteral("message"), QStringLiteral("shard moved")}})}, true);
            default:
                return watchStream({bookmark(QStringLiteral("abc:20"))}, false);
            }
        });
        QString error;
        auto client = server.client(&error);
        QVERIFY2(client, qPrintable(error));
        client::SharedIndexInformer informer(*client, byKind(api::Kind::Pod));
        informer.run(client::DriveMode::Threaded);
        QVERIFY(informer.waitForSync(std::chrono::seconds(10)));
        QTRY_COMPARE_WITH_TIMEOUT(watches.load(), 3, 15000);
        // abc:17 → 2^52, abc:18 → +1, abc:19 → +2, abc:20 → +3: "later" is "larger".
        QTRY_COMPARE_WITH_TIMEOUT(informer.lastSyncResourceVersion(), ResourceVersions::SyntheticBase + 3, 10000);
        QStringList keys = informer.indexer().listKeys();
        keys.sort();
        QCOMPARE(keys, (QStringList{QStringLiteral("default/a"), QStringLiteral("default/b")}));
        const QStringList requests = server.requests();
        QCOMPARE(matching(requests, QStringLiteral("watch=true")).size(), 3);
        QCOMPARE(requests.size(), 4);   // one list, three watches: never relisted
        QCOMPARE(requests.at(0), QStringLiteral("GET /api/v1/pods?limit=2"));
        const QString watchFrom = QStringLiteral("GET /api/v1/pods?resourceVersion=%1&watch=true&allowWatchBookmarks=true&timeoutSeconds=");
        QVERIFY2(requests.at(1).startsWith(watchFrom.arg(QStringLiteral("abc%3A17"))), qPrintable(requests.at(1)));   // the list's
        QVERIFY2(requests.at(2).startsWith(watchFrom.arg(QStringLiteral("abc%3A19"))), qPrintable(requests.at(2)));   // the connection's resume
        QVERIFY2(requests.at(3).startsWith(watchFrom.arg(QStringLiteral("abc%3A19"))), qPrintable(requests.at(3)));   // the Reflector's resume
        QCOMPARE(client->counters().watchExpired.load(), 0);
        informer.stop();
        client.reset();
    }

    // A synthetic number the client no longer knows (or never handed out): a list asks for the
    // most recent state, a watch is expired without a request.
    void aForgottenSyntheticNumber()
    {
        ScriptedServer server([](const QByteArray &request) {
            if (request.contains("watch=true"))
                return watchStream({}, false);
            return podList(QStringLiteral("abc:17"));
        });
        QString error;
        auto client = server.client(&error);
        QVERIFY2(client, qPrintable(error));
        const auto pods = byKind(api::Kind::Pod);
        auto first = client->list(pods, QStringLiteral("default"));
        QVERIFY(first.ok());
        QCOMPARE(first.value.resourceVersion, ResourceVersions::SyntheticBase);
        apiserver::ListOptions lo;
        lo.resourceVersion = QString::number(first.value.resourceVersion);
        lo.resourceVersionMatch = QStringLiteral("NotOlderThan");
        QVERIFY(client->list(pods, QStringLiteral("default"), lo).ok());
        lo.resourceVersion = QString::number(ResourceVersions::SyntheticBase + 99);
        auto unknown = client->list(pods, QStringLiteral("default"), lo);
        QVERIFY(unknown.ok());
        QCOMPARE(unknown.value.resourceVersion, ResourceVersions::SyntheticBase);
        QCOMPARE(server.requests(), (QStringList{QStringLiteral("GET /api/v1/namespaces/default/pods?limit=2"),
                                                 QStringLiteral("GET /api/v1/namespaces/default/pods?resourceVersion=abc%3A17&resourceVersionMatch=NotOlderThan&limit=2"),
                                                 QStringLiteral("GET /api/v1/namespaces/default/pods?limit=2")}));

        auto w = client->watch(pods, QStringLiteral("default"), lo);
        QVERIFY(w.ok());   // as a too old resourceVersion: the Reflector relists on the event
        const auto events = w.value->take();
        QCOMPARE(events.size(), std::size_t(1));
        QCOMPARE(events.front().type, apiserver::ApiWatchEvent::Error);
        QCOMPARE(events.front().error.code, 410);
        QVERIFY(w.value->isStopped());
        QCOMPARE(client->counters().watchExpired.load(), 1);
        QCOMPARE(server.requests().size(), 3);   // no watch went out

        lo.resourceVersion = QString::number(ResourceVersions::SyntheticBase);   // known: sent as its string
        lo.resourceVersionMatch.clear();
        auto known = client->watch(pods, QStringLiteral("default"), lo);
        QVERIFY(known.ok());
        QTRY_COMPARE(server.requests().size(), 4);
        QVERIFY2(server.requests().at(3).startsWith(QStringLiteral("GET /api/v1/namespaces/default/pods?resourceVersion=abc%3A17&watch=true")),
                 qPrintable(server.requests().at(3)));
        known.value->stop();
        client.reset();
    }
};

QTEST_GUILESS_MAIN(TestHttpOpaqueRv)
#include "tst_httpopaquerv.moc"
