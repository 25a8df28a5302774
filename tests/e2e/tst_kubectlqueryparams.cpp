// Query parameters read as kube-apiserver reads them (issue #18 item 6): booleans converted by
// apimachinery's parameter codec (present = true unless "0"/"false" in any case: `?watch=True`
// is a watch), integers by strconv.ParseInt (a 400 with Go's message otherwise),
// ValidateListOptions' table (upstream TestValidateListOptions, at v1.31 where the WatchList
// gate is off), DeleteOptions in the query, and watch bookmarks when asked (the cacher's
// schedule: every minute and 2 s before the timeout). Also the Python client (python3-kubernetes,
// which sends `watch=True&allowWatchBookmarks=True`) watching pods.
#include "core/api/codec.h"
#include "core/apiserver/apiserver.h"
#include "core/apiserver/featuregate.h"
#include "core/apiserver/listoptionsvalidation.h"
#include "core/server/httpapiserver.h"
#include "core/server/queryparameters.h"
#include "core/server/watchstream.h"
#include "core/sim/cluster.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace rlab;
using namespace rlab::apiserver;
using namespace rlab::server;

namespace {
struct Reply
{
    int status = 0;
    bool chunked = false;
    QByteArray body;          // de-chunked
    QList<QJsonObject> events;   // one per chunk, for watches
    bool ended = false;       // the terminal chunk arrived
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

// Reads one HTTP/1.1 response; a chunked one until its terminal chunk or `timeoutMs`.
Reply get(quint16 port, const QByteArray &target, int timeoutMs = 5000)
{
    Reply r;
    QTcpSocket s;
    s.connectToHost(QHostAddress::LocalHost, port);
    if (!s.waitForConnected(5000))
        return r;
    s.write("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: test\r\n\r\n");
    QByteArray data;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        const qsizetype headerEnd = data.indexOf("\r\n\r\n");
        if (headerEnd >= 0) {
            const QByteArray head = data.left(headerEnd);
            r.status = head.split(' ').value(1).toInt();
            r.chunked = head.toLower().contains("transfer-encoding: chunked");
            const QByteArray rest = data.mid(headerEnd + 4);
            if (!r.chunked) {
                const qsizetype cl = head.toLower().indexOf("content-length: ");
                const qint64 len = cl < 0 ? 0 : head.mid(cl + 16, head.indexOf('\r', cl) - cl - 16).toLongLong();
                if (rest.size() >= len) {
                    r.body = rest.left(len);
                    return r;
                }
            } else {
                r.body.clear();
                r.events.clear();
                qsizetype pos = 0;
                for (;;) {
                    const qsizetype eol = rest.indexOf("\r\n", pos);
                    if (eol < 0)
                        break;
                    const qsizetype size = rest.mid(pos, eol - pos).toLongLong(nullptr, 16);
                    if (size == 0) {
                        r.ended = rest.size() >= eol + 4;
                        break;
                    }
                    if (rest.size() < eol + 2 + size + 2)
                        break;
                    const QByteArray chunk = rest.mid(eol + 2, size);
                    r.body += chunk;
                    r.events.append(QJsonDocument::fromJson(chunk).object());
                    pos = eol + 2 + size + 2;
                }
                if (r.ended)
                    return r;
            }
        }
        if (s.waitForReadyRead(50))
            data += s.readAll();
    }
    return r;
}

const char *kPod = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"%1"},"spec":{"containers":[{"name":"c","image":"nginx"}]}})";
} // namespace

