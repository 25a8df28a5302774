// The HTTP API for kubectl at the protocol level (issue 7), without kubectl: discovery, OpenAPI,
// Table responses, watches (replay, 410 Expired, selectors), writes, Status errors, the body
// limit, bad bodies, bearer tokens, the trace, and that 100 open watches neither starve other
// requests nor leak when their clients vanish. Raw HTTP/1.1 over QTcpSocket against an
// HttpApiServer on a free loopback port, in front of a Cluster (no controllers: nothing moves
// unless the test writes).
#include "core/api/codec.h"
#include "core/api/pod.h"
#include "core/apiserver/apiserver.h"
#include "core/server/httpapiserver.h"
#include "core/server/servecommand.h"
#include "core/kubectl/tableprinter.h"
#include "core/sim/cluster.h"
#include "core/store/kvstore.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFile>
#include <QSslSocket>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>
#include <thread>

using namespace rlab;
using namespace rlab::server;
using rlab::kubectl::TablePrinter;

namespace {

struct Response
{
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    bool chunked = false;
    QByteArray header(const QByteArray &name) const
    {
        for (const auto &h : headers)
            if (h.first.compare(name, Qt::CaseInsensitive) == 0)
                return h.second;
        return {};
    }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

using Headers = QList<QPair<QByteArray, QByteArray>>;

QByteArray requestBytes(const QByteArray &method, const QByteArray &path, const QByteArray &body, const Headers &headers)
{
    QByteArray req = method + ' ' + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: kubectl/v1.31.9 (linux/amd64) kubernetes/8f38003\r\n";
    for (const auto &h : headers)
        req += h.first + ": " + h.second + "\r\n";
    if (!body.isEmpty() || method == "POST" || method == "PUT" || method == "PATCH")
        req += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    return req + "\r\n" + body;
}

// Decodes one chunked body from `data`; false while incomplete.
bool dechunk(const QByteArray &data, QByteArray *body, QList<QByteArray> *chunks = nullptr)
{
    qsizetype pos = 0;
    body->clear();
    for (;;) {
        const qsizetype eol = data.indexOf("\r\n", pos);
        if (eol < 0)
            return false;
        bool ok = false;
        const qsizetype size = data.mid(pos, eol - pos).toLongLong(&ok, 16);
        if (!ok)
            return false;
        if (size == 0)
            return data.size() >= eol + 4;
        if (data.size() < eol + 2 + size + 2)
            return false;
        const QByteArray chunk = data.mid(eol + 2, size);
        *body += chunk;
        if (chunks)
            chunks->append(chunk);
        pos = eol + 2 + size + 2;
    }
}

// Reads one response from the socket: headers, then Content-Length bytes or a whole chunked body.
bool readResponse(QTcpSocket &s, Response *r, int timeoutMs = 10000)
{
    QByteArray data;
    QElapsedTimer t;
    t.start();
    qsizetype headerEnd = -1;
    while (t.elapsed() < timeoutMs) {
        if (headerEnd < 0) {
            headerEnd = data.indexOf("\r\n\r\n");
            if (headerEnd >= 0) {
                const QList<QByteArray> lines = data.left(headerEnd).split('\n');
                r->status = lines.value(0).split(' ').value(1).toInt();
                for (qsizetype i = 1; i < lines.size(); ++i) {
                    const QByteArray line = lines[i].trimmed();
                    const qsizetype colon = line.indexOf(':');
                    if (colon > 0)
                        r->headers.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
                }
                r->chunked = r->header("Transfer-Encoding") == "chunked";
            }
        }
        if (headerEnd >= 0) {
            const QByteArray rest = data.mid(headerEnd + 4);
            if (r->chunked) {
                if (dechunk(rest, &r->body))
                    return true;
            } else if (rest.size() >= r->header("Content-Length").toLongLong()) {
                r->body = rest.left(r->header("Content-Length").toLongLong());
                return true;
            }
        }
        if (!s.waitForReadyRead(qMax(1, int(timeoutMs - t.elapsed()))))
            return false;
        data += s.readAll();
    }
    return false;
}

const char *kPodJson = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"%1","labels":{"app":"%2"}},"spec":{"containers":[{"name":"c","image":"nginx"}]}})";

} // namespace

class TestKubectlServer : public QObject
{
    Q_OBJECT

public:
    Response http(const QByteArray &method, const QByteArray &path, const QByteArray &body = {}, const Headers &headers = {})
    {
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, m_server->port());
        Response r;
        if (!s.waitForConnected(5000))
            return r;
        s.write(requestBytes(method, path, body, headers));
        readResponse(s, &r);
        return r;
    }

    QByteArray pod(const QString &name, const QString &app = QStringLiteral("web"))
    {
        return QString::fromLatin1(kPodJson).arg(name, app).toUtf8();
    }

    // Reads watch events (one JSON object per chunk) until `count` arrived or the stream ended.
    QList<QJsonObject> readEvents(QTcpSocket &s, QByteArray &buffer, int count, bool *ended = nullptr, int timeoutMs = 5000)
    {
        QElapsedTimer t;
        t.start();
        for (;;) {
            const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
            QList<QJsonObject> events;
            bool done = false;
            if (headerEnd >= 0) {
                QByteArray body;
                QList<QByteArray> chunks;
                done = dechunk(buffer.mid(headerEnd + 4), &body, &chunks);
                for (const QByteArray &c : chunks) {
                    if (!c.endsWith('\n'))
                        qWarning("watch chunk without its newline");
                    events.append(QJsonDocument::fromJson(c).object());
                }
            }
            if (ended)
                *ended = done;
            if (events.size() >= count || done || t.elapsed() > timeoutMs)
                return events;
            if (s.waitForReadyRead(100))
                buffer += s.readAll();
        }
    }

