// SPDX-License-Identifier: Apache-2.0
// Issue #17: requests in flight as kube-apiserver's --max-requests-inflight and
// --max-mutating-requests-inflight (maxinflight.go). The server's one request worker is held
// inside a ConfigMap create (an in-process watch whose notify, run on the writer's thread, waits
// for the test), so the requests that follow stay received-but-unanswered: beyond the limit they
// get 429 with Retry-After: 1 and upstream's text, in request order on a pipelined connection;
// watches take no seat; once the worker is free the admitted requests are answered, a refused
// client that retries succeeds, and the real kubectl rides its retries through (client-go honours
// Retry-After). Raw HTTP/1.1 over QTcpSocket; QTRY_* wait for the server's counters.
#include "core/apiserver/apiwatch.h"
#include "core/server/kubeconfig.h"
#include "tests/e2e/servertestclient.h"

#include <QEventLoop>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <condition_variable>
#include <mutex>
#include <thread>

using namespace rlab;
using namespace rlab::server;
using namespace rlab::test;

namespace {

// Holds the first writer that reaches it (once armed, on another thread than the test's) until
// release(): a request worker stuck in a create, as a slow etcd would keep it.
class WriterGate
{
public:
    std::function<void()> notifier()
    {
        return [this] {
            std::unique_lock lock(m_mutex);
            if (!m_armed || m_entered || std::this_thread::get_id() == m_testThread)
                return;
            m_entered = true;
            m_cv.wait(lock, [this] { return m_released; });
        };
    }
    void arm()
    {
        std::lock_guard lock(m_mutex);
        m_armed = true;
    }
    bool entered()
    {
        std::lock_guard lock(m_mutex);
        return m_entered;
    }
    void release()
    {
        {
            std::lock_guard lock(m_mutex);
            m_released = true;
        }
        m_cv.notify_all();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_armed = false, m_entered = false, m_released = false;
    const std::thread::id m_testThread = std::this_thread::get_id();
};

// Takes one complete response (Content-Length body) off the front of `buffer`.
bool takeResponse(QByteArray &buffer, Response *r)
{
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0)
        return false;
    Response out;
    const QList<QByteArray> lines = buffer.left(end).split('\n');
    out.status = lines.value(0).split(' ').value(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            out.headers.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
    }
    const qsizetype length = out.header("Content-Length").toLongLong();
    if (buffer.size() < end + 4 + length)
        return false;
    out.body = buffer.mid(end + 4, length);
    buffer.remove(0, end + 4 + length);
    *r = out;
    return true;
}

QList<Response> readResponses(QTcpSocket &s, int count, int timeoutMs = 10000)
{
    QList<Response> out;
    QByteArray buffer;
    QElapsedTimer t;
    t.start();
    while (out.size() < count && t.elapsed() < timeoutMs) {
        buffer += s.readAll();   // what the event loop already read in, first
        Response r;
        if (takeResponse(buffer, &r)) {
            out.append(r);
            continue;
        }
        s.waitForReadyRead(100);
    }
    return out;
}

QByteArray configMap(const QString &name)
{
    return QStringLiteral(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"%1"},"data":{"k":"v"}})").arg(name).toUtf8();
}

const QByteArray kConfigMaps = "/api/v1/namespaces/default/configmaps";

HttpLimits inflight(int readOnly, int mutating)
{
    HttpLimits l;
    l.maxRequestsInflight = readOnly;
    l.maxMutatingRequestsInflight = mutating;
    l.requestWorkers = 1;
    return l;
}

} // namespace

class TestKubectlServerInflight : public QObject, public ServerFixture
{
    Q_OBJECT

    WriterGate *m_gate = nullptr;
    std::shared_ptr<apiserver::ApiWatch> m_gateWatch;
    QTcpSocket m_blocked;   // the create the worker is held in

