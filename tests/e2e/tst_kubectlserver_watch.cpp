// SPDX-License-Identifier: Apache-2.0
// Watches over the HTTP API at the protocol level: replay from a resourceVersion with selectors
// and streaming, Table watches and timeoutSeconds, 410 Expired for a compacted resourceVersion,
// and 100 open watches that neither starve other requests nor leak when their clients vanish.
#include "core/api/codec.h"
#include "core/api/pod.h"
#include "core/apiserver/apiserver.h"
#include "core/store/kvstore.h"
#include "tests/e2e/servertestclient.h"

#include <QJsonArray>
#include <QTest>

using namespace rlab;
using namespace rlab::server;
using namespace rlab::test;
#include <thread>
class TestKubectlServerWatch : public QObject, public ServerFixture
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

    void watchReplaysSelectsAndStreams()
    {
        QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("a")), {{"Content-Type", "application/json"}}).status, 201);
        const qint64 rv = m_cluster->api().currentRevision();
        QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("b")), {{"Content-Type", "application/json"}}).status, 201);
        QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("c"), QStringLiteral("db")), {{"Content-Type", "application/json"}}).status, 201);

        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, m_server->port());
        QVERIFY(s.waitForConnected(5000));
        s.write(requestBytes("GET", "/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&resourceVersion=" + QByteArray::number(rv) + "&watch=true", {}, {}));
        QByteArray buffer;
        QList<QJsonObject> events = readEvents(s, buffer, 1);
        QVERIFY(buffer.contains("Transfer-Encoding: chunked"));
        QCOMPARE(events.size(), 1);   // b replayed; c filtered by the selector
        QCOMPARE(events[0][QLatin1String("type")].toString(), QStringLiteral("ADDED"));
        QCOMPARE(events[0][QLatin1String("object")][QLatin1String("metadata")][QLatin1String("name")].toString(), QStringLiteral("b"));
        // Live: a write from another thread reaches the stream.
        std::thread writer([this] {
            api::DecodeResult d = api::decodeObject(QJsonDocument::fromJson(pod(QStringLiteral("d"))).object());
            m_cluster->api().create(std::move(d.object));
        });
        writer.join();
        events = readEvents(s, buffer, 2);
        QCOMPARE(events.size(), 2);
        QCOMPARE(events[1][QLatin1String("object")][QLatin1String("metadata")][QLatin1String("name")].toString(), QStringLiteral("d"));
        QCOMPARE(http("DELETE", "/api/v1/namespaces/default/pods/d").status, 200);
        events = readEvents(s, buffer, 3);
        QCOMPARE(events.size(), 3);
        QCOMPARE(events[2][QLatin1String("type")].toString(), QStringLiteral("DELETED"));
    }

    void tableWatchAndTimeout()
    {
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, m_server->port());
        QVERIFY(s.waitForConnected(5000));
        s.write(requestBytes("GET", "/api/v1/namespaces/default/pods?watch=true&timeoutSeconds=1", {},
                             {{"Accept", "application/json;as=Table;v=v1;g=meta.k8s.io,application/json"}}));
        QVERIFY(s.waitForReadyRead(5000));   // the response headers: the watch is registered
        QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("a")), {{"Content-Type", "application/json"}}).status, 201);
        QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("b")), {{"Content-Type", "application/json"}}).status, 201);
        QByteArray buffer;
        bool ended = false;
        const QList<QJsonObject> events = readEvents(s, buffer, 5, &ended, 4000);
        QCOMPARE(events.size(), 2);
        const QJsonObject first = events[0][QLatin1String("object")].toObject();
        QCOMPARE(first[QLatin1String("kind")].toString(), QStringLiteral("Table"));
        QVERIFY(first[QLatin1String("columnDefinitions")].isArray());
        QCOMPARE(first[QLatin1String("rows")][0][QLatin1String("cells")][0].toString(), QStringLiteral("a"));
        QVERIFY(events[1][QLatin1String("object")][QLatin1String("columnDefinitions")].isNull());
        QVERIFY2(ended, "timeoutSeconds=1 ends the stream with the terminal chunk");
    }

    // Issue #17 item 5: timeoutSeconds * 1000 overflowed an int (2147484 s -> a negative timer);
    // long timeouts now wait in parts. The stream is open and delivers.
    void longWatchTimeouts_data()
    {
        QTest::addColumn<QByteArray>("timeout");
        QTest::newRow("2147484 s") << QByteArray("2147484");
        QTest::newRow("one year") << QByteArray("31536000");
        QTest::newRow("past int64 ms") << QByteArray("9223372036854775");
    }
    void longWatchTimeouts()
    {
        QFETCH(QByteArray, timeout);
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, m_server->port());
        QVERIFY(s.waitForConnected(5000));
        s.write(requestBytes("GET", "/api/v1/namespaces/default/pods?watch=true&timeoutSeconds=" + timeout, {}, {}));
        QVERIFY(s.waitForReadyRead(5000));
        QByteArray buffer = s.readAll();
        QVERIFY2(buffer.startsWith("HTTP/1.1 200"), buffer.constData());
        QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("a")), {{"Content-Type", "application/json"}}).status, 201);
        bool ended = true;
        const QList<QJsonObject> events = readEvents(s, buffer, 1, &ended);
        QCOMPARE(events.size(), 1);
        QVERIFY(!ended);
    }

    void watchTooOldIsExpired()
    {
        for (int i = 0; i < 5; ++i)
            QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("p%1").arg(i)), {{"Content-Type", "application/json"}}).status, 201);
        const qint64 old = m_cluster->api().currentRevision() - 3;
        QCOMPARE(m_cluster->store().compact(m_cluster->api().currentRevision()), store::StoreError::None);
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, m_server->port());
        QVERIFY(s.waitForConnected(5000));
        s.write(requestBytes("GET", "/api/v1/namespaces/default/pods?watch=true&resourceVersion=" + QByteArray::number(old), {}, {}));
        QByteArray buffer;
        bool ended = false;
        const QList<QJsonObject> events = readEvents(s, buffer, 2, &ended);
        QVERIFY(buffer.startsWith("HTTP/1.1 200"));
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0][QLatin1String("type")].toString(), QStringLiteral("ERROR"));
        QCOMPARE(events[0][QLatin1String("object")][QLatin1String("code")].toInt(), 410);
        QCOMPARE(events[0][QLatin1String("object")][QLatin1String("reason")].toString(), QStringLiteral("Expired"));
        QVERIFY(ended);
    }

    void manyWatchesNeitherStarveNorLeak()
    {
        const std::size_t storeWatchersBefore = m_cluster->store().watchers().size();
        std::vector<std::unique_ptr<QTcpSocket>> watchers;
        for (int i = 0; i < 100; ++i) {
            auto s = std::make_unique<QTcpSocket>();
            s->connectToHost(QHostAddress::LocalHost, m_server->port());
            QVERIFY(s->waitForConnected(5000));
            s->write(requestBytes("GET", "/api/v1/namespaces/default/pods?watch=true", {}, {}));
            s->flush();
            watchers.push_back(std::move(s));
        }
        QTRY_COMPARE_WITH_TIMEOUT(m_server->counters().openWatches.load(), qint64(100), 10000);
        QCOMPARE(m_cluster->store().watchers().size(), storeWatchersBefore + 100);
        // Every watcher gets a write, and a plain GET meanwhile is not held up.
        QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("a")), {{"Content-Type", "application/json"}}).status, 201);
        QElapsedTimer t;
        t.start();
        const Response r = http("GET", "/api/v1/nodes");
        const qint64 getMs = t.elapsed();
        QCOMPARE(r.status, 200);
        QVERIFY2(getMs < 2000, qPrintable(QStringLiteral("GET took %1 ms with 100 open watches").arg(getMs)));
        qInfo("GET /api/v1/nodes with 100 open watches: %lld ms", getMs);
        QTRY_COMPARE_WITH_TIMEOUT(m_server->counters().watchEvents.load(), qint64(100), 10000);
        // Clients vanish mid-watch: streams and store watchers go away.
        for (auto &s : watchers)
            s->abort();
        watchers.clear();
        QTRY_COMPARE_WITH_TIMEOUT(m_server->counters().openWatches.load(), qint64(0), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_cluster->store().watchers().size(), storeWatchersBefore, 10000);
        QCOMPARE(http("GET", "/version").status, 200);
    }

};

QTEST_GUILESS_MAIN(TestKubectlServerWatch)
#include "tst_kubectlserver_watch.moc"
