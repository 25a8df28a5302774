#include "ui/serve/servecontroller.h"

#include "core/server/httpapiserver.h"
#include "core/server/kubeconfig.h"
#include "ui/clustersession.h"

#include <QDir>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QStandardPaths>

namespace rlab::ui {

ServeController::ServeController(ClusterSession &session, QObject *parent)
    : QObject(parent), m_session(session)
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (dir.isEmpty())
        dir = QDir::tempPath() + QStringLiteral("/reconcile-lab");
    m_kubeconfigPath = QDir(dir).filePath(QStringLiteral("kubeconfig"));
    connect(&m_session, &ClusterSession::aboutToReset, this, &ServeController::prepareForReset);
    connect(&m_session, &ClusterSession::clusterReset, this, &ServeController::clusterWasReset);
}

ServeController::~ServeController()
{
    const QSignalBlocker quiet(this);   // the receivers may be half destroyed (our parent)
    stop();
}

bool ServeController::isServing() const
{
    return m_server && m_server->isListening();
}

bool ServeController::start()
{
    if (isServing())
        return true;
    m_error.clear();
    auto server = std::make_unique<server::HttpApiServer>(m_session.api(), m_session.simulation().clock());
    const QHostAddress loopback(QHostAddress::LocalHost);
    QString error;
    bool ok = m_preferredPort != 0 && server->listen(loopback, m_preferredPort, &error);
    if (!ok)
        ok = server->listen(loopback, 0, &error);
    if (!ok) {
        m_error = error;
        return false;
    }
    if (!server::Kubeconfig::write(m_kubeconfigPath, server->url(), {}, &error)) {
        m_error = error;
        return false;   // the unique_ptr closes the server
    }
    m_preferredPort = server->port();
    m_server = std::move(server);
    emit servingChanged(true);
    return true;
}

void ServeController::stop()
{
    m_resumeAfterReset = false;
    if (!m_server)
        return;
    m_server->close();
    m_server.reset();
    emit servingChanged(false);
}

void ServeController::setServing(bool on)
{
    if (on)
        start();
    else
        stop();
}

void ServeController::prepareForReset()
{
    const bool wasServing = isServing();
    stop();
    m_resumeAfterReset = wasServing;
}

void ServeController::clusterWasReset()
{
    // The session may have replaced its ApiServer: serve the new one on the same port.
    const bool resume = m_resumeAfterReset || isServing();
    stop();
    if (resume)
        start();
}

quint16 ServeController::port() const
{
    return isServing() ? m_server->port() : 0;
}

QString ServeController::url() const
{
    return isServing() ? m_server->url() : QString();
}

QString ServeController::exportLine() const
{
    // Single quotes when the path needs them for the shell ("…/Reconcile Lab/kubeconfig").
    QString path = QDir::toNativeSeparators(m_kubeconfigPath);
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (!plain.match(path).hasMatch())
        path = QLatin1Char('\'') + path.replace(QLatin1String("'"), QLatin1String("'\\''")) + QLatin1Char('\'');
    return QStringLiteral("export KUBECONFIG=") + path;
}

const server::ServerCounters *ServeController::counters() const
{
    return isServing() ? &m_server->counters() : nullptr;
}

} // namespace rlab::ui