    // Creates `names` first, then sends a create that the only worker stays in until release().
    bool holdTheWorker(const QStringList &names)
    {
        for (const QString &n : names)
            if (http("POST", kConfigMaps, configMap(n), {{"Content-Type", "application/json"}}).status != 201)
                return false;
        m_gate = new WriterGate;
        apiserver::Result<std::shared_ptr<apiserver::ApiWatch>> w =
            m_cluster->api().watch(apiserver::resources::byResource(QString(), QStringLiteral("configmaps")), QStringLiteral("default"),
                                   apiserver::ListOptions{}, m_gate->notifier());
        if (!w.ok())
            return false;
        m_gateWatch = w.value;
        m_gate->arm();
        if (!connectTo(m_blocked))
            return false;
        m_blocked.write(requestBytes("POST", kConfigMaps, configMap(QStringLiteral("held")), {{"Content-Type", "application/json"}}));
        return QTest::qWaitFor([this] { return m_gate->entered(); }, 10000);
    }

    void release()
    {
        if (m_gate)
            m_gate->release();
    }

private slots:
    void cleanup()
    {
        release();
        if (m_gateWatch)
            m_gateWatch->stop();
        m_gateWatch.reset();
        m_blocked.abort();
        stop();
        delete m_gate;
        m_gate = nullptr;
    }

    // A write while the mutating seat is taken: 429, upstream's words, Retry-After: 1; the held
    // create is answered once the worker is free, and the refused one succeeds when retried.
    void mutatingOverTheLimitGets429()
    {
        QVERIFY(startWith(inflight(400, 1)));
        QVERIFY(holdTheWorker({}));
        QCOMPARE(m_server->counters().inflightMutating.load(), 1);
        const Response r = http("POST", kConfigMaps, configMap(QStringLiteral("second")), {{"Content-Type", "application/json"}});
        QCOMPARE(r.status, 429);
        QCOMPARE(r.header("Retry-After"), QByteArray("1"));
        QCOMPARE(r.header("Content-Type"), QByteArray("text/plain; charset=utf-8"));
        QCOMPARE(r.body, QByteArray("Too many requests, please try again later.\n"));
        QCOMPARE(m_server->counters().tooManyRequests.load(), 1);
        // Reads have their own seats: served while the writes are full (the worker is busy, so
        // the GET waits for it: answered after the release).
        QTcpSocket get;
        QVERIFY(connectTo(get));
        get.write(requestBytes("GET", "/version", {}, {}));
        QTRY_COMPARE(m_server->counters().inflightReadOnly.load(), 1);
        release();
        Response held;
        QVERIFY(readResponse(m_blocked, &held));
        QCOMPARE(held.status, 201);
        QCOMPARE(readResponses(get, 1).value(0).status, 200);
        QTRY_COMPARE(m_server->counters().inflightMutating.load(), 0);
        QCOMPARE(http("POST", kConfigMaps, configMap(QStringLiteral("second")), {{"Content-Type", "application/json"}}).status, 201);
    }

    // 5 connections pipeline 4 GETs each with 3 read-only seats: exactly 3 are admitted, 17 get
    // 429, and on every connection the answers keep the request order (a 429 made at once waits
    // for the 200 before it).
    void pipelinedRequestsFromManySockets()
    {
        QVERIFY(startWith(inflight(3, 1)));
        QStringList names;
        for (int c = 0; c < 5; ++c)
            for (int i = 0; i < 4; ++i)
                names << QStringLiteral("cm-%1-%2").arg(c).arg(i);
        QVERIFY(holdTheWorker(names));
        const qint64 before = m_server->counters().requests.load();
        QTcpSocket sockets[5];
        for (int c = 0; c < 5; ++c) {
            QVERIFY(connectTo(sockets[c]));
            QByteArray pipeline;
            for (int i = 0; i < 4; ++i)
                pipeline += requestBytes("GET", kConfigMaps + "/cm-" + QByteArray::number(c) + '-' + QByteArray::number(i), {}, {});
            sockets[c].write(pipeline);
            sockets[c].flush();
        }
        QTRY_COMPARE(m_server->counters().requests.load(), before + 20);
        QCOMPARE(m_server->counters().inflightReadOnly.load(), 3);
        QCOMPARE(m_server->counters().tooManyRequests.load(), 17);
        release();
        int ok = 0, refused = 0;
        for (int c = 0; c < 5; ++c) {
            const QList<Response> rs = readResponses(sockets[c], 4);
            QCOMPARE(rs.size(), 4);
            bool seen429 = false;
            for (int i = 0; i < 4; ++i) {
                if (rs[i].status == 429) {
                    seen429 = true;
                    ++refused;
                    QCOMPARE(rs[i].header("Retry-After"), QByteArray("1"));
                    continue;
                }
                // Admitted before any refusal on this connection (no seat came free meanwhile),
                // and answered in place.
                QVERIFY2(!seen429, "a 200 after a 429 on one connection");
                QCOMPARE(rs[i].status, 200);
                QCOMPARE(rs[i].json()[QLatin1String("metadata")].toObject()[QLatin1String("name")].toString(),
                         QStringLiteral("cm-%1-%2").arg(c).arg(i));
                ++ok;
            }
        }
        QCOMPARE(ok, 3);
        QCOMPARE(refused, 17);
        Response held;
        QVERIFY(readResponse(m_blocked, &held));
        QCOMPARE(held.status, 201);
        QTRY_COMPARE(m_server->counters().inflightReadOnly.load(), 0);
        QCOMPARE(http("GET", kConfigMaps + "/cm-4-3").status, 200);
    }