class TestKubectlQueryParams : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_cluster = std::make_unique<Cluster>();
        for (const char *name : {"a", "b"}) {
            const QJsonObject pod = QJsonDocument::fromJson(QString::fromLatin1(kPod).arg(QLatin1String(name)).toUtf8()).object();
            QVERIFY(m_cluster->api().create(api::decodeObject(pod).object).ok());
        }
        m_server = std::make_unique<HttpApiServer>(m_cluster->api(), m_cluster->clock());
        QString error;
        QVERIFY2(m_server->listen(QHostAddress(QHostAddress::LocalHost), 0, &error), qPrintable(error));
    }
    void cleanup()
    {
        m_server.reset();
        m_cluster.reset();
    }

    // runtime.Convert_Slice_string_To_bool
    void booleans_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<bool>("expected");
        QTest::newRow("absent") << "" << false;
        QTest::newRow("true") << "watch=true" << true;
        QTest::newRow("True (Python)") << "watch=True" << true;
        QTest::newRow("TRUE") << "watch=TRUE" << true;
        QTest::newRow("t") << "watch=t" << true;
        QTest::newRow("1") << "watch=1" << true;
        QTest::newRow("yes") << "watch=yes" << true;
        QTest::newRow("empty value") << "watch=" << true;
        QTest::newRow("no value") << "watch" << true;
        QTest::newRow("false") << "watch=false" << false;
        QTest::newRow("False") << "watch=False" << false;
        QTest::newRow("FALSE") << "watch=FALSE" << false;
        QTest::newRow("0") << "watch=0" << false;
        QTest::newRow("first value wins") << "watch=0&watch=1" << false;
        QTest::newRow("plus is a space") << "watch=+" << true;
        QTest::newRow("escaped") << "watch=%46alse" << false;
        QTest::newRow("semicolon pair dropped") << "watch=1;x=2" << false;
    }
    void booleans()
    {
        QFETCH(QString, query);
        QFETCH(bool, expected);
        QCOMPARE(QueryParameters::parse(query).flag(QStringLiteral("watch")), expected);
    }

    // strconv.ParseInt(s, 10, 64) and its error text.
    void integers_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("value");
        QTest::addColumn<QString>("error");
        const auto bad = [](const char *s, const char *why) {
            return QStringLiteral("strconv.ParseInt: parsing \"%1\": %2").arg(QLatin1String(s), QLatin1String(why));
        };
        QTest::newRow("10") << "10" << qint64(10) << QString();
        QTest::newRow("+10") << "+10" << qint64(10) << QString();
        QTest::newRow("-10") << "-10" << qint64(-10) << QString();
        QTest::newRow("leading zeros") << "007" << qint64(7) << QString();
        QTest::newRow("max") << "9223372036854775807" << qint64(9223372036854775807LL) << QString();
        QTest::newRow("min") << "-9223372036854775808" << std::numeric_limits<qint64>::min() << QString();
        QTest::newRow("max + 1") << "9223372036854775808" << qint64(0) << bad("9223372036854775808", "value out of range");
        QTest::newRow("min - 1") << "-9223372036854775809" << qint64(0) << bad("-9223372036854775809", "value out of range");
        QTest::newRow("beyond uint64, then junk") << "99999999999999999999x" << qint64(0) << bad("99999999999999999999x", "value out of range");
        QTest::newRow("int64 overflow, then junk") << "9300000000000000000x" << qint64(0) << bad("9300000000000000000x", "invalid syntax");
        QTest::newRow("empty") << "" << qint64(0) << bad("", "invalid syntax");
        QTest::newRow("sign only") << "-" << qint64(0) << bad("-", "invalid syntax");
        QTest::newRow("exponent") << "1e3" << qint64(0) << bad("1e3", "invalid syntax");
        QTest::newRow("hex") << "0x10" << qint64(0) << bad("0x10", "invalid syntax");
        QTest::newRow("underscore") << "1_000" << qint64(0) << bad("1_000", "invalid syntax");
        QTest::newRow("space") << " 5" << qint64(0) << bad(" 5", "invalid syntax");
        QTest::newRow("decimal") << "1.5" << qint64(0) << bad("1.5", "invalid syntax");
    }
    void integers()
    {
        QFETCH(QString, text);
        QFETCH(qint64, value);
        QFETCH(QString, error);
        QString err;
        const std::optional<qint64> v = QueryParameters::parseInt64(text, &err);
        QCOMPARE(err, error);
        QCOMPARE(v.has_value(), error.isEmpty());
        if (v)
            QCOMPARE(*v, value);
    }

    // Upstream TestValidateListOptions (apimachinery internalversion/validation).
    void validateListOptions_data()
    {
        QTest::addColumn<bool>("watch");
        QTest::addColumn<QString>("rv");
        QTest::addColumn<QString>("match");
        QTest::addColumn<int>("initial");   // -1 unset, 0 false, 1 true
        QTest::addColumn<bool>("watchList");
        QTest::addColumn<QStringList>("errors");
        const QString sieRequires = QStringLiteral("resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan");
        const QString gateOff = QStringLiteral("sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled");
        QTest::newRow("valid-default") << false << "" << "" << -1 << false << QStringList{};
        QTest::newRow("valid-resourceversionmatch-exact") << false << "1" << "Exact" << -1 << false << QStringList{};
        QTest::newRow("invalid-resourceversionmatch-exact") << false << "0" << "Exact" << -1 << false
            << QStringList{QStringLiteral("resourceVersionMatch: Forbidden: resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\"")};
        QTest::newRow("valid-resourceversionmatch-notolderthan") << false << "0" << "NotOlderThan" << -1 << false << QStringList{};
        QTest::newRow("invalid-resourceversionmatch") << false << "0" << "foo" << -1 << false
            << QStringList{QStringLiteral("resourceVersionMatch: Unsupported value: \"foo\": supported values: \"Exact\", \"NotOlderThan\", \"\"")};
        QTest::newRow("list-sendInitialEvents-forbidden") << false << "" << "" << 1 << false
            << QStringList{QStringLiteral("sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list")};
        QTest::newRow("valid-watch-default") << true << "" << "" << -1 << false << QStringList{};
        QTest::newRow("valid-watch-sendInitialEvents-on") << true << "" << "NotOlderThan" << 1 << true << QStringList{};
        QTest::newRow("valid-watch-sendInitialEvents-off") << true << "" << "NotOlderThan" << 0 << true << QStringList{};
        QTest::newRow("watch-resourceversionmatch-without-sendInitialEvents-forbidden") << true << "" << "NotOlderThan" << -1 << false
            << QStringList{QStringLiteral("resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided")};
        QTest::newRow("watch-sendInitialEvents-without-resourceversionmatch-forbidden") << true << "" << "" << 1 << false
            << QStringList{sieRequires, gateOff};
        QTest::newRow("watch-sendInitialEvents-with-exact-resourceversionmatch-forbidden") << true << "" << "Exact" << 1 << true
            << QStringList{sieRequires, QStringLiteral("resourceVersionMatch: Unsupported value: \"Exact\": supported values: \"NotOlderThan\"")};
        QTest::newRow("watch-sendInitialEvents-on-with-empty-resourceversionmatch-forbidden") << true << "" << "" << 1 << false
            << QStringList{sieRequires, gateOff};
        QTest::newRow("watch-sendInitialEvents-off-with-empty-resourceversionmatch-forbidden") << true << "" << "" << 0 << false
            << QStringList{sieRequires, gateOff};
        QTest::newRow("watch-sendInitialEvents-with-incorrect-resourceversionmatch-forbidden") << true << "" << "incorrect" << 1 << true
            << QStringList{sieRequires, QStringLiteral("resourceVersionMatch: Unsupported value: \"incorrect\": supported values: \"NotOlderThan\"")};
    }
    void validateListOptions()
    {
        QFETCH(bool, watch);
        QFETCH(QString, rv);
        QFETCH(QString, match);
        QFETCH(int, initial);
        QFETCH(bool, watchList);
        QFETCH(QStringList, errors);
        ListOptions o;
        o.resourceVersion = rv;
        o.resourceVersionMatch = match;
        if (initial >= 0)
            o.sendInitialEvents = initial == 1;
        QStringList got;
        for (const api::FieldError &e : apiserver::validateListOptions(o, watch, watchList))
            got << e.message();
        QCOMPARE(got, errors);
    }

    void watchListGateFollowsTheVersion_data()
    {
        QTest::addColumn<int>("minor");
        QTest::addColumn<bool>("on");
        QTest::newRow("1.27 alpha") << 27 << false;
        QTest::newRow("1.31") << 31 << false;
        QTest::newRow("1.32 beta on") << 32 << true;
        QTest::newRow("1.33 beta off again") << 33 << false;
        QTest::newRow("1.34") << 34 << true;
    }
    void watchListGateFollowsTheVersion()
    {
        QFETCH(int, minor);
        QFETCH(bool, on);
        QCOMPARE(FeatureGate::enabled(FeatureGate::WatchList, KubeVersion{1, minor, 0}), on);
    }

    // Over HTTP: what a list or a watch answers for each way of writing the parameters.
    void http_data()
    {
        QTest::addColumn<QByteArray>("query");
        QTest::addColumn<int>("status");
        QTest::addColumn<bool>("watch");
        QTest::addColumn<QString>("message");
        QTest::newRow("watch=True watches") << QByteArray("watch=True&timeoutSeconds=1") << 200 << true << QString();
        QTest::newRow("bare watch watches") << QByteArray("watch&timeoutSeconds=1") << 200 << true << QString();
        QTest::newRow("watch=t watches") << QByteArray("watch=t&timeoutSeconds=1") << 200 << true << QString();
        QTest::newRow("watch=False lists") << QByteArray("watch=False") << 200 << false << QString();
        QTest::newRow("watch=0 lists") << QByteArray("watch=0") << 200 << false << QString();
        QTest::newRow("limit=1 pages") << QByteArray("limit=1") << 200 << false << QString();
        QTest::newRow("bad limit") << QByteArray("limit=ten") << 400 << false
                                   << QStringLiteral("strconv.ParseInt: parsing \"ten\": invalid syntax");
        QTest::newRow("timeoutSeconds out of range") << QByteArray("watch=1&timeoutSeconds=99999999999999999999") << 400 << false
                                                     << QStringLiteral("strconv.ParseInt: parsing \"99999999999999999999\": value out of range");
        QTest::newRow("match without resourceVersion") << QByteArray("resourceVersionMatch=Exact") << 422 << false
            << QStringLiteral("ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided");
        QTest::newRow("sendInitialEvents at v1.31") << QByteArray("watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true")
            << 422 << false
            << QStringLiteral("ListOptions.meta.k8s.io \"\" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled");
        QTest::newRow("sendInitialEvents on a list") << QByteArray("sendInitialEvents=false") << 422 << false
            << QStringLiteral("ListOptions.meta.k8s.io \"\" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list");
    }
    void http()
    {
        QFETCH(QByteArray, query);
        QFETCH(int, status);
        QFETCH(bool, watch);
        QFETCH(QString, message);
        const Reply r = get(m_server->port(), "/api/v1/namespaces/default/pods?" + query);
        QCOMPARE(r.status, status);
        QCOMPARE(r.chunked, watch);
        if (watch) {
            QVERIFY(r.ended);
            QCOMPARE(r.events.size(), 2);   // ADDED a, ADDED b, then the 1 s timeout
            QCOMPARE(r.events[0][QLatin1String("type")].toString(), QStringLiteral("ADDED"));
        } else if (status == 200) {
            QCOMPARE(r.json()[QLatin1String("kind")].toString(), QStringLiteral("PodList"));
            QCOMPARE(r.json()[QLatin1String("items")].toArray().size(), query == "limit=1" ? 1 : 2);
        } else {
            QCOMPARE(r.json()[QLatin1String("kind")].toString(), QStringLiteral("Status"));
            QCOMPARE(r.json()[QLatin1String("message")].toString(), message);
        }
    }

    void deleteOptionsInTheQuery()
    {
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, m_server->port());
        QVERIFY(s.waitForConnected(5000));
        s.write("DELETE /api/v1/namespaces/default/pods/a?gracePeriodSeconds=soon HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        QVERIFY(s.waitForReadyRead(5000));
        QByteArray data = s.readAll();
        QVERIFY2(data.startsWith("HTTP/1.1 400"), data.constData());
        QVERIFY(data.contains("strconv.ParseInt: parsing \\\"soon\\\": invalid syntax"));
        QVERIFY(m_cluster->api().get(resources::byKind(api::Kind::Pod), QStringLiteral("default"), QStringLiteral("a")).ok());
    }

    // cacher.go nextBookmarkTime: every minute, and 2 s before the deadline; none once past it.
    void bookmarkSchedule_data()
    {
        QTest::addColumn<qint64>("elapsed");
        QTest::addColumn<qint64>("timeout");
        QTest::addColumn<qint64>("delay");
        QTest::newRow("no deadline") << qint64(0) << qint64(0) << qint64(60000);
        QTest::newRow("no deadline, later") << qint64(125000) << qint64(0) << qint64(60000);
        QTest::newRow("long deadline") << qint64(0) << qint64(300000) << qint64(60000);
        QTest::newRow("deadline first") << qint64(0) << qint64(30000) << qint64(28000);
        QTest::newRow("near the deadline") << qint64(250000) << qint64(300000) << qint64(48000);
        QTest::newRow("at the pre-timeout point") << qint64(28000) << qint64(30000) << qint64(0);
        QTest::newRow("past it") << qint64(29000) << qint64(30000) << qint64(-1);
        QTest::newRow("timeout under 2 s") << qint64(0) << qint64(1000) << qint64(-1);
    }
    void bookmarkSchedule()
    {
        QFETCH(qint64, elapsed);
        QFETCH(qint64, timeout);
        QFETCH(qint64, delay);
        QCOMPARE(WatchStream::nextBookmarkDelayMs(elapsed, timeout), delay);
    }

    // allowWatchBookmarks=true (any true spelling) with timeoutSeconds=3: the initial events,
    // one BOOKMARK 2 s before the deadline at the current revision, then the end. Without it: none.
    void bookmarksWhenAsked_data()
    {
        QTest::addColumn<QByteArray>("allow");
        QTest::addColumn<bool>("bookmark");
        QTest::newRow("allowWatchBookmarks=True") << QByteArray("&allowWatchBookmarks=True") << true;
        QTest::newRow("not asked") << QByteArray() << false;
    }
    void bookmarksWhenAsked()
    {
        QFETCH(QByteArray, allow);
        QFETCH(bool, bookmark);
        const Reply r = get(m_server->port(), "/api/v1/namespaces/default/pods?watch=1&timeoutSeconds=3" + allow, 8000);
        QVERIFY(r.ended);
        QCOMPARE(r.events.size(), bookmark ? 3 : 2);
        if (bookmark) {
            const QJsonObject b = r.events[2];
            QCOMPARE(b[QLatin1String("type")].toString(), QStringLiteral("BOOKMARK"));
            QCOMPARE(b[QLatin1String("object")][QLatin1String("kind")].toString(), QStringLiteral("Pod"));
            QCOMPARE(b[QLatin1String("object")][QLatin1String("metadata")][QLatin1String("resourceVersion")].toString(),
                     QString::number(m_cluster->api().currentRevision()));
        }
    }

    // A Kubernetes client library other than kubectl: the Python client sends watch=True.
    void pythonClientWatches()
    {
        // Debian's package installs for /usr/bin/python3, which a pyenv in PATH may hide.
        QString python;
        for (const QString &candidate : {QStringLiteral("python3"), QStringLiteral("/usr/bin/python3")}) {
            QProcess probe;
            probe.start(candidate, {QStringLiteral("-c"), QStringLiteral("import kubernetes")});
            if (probe.waitForFinished(20000) && probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0) {
                python = candidate;
                break;
            }
        }
        if (python.isEmpty())
            QSKIP("python3-kubernetes is not installed (apt-get install python3-kubernetes)");
        const QString script = QStringLiteral(R"(
import sys
from kubernetes import client, watch
cfg = client.Configuration()
cfg.host = sys.argv[1]
api = client.CoreV1Api(client.ApiClient(cfg))
for ev in watch.Watch().stream(api.list_namespaced_pod, "default", timeout_seconds=3, allow_watch_bookmarks=True):
    o = ev["object"]
    if isinstance(o, dict):   # a BOOKMARK stays raw
        print(ev["type"], o["metadata"].get("name", "-"), o["metadata"]["resourceVersion"], flush=True)
    else:
        print(ev["type"], o.metadata.name, o.metadata.resource_version, flush=True)
)");
        QProcess py;
        py.start(python, {QStringLiteral("-c"), script, m_server->url()});
        QVERIFY(py.waitForStarted(10000));
        QVERIFY(py.waitForFinished(30000));
        const QString out = QString::fromUtf8(py.readAllStandardOutput());
        QVERIFY2(py.exitCode() == 0, qPrintable(out + QString::fromUtf8(py.readAllStandardError())));
        const QStringList lines = out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines[0].startsWith(QLatin1String("ADDED a ")));
        QVERIFY(lines[1].startsWith(QLatin1String("ADDED b ")));
        QCOMPARE(lines[2], QStringLiteral("BOOKMARK - %1").arg(m_cluster->api().currentRevision()));
    }

private:
    std::unique_ptr<Cluster> m_cluster;
    std::unique_ptr<HttpApiServer> m_server;
};

QTEST_GUILESS_MAIN(TestKubectlQueryParams)
#include "tst_kubectlqueryparams.moc"
