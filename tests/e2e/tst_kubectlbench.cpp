// Figures for issue 7's note, measured (no timed assertions): (1) server time of the Table list
// `kubectl get pods` asks for with 10,000 pods in the namespace, whole and in kubectl's
// limit=500 pages, and the real kubectl's wall time when it is installed; (2) 50 concurrent
// watchers (JSON, all pods of the namespace) while a 1,000-replica Deployment rolls out to a new
// image on a live (threaded) cluster: events delivered per second and the delay from a write
// returning to all 50 clients having its event. CI runs it at a tenth of the size (1,000 pods;
// 10 watchers, 100 replicas) to keep the code exercised; RLAB_BENCH_FULL=1 gives the figures.
#include "core/api/codec.h"
#include "core/api/deployment.h"
#include "core/apiserver/apiserver.h"
#include "core/server/clusterdriver.h"
#include "core/server/httpapiserver.h"
#include "core/server/kubeconfig.h"
#include "core/sim/cluster.h"
#include "core/sim/simulation.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QThread>

#include <algorithm>
#include <chrono>
#include <map>
#include <atomic>
#include <mutex>

using namespace rlab;
using namespace rlab::server;

namespace {

using SteadyClock = std::chrono::steady_clock;

const QByteArray kTableAccept = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";

// One GET on a keep-alive socket; returns the body (Content-Length framed).
QByteArray get(QTcpSocket &s, const QByteArray &path, const QByteArray &accept)
{
    s.write("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: " + accept + "\r\nUser-Agent: rlab-bench\r\n\r\n");
    QByteArray data;
    qsizetype headerEnd = -1;
    qint64 length = -1;
    while (s.waitForReadyRead(30000)) {
        data += s.readAll();
        if (headerEnd < 0 && (headerEnd = data.indexOf("\r\n\r\n")) >= 0) {
            const qsizetype at = data.indexOf("Content-Length: ");
            length = data.mid(at + 16, data.indexOf("\r\n", at) - at - 16).toLongLong();
        }
        if (headerEnd >= 0 && data.size() - headerEnd - 4 >= length)
            return data.mid(headerEnd + 4, length);
    }
    return {};
}

// The watch connections, on their own thread: de-chunks the streams, counts events and records
// when each client first saw each resourceVersion of the "marker" pod.
class WatchFleet : public QObject
{
public:
    void open(quint16 port, int count, qint64 fromRevision)
    {
        for (int i = 0; i < count; ++i) {
            auto *s = new QTcpSocket(this);
            m_buffers[s] = {};
            connect(s, &QTcpSocket::readyRead, this, [this, s] { read(s); });
            s->connectToHost(QHostAddress::LocalHost, port);
            s->waitForConnected(5000);
            s->write("GET /api/v1/namespaces/default/pods?watch=true&resourceVersion=" + QByteArray::number(fromRevision)
                     + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: rlab-bench-watcher\r\n\r\n");
        }
    }
    std::atomic<qint64> m_bytes{0};

    qint64 events() const
    {
        std::lock_guard lock(m_mutex);
        return m_events;
    }
    // resourceVersion -> arrival times (one per client that saw it).
    std::map<qint64, std::vector<SteadyClock::time_point>> markers() const
    {
        std::lock_guard lock(m_mutex);
        return m_markers;
    }

private:
    struct Buffer
    {
        QByteArray data;
        bool headerDone = false;
    };
    void read(QTcpSocket *s)
    {
        Buffer &b = m_buffers[s];
        const QByteArray got = s->readAll();
        m_bytes += got.size();
        b.data += got;
        if (!b.headerDone) {
            const qsizetype end = b.data.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            b.data.remove(0, end + 4);
            b.headerDone = true;
        }
        qint64 count = 0;
        std::vector<qint64> seen;
        qsizetype pos = 0;
        for (;;) {
            const qsizetype eol = b.data.indexOf("\r\n", pos);
            if (eol < 0)
                break;
            const qsizetype size = b.data.mid(pos, eol - pos).toLongLong(nullptr, 16);
            if (size == 0 || b.data.size() < eol + 2 + size + 2)
                break;
            const QByteArrayView chunk(b.data.constData() + eol + 2, size);
            ++count;
            if (chunk.contains("\"name\":\"marker\"")) {
                const qsizetype at = chunk.indexOf("\"resourceVersion\":\"");
                if (at >= 0)
                    seen.push_back(chunk.sliced(at + 19).first(chunk.sliced(at + 19).indexOf('"')).toLongLong());
            }
            pos = eol + 2 + size + 2;
        }
        b.data.remove(0, pos);
        const SteadyClock::time_point now = SteadyClock::now();
        std::lock_guard lock(m_mutex);
        m_events += count;
        for (qint64 rv : seen)
            m_markers[rv].push_back(now);
    }

    std::map<QTcpSocket *, Buffer> m_buffers;
    mutable std::mutex m_mutex;
    qint64 m_events = 0;
    std::map<qint64, std::vector<SteadyClock::time_point>> m_markers;
};

bool full()
{
    return qEnvironmentVariableIsSet("RLAB_BENCH_FULL");
}

} // namespace

class TestKubectlBench : public QObject
{
    Q_OBJECT

private slots:
    void tableListOfManyPods()
    {
        const int pods = full() ? 10000 : 1000;
        Cluster cluster;
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < pods; ++i) {
            const QByteArray json = QStringLiteral(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-%1","labels":{"app":"web"}},"spec":{"nodeName":"node-%2","containers":[{"name":"nginx","image":"nginx:1.25"}]}})")
                                        .arg(i, 5, 10, QLatin1Char('0'))
                                        .arg(i % 3 + 1)
                                        .toUtf8();
            api::DecodeResult d = api::decodeObject(QJsonDocument::fromJson(json).object());
            QVERIFY(cluster.api().create(std::move(d.object)).ok());
        }
        qInfo("created %d pods through the ApiServer in %lld ms", pods, t.elapsed());
        HttpApiServer server(cluster.api(), cluster.clock());
        QVERIFY(server.listen());
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, server.port());
        QVERIFY(s.waitForConnected(5000));