private slots:
    void init()
    {
        m_cluster = std::make_unique<Cluster>();
        m_server = std::make_unique<HttpApiServer>(m_cluster->api(), m_cluster->clock());
        QString error;
        QVERIFY2(m_server->listen(QHostAddress(QHostAddress::LocalHost), 0, &error), qPrintable(error));
        QVERIFY(m_server->port() != 0);
    }

    void cleanup()
    {
        m_server.reset();
        m_cluster.reset();
    }

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
        QCOMPARE(http("GET", "/openapi/v2?timeout=32s", {}, {{"Accept", "application/com.github.proto-openapi.spec.v2@v1.0+protobuf"}}).status, 404);
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

    void bearerToken()
    {
        HttpApiServer secured(m_cluster->api(), m_cluster->clock());
        secured.setBearerToken("s3cret");
        QVERIFY(secured.listen(QHostAddress(QHostAddress::LocalHost), 0));
        const auto get = [&](const QByteArray &path, const Headers &h) {
            QTcpSocket s;
            s.connectToHost(QHostAddress::LocalHost, secured.port());
            Response r;
            if (s.waitForConnected(5000)) {
                s.write(requestBytes("GET", path, {}, h));
                readResponse(s, &r);
            }
            return r;
        };
        Response r = get("/api/v1/nodes", {});
        QCOMPARE(r.status, 401);
        QCOMPARE(r.json()[QLatin1String("reason")].toString(), QStringLiteral("Unauthorized"));
        QCOMPARE(get("/api/v1/nodes", {{"Authorization", "Bearer wrong"}}).status, 401);
        QCOMPARE(get("/api/v1/nodes", {{"Authorization", "Bearer s3cret"}}).status, 200);
        QCOMPARE(get("/version", {}).status, 200);   // public, as on a real cluster
    }

    void requestsAreTracedWithTheUserAgent()
    {
        const qint64 before = m_cluster->trace().lastSeq();
        QCOMPARE(http("POST", "/api/v1/namespaces/default/pods", pod(QStringLiteral("a")), {{"Content-Type", "application/json"}}).status, 201);
        QCOMPARE(http("GET", "/api/v1/namespaces/default/pods?limit=500").status, 200);
        bool sawHttp = false, sawCreate = false, sawList = false;
        for (const TraceEvent &e : m_cluster->trace().since(before)) {
            if (e.type == QLatin1String("HttpRequest") && e.text == QStringLiteral("kubectl/v1.31.9 (linux/amd64) POST /api/v1/namespaces/default/pods \u2192 201"))
                sawHttp = true;
            if (e.type == QLatin1String("HttpRequest") && e.text.endsWith(QStringLiteral("GET /api/v1/namespaces/default/pods?limit=500 \u2192 200")))
                sawList = true;
            if (e.type == QLatin1String("Request") && e.detail[QLatin1String("verb")] == QLatin1String("create")
                && e.detail[QLatin1String("userAgent")] == QLatin1String("kubectl/v1.31.9 (linux/amd64)"))
                sawCreate = true;
        }
        QVERIFY(sawHttp);
        QVERIFY(sawList);
        QVERIFY(sawCreate);
    }

    void serveCommandArguments()
    {
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        QCOMPARE(serveCommand({QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0")}, out, err), 2);
        QVERIFY2(errText.contains(QLatin1String("--allow-remote")), qPrintable(errText));
        QCOMPARE(serveCommand({QStringLiteral("--speed"), QStringLiteral("0")}, out, err), 2);
        QCOMPARE(serveCommand({QStringLiteral("--listen"), QStringLiteral("nonsense")}, out, err), 2);
        QCOMPARE(serveCommand({QStringLiteral("--bogus")}, out, err), 2);
        QCOMPARE(serveCommand({QStringLiteral("--help")}, out, err), 0);
        QVERIFY(outText.contains(QLatin1String("usage: rlab serve")));
    }

    void serveCommandStartsFromAScenario()
    {
        QTemporaryDir dir;
        const QString scenario = qEnvironmentVariable("RLAB_SOURCE_DIR", QStringLiteral(".")) + QStringLiteral("/resources/scenarios/first-apply.yaml");
        if (!QFile::exists(scenario))
            QSKIP("resources/scenarios/first-apply.yaml not found (RLAB_SOURCE_DIR)");
        int deployments = -1;
        QTimer::singleShot(800, [&] {
            QFile f(dir.filePath(QStringLiteral("config")));
            if (!f.open(QIODevice::ReadOnly))
                return;
            const QByteArray config = f.readAll();
            const qsizetype at = config.indexOf("    server: http://127.0.0.1:");
            const quint16 port = config.mid(at + 29, config.indexOf('\n', at) - at - 29).toUShort();
            QTcpSocket s;
            s.connectToHost(QHostAddress::LocalHost, port);
            Response r;
            if (s.waitForConnected(5000)) {
                s.write(requestBytes("GET", "/apis/apps/v1/namespaces/default/deployments", {}, {}));
                readResponse(s, &r);
                deployments = int(r.json()[QLatin1String("items")].toArray().size());
            }
        });
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        QCOMPARE(serveCommand({QStringLiteral("--scenario"), scenario, QStringLiteral("--kubeconfig"), dir.filePath(QStringLiteral("config")),
                               QStringLiteral("--exit-after"), QStringLiteral("1.5")},
                              out, err),
                 0);
        QVERIFY2(deployments >= 1, qPrintable(outText + errText));   // the scenario's state is served
        QVERIFY2(outText.contains(QLatin1String("is serving the Kubernetes API")), qPrintable(outText));
        QCOMPARE(serveCommand({QStringLiteral("--scenario"), dir.filePath(QStringLiteral("missing.yaml"))}, out, err), 2);
    }

    void serveCommandServesAndWritesAKubeconfig_data()
    {
        QTest::addColumn<QString>("listen");
        QTest::addColumn<bool>("remote");
        QTest::newRow("loopback") << QStringLiteral("127.0.0.1:0") << false;
        QTest::newRow("all interfaces, token") << QStringLiteral("0.0.0.0:0") << true;
    }
    void serveCommandServesAndWritesAKubeconfig()
    {
        QFETCH(QString, listen);
        QFETCH(bool, remote);
        QTemporaryDir dir;
        const QString kubeconfig = dir.filePath(QStringLiteral("kube/config"));
        int withoutToken = 0, withToken = 0;
        QByteArray config;
        // Runs inside serveCommand's event loop; the server answers on its own thread.
        QTimer::singleShot(1000, [&] {
            QFile f(kubeconfig);
            if (!f.open(QIODevice::ReadOnly))
                return;
            config = f.readAll();
            const qsizetype at = config.indexOf("    server: ");
            const QByteArray url = config.mid(at + 12, config.indexOf('\n', at) - at - 12);
            const quint16 port = url.mid(url.lastIndexOf(':') + 1).toUShort();
            const qsizetype t = config.indexOf("token: ");
            const QByteArray token = t < 0 ? QByteArray() : config.mid(t + 7, config.indexOf('\n', t) - t - 7);
            const bool https = config.contains("server: https://");
            const auto get = [&](const Headers &h) {
                QSslSocket s;
                Response r;
                if (https) {
                    s.setPeerVerifyMode(QSslSocket::VerifyNone);   // the test checks the token, not the certificate
                    s.connectToHostEncrypted(QStringLiteral("127.0.0.1"), port);
                } else {
                    s.connectToHost(QHostAddress::LocalHost, port);
                }
                if (https ? s.waitForEncrypted(5000) : s.waitForConnected(5000)) {
                    s.write(requestBytes("GET", "/api/v1/nodes", {}, h));
                    readResponse(s, &r);
                }
                return r.status;
            };
            withoutToken = get({});
            withToken = get({{"Authorization", "Bearer " + token}});
        });
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        QStringList args{QStringLiteral("--listen"), listen, QStringLiteral("--kubeconfig"), kubeconfig, QStringLiteral("--speed"),
                         QStringLiteral("10"), QStringLiteral("--exit-after"), QStringLiteral("1.5")};
        if (remote)
            args << QStringLiteral("--allow-remote");
        QCOMPARE(serveCommand(args, out, err), 0);
        QVERIFY2(outText.contains(QStringLiteral("export KUBECONFIG=") + kubeconfig), qPrintable(outText));
        QVERIFY2(config.contains("current-context: reconcile-lab"), config.constData());
        QCOMPARE(QFile::permissions(kubeconfig) & (QFileDevice::ReadGroup | QFileDevice::ReadOther), QFileDevice::Permissions());
        QCOMPARE(config.contains("token: "), remote);
        QCOMPARE(config.contains("server: https://"), remote);   // kubectl sends tokens only over TLS
        QCOMPARE(config.contains("certificate-authority-data: "), remote);
        QCOMPARE(withoutToken, remote ? 401 : 200);
        QCOMPARE(withToken, 200);
    }

private:
    std::unique_ptr<Cluster> m_cluster;
    std::unique_ptr<HttpApiServer> m_server;
};

QTEST_GUILESS_MAIN(TestKubectlServer)
#include "tst_kubectlserver.moc"
