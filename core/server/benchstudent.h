#pragma once
#include <QByteArray>
#include <QList>
#include <QObject>
#include <QSslCertificate>
#include <QString>

#include <vector>

class QNetworkAccessManager;
class QNetworkReply;

namespace rlab::server {

// One student of `rlab bench serve`: over HTTPS with their bearer token, a kubectl-like client
// (create the Deployment "web", then get it, scale it, list pods, replicasets and events,
// one request at a time with a think time between) plus a window's informers (list, then watch
// with bookmarks, of deployments, replicasets, pods and events in the student's namespace,
// re-listed when a watch ends). Request latencies are those of the kubectl-like requests and
// the informers' lists, not of the long watches.
// Thread rules: create, then moveToThread; start() and stop() run on that thread (invokeMethod).
class BenchStudent : public QObject
{
    Q_OBJECT
public:
    struct Stats
    {
        std::vector<double> latenciesMs;
        qint64 errors = 0, watchesOpened = 0, watchEvents = 0;
        QString firstError;
    };

    // Requests that start before measureFromNs (steady clock; the warm-up: TLS connections and
    // the clients' first-use costs) are sent but not counted.
    BenchStudent(const QString &baseUrl, const QByteArray &token, const QString &ns, const QSslCertificate &ca, int thinkMs,
                 qint64 measureFromNs);
    static qint64 nowNs();

    void start();
    // Aborts everything and returns what was measured (call once, on the student's thread).
    Stats stop();

private:
    void nextCommand();
    void startInformer(int index);
    void watch(int index, const QString &resourceVersion);
    QNetworkReply *send(const QByteArray &verb, const QString &path, const QByteArray &body = {}, const QByteArray &contentType = {},
                        const QByteArray &accept = "application/json");
    void finished(QNetworkReply *reply, qint64 startedNs, bool expectCreated);

    QString m_baseUrl, m_ns;
    QByteArray m_token;
    QSslCertificate m_ca;
    int m_thinkMs;
    qint64 m_measureFromNs;
    bool m_running = false;
    int m_step = 0, m_replicas = 1;
    QNetworkAccessManager *m_nam = nullptr;
    QList<QNetworkReply *> m_watches;
    Stats m_stats;
};

} // namespace rlab::server
