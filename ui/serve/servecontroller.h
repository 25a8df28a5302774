#pragma once
#include <QObject>
#include <QString>

#include <memory>

namespace rlab::server {
class HttpApiServer;
struct ServerCounters;
} // namespace rlab::server

namespace rlab::ui {

class ClusterSession;

// "Serve the API" for the window: an rlab::server::HttpApiServer on 127.0.0.1 over the session's
// ApiServer and virtual clock (the same API `rlab serve` gives kubectl), and the kubeconfig that
// points kubectl at it. Port 0 picks a free port; a preferred port (the last one used) is tried
// first so an open shell's KUBECONFIG keeps working, e.g. preferred 38211 busy → a free port.
// On clusterReset() (the ApiServer is replaced) a serving controller closes and listens again
// on the same port; it stops on ClusterSession::aboutToReset() (prepareForReset), before the old
// ApiServer is destroyed, so that no request can reach it in between.
// Thread rules: GUI thread only (the HTTP server runs its own thread; see HttpApiServer).
class ServeController : public QObject
{
    Q_OBJECT
public:
    explicit ServeController(ClusterSession &session, QObject *parent = nullptr);
    ~ServeController() override;

    // Where the kubeconfig is written; default: <AppDataLocation>/kubeconfig (temp dir fallback).
    void setKubeconfigPath(const QString &path) { m_kubeconfigPath = path; }
    QString kubeconfigPath() const { return m_kubeconfigPath; }
    void setPreferredPort(quint16 port) { m_preferredPort = port; }
    quint16 preferredPort() const { return m_preferredPort; }

    // Listens and writes the kubeconfig; false and errorString() when either fails.
    bool start();
    // Closes the server: every open watch stream ends, new connections are refused.
    void stop();
    void setServing(bool on);
    bool isServing() const;

    quint16 port() const;
    QString url() const;                    // "http://127.0.0.1:38211", empty when stopped
    QString exportLine() const;             // "export KUBECONFIG=/path/to/kubeconfig"
    QString errorString() const { return m_error; }
    // Counters of the current server (requests, open watches); nullptr when stopped.
    const server::ServerCounters *counters() const;

public slots:
    // Closes the server now but restarts it on the next clusterReset().
    void prepareForReset();

signals:
    void servingChanged(bool serving);

private:
    void clusterWasReset();

    ClusterSession &m_session;
    std::unique_ptr<server::HttpApiServer> m_server;
    QString m_kubeconfigPath;
    QString m_error;
    quint16 m_preferredPort = 0;
    bool m_resumeAfterReset = false;
};

} // namespace rlab::ui