        QByteArray body = get(s, "/api/v1/namespaces/default/pods", kTableAccept);
        QCOMPARE(QJsonDocument::fromJson(body).object().value(QLatin1String("rows")).toArray().size(), pods);
        std::vector<qint64> whole, pages;
        for (int run = 0; run < 5; ++run) {
            t.restart();
            body = get(s, "/api/v1/namespaces/default/pods", kTableAccept);
            whole.push_back(t.elapsed());
        }
        // kubectl's way: limit=500 and continue tokens (20 requests).
        for (int run = 0; run < 3; ++run) {
            QByteArray cont;
            int n = 0;
            t.restart();
            do {
                const QByteArray page = get(s, "/api/v1/namespaces/default/pods?limit=500" + (cont.isEmpty() ? QByteArray() : "&continue=" + cont), kTableAccept);
                cont = QUrl::toPercentEncoding(QJsonDocument::fromJson(page).object()[QLatin1String("metadata")][QLatin1String("continue")].toString());
                ++n;
            } while (!cont.isEmpty());
            pages.push_back(t.elapsed());
            QCOMPARE(n, pods / 500);
        }
        std::sort(whole.begin(), whole.end());
        std::sort(pages.begin(), pages.end());
        qInfo("Table of %d pods in one response (%lld bytes): median %lld ms, min %lld ms", pods, qint64(body.size()), whole[2], whole[0]);
        qInfo("Table of %d pods as kubectl asks (%d x limit=500): median %lld ms total, %lld ms per page", pods, pods / 500, pages[1],
              pages[1] / (pods / 500));

