#include "core/server/benchstudent.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSslConfiguration>
#include <QTimer>

#include <chrono>
#include <utility>

namespace rlab::server {

namespace {

const char *const kInformers[][2] = {{"/apis/apps/v1", "deployments"}, {"/apis/apps/v1", "replicasets"}, {"/api/v1", "pods"}, {"/api/v1", "events"}};
const char *const kTable = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";

} // namespace

qint64 BenchStudent::nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

BenchStudent::BenchStudent(const QString &baseUrl, const QByteArray &token, const QString &ns, const QSslCertificate &ca, int thinkMs,
                           qint64 measureFromNs)
    : m_baseUrl(baseUrl), m_ns(ns), m_token(token), m_ca(ca), m_thinkMs(thinkMs), m_measureFromNs(measureFromNs)
{
}

QNetworkReply *BenchStudent::send(const QByteArray &verb, const QString &path, const QByteArray &body, const QByteArray &contentType,
                                  const QByteArray &accept)
{
    QNetworkRequest req(QUrl(m_baseUrl + path));
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setCaCertificates({m_ca});
    req.setSslConfiguration(tls);
    req.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    req.setRawHeader("Authorization", "Bearer " + m_token);
    req.setRawHeader("Accept", accept);
    req.setRawHeader("User-Agent", "rlab-bench-student/1.0");
    if (!contentType.isEmpty())
        req.setHeader(QNetworkRequest::ContentTypeHeader, contentType);
    return m_nam->sendCustomRequest(req, verb, body);
}

void BenchStudent::start()
{
    m_nam = new QNetworkAccessManager(this);
    m_running = true;
    for (int i = 0; i < 4; ++i)
        startInformer(i);
    nextCommand();
}

void BenchStudent::finished(QNetworkReply *reply, qint64 startedNs, bool expectCreated)
{
    reply->deleteLater();
    if (!m_running)
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (startedNs < m_measureFromNs)
        return;
    m_stats.latenciesMs.push_back(double(nowNs() - startedNs) / 1e6);
    const bool ok = (status >= 200 && status < 300) || (expectCreated && status == 409);
    if (!ok) {
        ++m_stats.errors;
        if (m_stats.firstError.isEmpty())
            m_stats.firstError = QStringLiteral("%1 %2: %3").arg(status).arg(reply->url().path(), reply->errorString());
    }
}

void BenchStudent::nextCommand()
{
    if (!m_running)
        return;
    const QString deployments = QStringLiteral("/apis/apps/v1/namespaces/%1/deployments").arg(m_ns);
    QNetworkReply *reply = nullptr;
    bool create = false;
    switch (m_step == 0 ? 0 : 1 + (m_step - 1) % 5) {
    case 0: {
        const QJsonObject dep{
            {QStringLiteral("apiVersion"), QStringLiteral("apps/v1")},
            {QStringLiteral("kind"), QStringLiteral("Deployment")},
            {QStringLiteral("metadata"), QJsonObject{{QStringLiteral("name"), QStringLiteral("web")}}},
            {QStringLiteral("spec"),
             QJsonObject{{QStringLiteral("replicas"), 1},
                         {QStringLiteral("selector"), QJsonObject{{QStringLiteral("matchLabels"), QJsonObject{{QStringLiteral("app"), QStringLiteral("web")}}}}},
                         {QStringLiteral("template"),
                          QJsonObject{{QStringLiteral("metadata"), QJsonObject{{QStringLiteral("labels"), QJsonObject{{QStringLiteral("app"), QStringLiteral("web")}}}}},
                                      {QStringLiteral("spec"), QJsonObject{{QStringLiteral("containers"),
                                                                            QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("web")},
                                                                                                   {QStringLiteral("image"), QStringLiteral("nginx:1.25")}}}}}}}}}}};
        reply = send("POST", deployments, QJsonDocument(dep).toJson(QJsonDocument::Compact), "application/json");
        create = true;
        break;
    }
    case 1:
        reply = send("GET", deployments + QStringLiteral("/web"));
        break;
    case 2:
        m_replicas = m_replicas % 4 + 1;
        reply = send("PATCH", deployments + QStringLiteral("/web/scale"),
                     QByteArray("{\"spec\":{\"replicas\":") + QByteArray::number(m_replicas) + "}}", "application/merge-patch+json");
        break;
    case 3:
        reply = send("GET", QStringLiteral("/api/v1/namespaces/%1/pods?limit=500").arg(m_ns), {}, {}, kTable);
        break;
    case 4:
        reply = send("GET", QStringLiteral("/apis/apps/v1/namespaces/%1/replicasets?limit=500").arg(m_ns), {}, {}, kTable);
        break;
    default:
        reply = send("GET", QStringLiteral("/api/v1/namespaces/%1/events?limit=500").arg(m_ns), {}, {}, kTable);
        break;
    }
    ++m_step;
    const qint64 started = nowNs();
    connect(reply, &QNetworkReply::finished, this, [this, reply, started, create] {
        finished(reply, started, create);
        if (m_running)
            QTimer::singleShot(m_thinkMs, this, &BenchStudent::nextCommand);
    });
}

void BenchStudent::startInformer(int index)
{
    if (!m_running)
        return;
    const QString path = QStringLiteral("%1/namespaces/%2/%3?limit=500").arg(QLatin1String(kInformers[index][0]), m_ns, QLatin1String(kInformers[index][1]));
    QNetworkReply *reply = send("GET", path);
    const qint64 started = nowNs();
    connect(reply, &QNetworkReply::finished, this, [this, reply, started, index] {
        finished(reply, started, false);
        if (!m_running)
            return;
        const QString rv = QJsonDocument::fromJson(reply->readAll())[QLatin1String("metadata")][QLatin1String("resourceVersion")].toString();
        if (rv.isEmpty())
            QTimer::singleShot(1000, this, [this, index] { startInformer(index); });
        else
            watch(index, rv);
    });
}

void BenchStudent::watch(int index, const QString &resourceVersion)
{
    const QString path = QStringLiteral("%1/namespaces/%2/%3?allowWatchBookmarks=true&resourceVersion=%4&timeoutSeconds=300&watch=true")
                             .arg(QLatin1String(kInformers[index][0]), m_ns, QLatin1String(kInformers[index][1]), resourceVersion);
    QNetworkReply *reply = send("GET", path);
    ++m_stats.watchesOpened;
    m_watches.append(reply);
    connect(reply, &QNetworkReply::readyRead, this, [this, reply] {
        const QByteArray data = reply->readAll();
        if (nowNs() >= m_measureFromNs)
            m_stats.watchEvents += data.count('\n');
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply, index] {
        m_watches.removeOne(reply);
        reply->deleteLater();
        if (m_running)
            startInformer(index);   // the reflector lists again (a simple one: no resume)
    });
}

BenchStudent::Stats BenchStudent::stop()
{
    m_running = false;
    const QList<QNetworkReply *> watches = std::exchange(m_watches, {});
    for (QNetworkReply *r : watches)
        r->abort();
    delete m_nam;   // aborts what is still in flight
    m_nam = nullptr;
    return std::move(m_stats);
}

} // namespace rlab::server