    // Watches are long-running: with one read-only seat, three open watch streams and a GET.
    void watchesTakeNoSeat()
    {
        QVERIFY(startWith(inflight(1, 1)));
        QTcpSocket watches[3];
        QByteArray buffers[3];
        for (int i = 0; i < 3; ++i) {
            QVERIFY(connectTo(watches[i]));
            watches[i].write(requestBytes("GET", kConfigMaps + "?watch=1", {}, {}));
        }
        QCOMPARE(http("POST", kConfigMaps, configMap(QStringLiteral("w")), {{"Content-Type", "application/json"}}).status, 201);
        for (int i = 0; i < 3; ++i) {
            const QList<QJsonObject> events = readEvents(watches[i], buffers[i], 1);
            QCOMPARE(events.size(), 1);
            QCOMPARE(events[0][QLatin1String("type")].toString(), QStringLiteral("ADDED"));
        }
        QCOMPARE(m_server->counters().openWatches.load(), 3);
        QCOMPARE(http("GET", kConfigMaps).status, 200);
        QCOMPARE(m_server->counters().tooManyRequests.load(), 0);
    }

    // The real kubectl against a full server: client-go retries the 429 after Retry-After and
    // gets its answer once the worker is free.
    void kubectlRetriesThrough()
    {
        const QString kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
        if (kubectl.isEmpty())
            QSKIP("kubectl is not installed");
        QVERIFY(startWith(inflight(1, 1)));
        QVERIFY(holdTheWorker({QStringLiteral("settings")}));
        QTcpSocket seat;   // takes the one read-only seat (waits for the held worker)
        QVERIFY(connectTo(seat));
        seat.write(requestBytes("GET", "/version", {}, {}));
        QTRY_COMPARE(m_server->counters().inflightReadOnly.load(), 1);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QDir(dir.path()).mkpath(QStringLiteral("home"));
        const QString config = dir.filePath(QStringLiteral("kubeconfig"));
        QVERIFY(Kubeconfig::write(config, m_server->url()));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), dir.filePath(QStringLiteral("home")));
        env.remove(QStringLiteral("KUBECONFIG"));
        p.setProcessEnvironment(env);
        p.start(kubectl, {QStringLiteral("--kubeconfig"), config, QStringLiteral("get"), QStringLiteral("configmaps"),
                          QStringLiteral("-o"), QStringLiteral("name")});
        QVERIFY(p.waitForStarted());
        p.closeWriteChannel();
        QTRY_VERIFY_WITH_TIMEOUT(m_server->counters().tooManyRequests.load() >= 1, 30000);
        QCOMPARE(p.state(), QProcess::Running);   // kubectl waits out Retry-After
        release();
        QEventLoop loop;
        connect(&p, &QProcess::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(30000, &loop, &QEventLoop::quit);
        if (p.state() != QProcess::NotRunning)
            loop.exec();
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(p.state() == QProcess::NotRunning && p.exitCode() == 0, qPrintable(out + err));
        QVERIFY2(out.contains(QStringLiteral("configmap/settings")), qPrintable(out + err));
        QVERIFY2(out.contains(QStringLiteral("configmap/held")), qPrintable(out + err));
        qInfo("kubectl got %lld answers of 429 and recovered", m_server->counters().tooManyRequests.load());
    }
};

QTEST_GUILESS_MAIN(TestKubectlServerInflight)
#include "tst_kubectlserver_inflight.moc"