        const QString kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
        if (!kubectl.isEmpty()) {
            QTemporaryDir dir;
            QVERIFY(Kubeconfig::write(dir.filePath(QStringLiteral("config")), server.url()));
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("HOME"), dir.path());
            for (int run = 0; run < 2; ++run) {   // the first run is cold (discovery), the second warm
                QProcess p;
                p.setProcessEnvironment(env);
                t.restart();
                p.start(kubectl, {QStringLiteral("--kubeconfig"), dir.filePath(QStringLiteral("config")), QStringLiteral("get"), QStringLiteral("pods")});
                QVERIFY(p.waitForFinished(120000));
                const qint64 ms = t.elapsed();
                const QByteArray out = p.readAllStandardOutput();
                QCOMPARE(out.count('\n'), pods + 1);
                qInfo("real `kubectl get pods` with %d pods (%s discovery cache): %lld ms wall", pods, run == 0 ? "cold" : "warm", ms);
            }
        }
    }

    void watchersDuringARollout()
    {
        const int replicas = full() ? 1000 : 100;
        const int watchers = full() ? 50 : 10;
        SimulationConfig config;
        config.cluster.nodes = 10;
        config.cluster.maxPods = 250;
        Simulation sim(config);
        HttpApiServer server(sim.api(), sim.clock());
        QVERIFY(server.listen());
        ClusterDriver driver(sim);
        driver.setSpeed(50);
        driver.start();

        const QByteArray deploy = R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"big"},"spec":{"replicas":REPLICAS,"selector":{"matchLabels":{"app":"big"}},"template":{"metadata":{"labels":{"app":"big"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.25"}]}}}})";
        api::DecodeResult d = api::decodeObject(QJsonDocument::fromJson(QByteArray(deploy).replace("REPLICAS", QByteArray::number(replicas))).object());
        QVERIFY(sim.api().create(std::move(d.object)).ok());
        const auto status = [&] { return sim.api().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("big")); };
        QElapsedTimer t;
        t.start();
        const auto available = [&] { auto s = status(); return s && s->status.availableReplicas == replicas; };
        QTRY_VERIFY2_WITH_TIMEOUT(available(), "the replicas never became available", 600000);
        qInfo("%d replicas available after %lld ms real time", replicas, t.elapsed());
        api::DecodeResult m = api::decodeObject(QJsonDocument::fromJson(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"marker","labels":{"app":"marker"}},"spec":{"containers":[{"name":"c","image":"pause"}]}})").object());
        QVERIFY(sim.api().create(std::move(m.object)).ok());

        QThread clientThread;
        clientThread.start();
        auto *fleetPtr = new WatchFleet;
        WatchFleet &fleet = *fleetPtr;
        fleet.moveToThread(&clientThread);
        const qint64 from = sim.api().currentRevision();
        QMetaObject::invokeMethod(&fleet, [&] { fleet.open(server.port(), watchers, from); }, Qt::BlockingQueuedConnection);
        QTRY_COMPARE_WITH_TIMEOUT(server.counters().openWatches.load(), qint64(watchers), 10000);

        const qint64 eventsBefore = server.counters().watchEvents.load();
        const qint64 clientBefore = fleet.events();
        QVERIFY(sim.api().patch(apiserver::resources::byKind(api::Kind::Deployment), QStringLiteral("default"), QStringLiteral("big"),
                                apiserver::PatchType::Strategic,
                                R"({"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.26"}]}}}})")
                    .ok());
        t.restart();
        std::map<qint64, SteadyClock::time_point> written;
        int markerN = 0;
        QTimer markerTimer;   // a marker write every 200 ms while the rollout runs
        connect(&markerTimer, &QTimer::timeout, &markerTimer, [&] {
            const QByteArray patch = QStringLiteral(R"({"metadata":{"annotations":{"n":"%1"}}})").arg(++markerN).toUtf8();
            const SteadyClock::time_point before = SteadyClock::now();
            auto r = sim.api().patch(apiserver::resources::byKind(api::Kind::Pod), QStringLiteral("default"), QStringLiteral("marker"),
                                     apiserver::PatchType::Merge, patch);
            if (r.ok())
                written[r.value->metadata.resourceVersion.toLongLong()] = before;
        });
        markerTimer.start(200);
        const auto rolledOut = [&] {
            auto s = status();
            return s && s->status.observedGeneration == s->metadata.generation && s->status.updatedReplicas == replicas
                   && s->status.replicas == replicas && s->status.availableReplicas == replicas;
        };
        QTRY_VERIFY2_WITH_TIMEOUT(rolledOut(), "the rollout did not complete", 600000);
        markerTimer.stop();
        const qint64 rolloutMs = t.elapsed();
        // Let the streams drain: a last marker write reaches every client.
        t.restart();
        auto last = sim.api().patch(apiserver::resources::byKind(api::Kind::Pod), QStringLiteral("default"), QStringLiteral("marker"),
                                    apiserver::PatchType::Merge, R"({"metadata":{"annotations":{"n":"last"}}})");
        QVERIFY(last.ok());
        const qint64 lastRv = last.value->metadata.resourceVersion.toLongLong();
        written[lastRv] = SteadyClock::now();
        const auto drained = [&] { auto m = fleet.markers(); auto it = m.find(lastRv); return it != m.end() && it->second.size() == std::size_t(watchers); };
        QTRY_VERIFY2_WITH_TIMEOUT(drained(), "the watch streams did not drain", 300000);
        const qint64 drainMs = t.elapsed();
        const qint64 serverEvents = server.counters().watchEvents.load() - eventsBefore;
        const qint64 clientEvents = fleet.events() - clientBefore;
        std::vector<double> latencies;
        int complete = 0;
        const auto markers = fleet.markers();
        for (const auto &[rv, at] : written) {
            auto it = markers.find(rv);
            if (it == markers.end() || it->second.size() < std::size_t(watchers))
                continue;
            ++complete;
            const SteadyClock::time_point last = *std::max_element(it->second.begin(), it->second.end());
            latencies.push_back(std::chrono::duration<double, std::milli>(last - at).count());
        }
        std::sort(latencies.begin(), latencies.end());
        qInfo("%d-replica rollout with %d watchers: %lld ms real (x50 virtual time) + %lld ms until the streams drained; %lld events "
              "written by the server, %lld received by the clients = %.0f events/s delivered",
              replicas, watchers, rolloutMs, drainMs, serverEvents, clientEvents, clientEvents * 1000.0 / qMax<qint64>(1, rolloutMs + drainMs));
        if (!latencies.empty())
            qInfo("write -> event at all %d watchers: median %.1f ms, p90 %.1f ms, max %.1f ms (%d of %zu markers seen by all)", watchers,
                  latencies[latencies.size() / 2], latencies[latencies.size() * 9 / 10], latencies.back(), complete, written.size());
        qInfo("%lld bytes written, %lld read by the clients", server.counters().watchBytes.load(), fleet.m_bytes.load());
        QVERIFY(clientEvents > 0);
        driver.stop();
        server.close();
        fleetPtr->deleteLater();   // on its thread, when the thread's loop ends
        clientThread.quit();
        clientThread.wait();
    }
};

QTEST_GUILESS_MAIN(TestKubectlBench)
#include "tst_kubectlbench.moc"
