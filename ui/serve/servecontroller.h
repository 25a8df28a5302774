#pragma once
#include "core/sim/view/apiendpoint.h"

#include <QObject>
#include <QString>

#include <memory>

namespace rlab::ui {

class ClusterSession;

// "Serve the API" for the window: a view::ApiEndpoint on 127.0.0.1 over the session's cluster
// (the app injects core/server's, the same HTTP API `rlab serve` gives kubectl) that writes the
// kubeconfig pointing kubectl at it. Without a factory (a build without the HTTP server) it is
// unavailable and start() fails. Port 0 picks a free port; a preferred port (the last one used)
// is tried first so an open shell's KUBECONFIG keeps working, e.g. preferred 38211 busy → a free
// port. It stops on ClusterSession::aboutToReset() (prepareForReset), before the old cluster is
// destroyed, so no request can reach it in between, and serves the new cluster on the same port
// after clusterReset(). While the session is frozen (time travel) the endpoint refuses every
// write with the session's readOnlyError() (view::ApiEndpoint::setReadOnly). Thread rules: GUI thread only (the server answers on its own thread).
class ServeController : public QObject
{
    Q_OBJECT
public:
    ServeController(ClusterSession &session, view::ApiEndpointFactory factory, QObject *parent = nullptr);
    ~ServeController() override;

    bool isAvailable() const { return bool(m_factory); }
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
    QString url() const;                    // "https://127.0.0.1:38211", empty when stopped
    QString exportLine() const;             // "export KUBECONFIG=/path/to/kubeconfig"
    QString errorString() const { return m_error; }
    // Where it listens and what it served so far (requests, open watches); serving false when stopped.
    view::EndpointStatus status() const;

public slots:
    // Closes the server now but restarts it on the next clusterReset().
    void prepareForReset();

signals:
    void servingChanged(bool serving);

private:
    void clusterWasReset();

    ClusterSession &m_session;
    view::ApiEndpointFactory m_factory;
    std::unique_ptr<view::ApiEndpoint> m_endpoint;
    QString m_kubeconfigPath;
    QString m_error;
    quint16 m_preferredPort = 0;
    bool m_resumeAfterReset = false;
};

} // namespace rlab::ui
