#include "ui/serve/servecontroller.h"

#include "ui/clustersession.h"
#include "ui/live/labonly.h"

#include <QDir>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QStandardPaths>

namespace rlab::ui {

namespace {
const QString kLoopback = QStringLiteral("127.0.0.1");
}

ServeController::ServeController(ClusterSession &session, view::ApiEndpointFactory factory, QObject *parent)
    : QObject(parent), m_session(session), m_factory(std::move(factory))
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (dir.isEmpty())
        dir = QDir::tempPath() + QStringLiteral("/reconcile-lab");
    m_kubeconfigPath = QDir(dir).filePath(QStringLiteral("kubeconfig"));
    connect(&m_session, &ClusterSession::aboutToReset, this, &ServeController::prepareForReset);
    connect(&m_session, &ClusterSession::clusterReset, this, &ServeController::clusterWasReset);
    // Time travel: the past is read-only from outside too.
    connect(&m_session, &ClusterSession::frozenChanged, this, [this] {
        if (m_endpoint)
            m_endpoint->setReadOnly(m_session.readOnlyError());
    });
}

ServeController::~ServeController()
{
    const QSignalBlocker quiet(this);   // the receivers may be half destroyed (our parent)
    stop();
}

bool ServeController::isServing() const
{
    return m_endpoint && m_endpoint->status().serving;
}

bool ServeController::start()
{
    if (isServing())
        return true;
    m_error.clear();
    if (LabOnly::isLive(m_session)) {   // the mirror of a real cluster is not served
        m_error = LabOnly::refusal(LabOnly::Reason::Serving);
        return false;
    }
    if (!m_factory) {
        m_error = tr("this build of Reconcile Lab has no HTTP server");
        return false;
    }
    std::unique_ptr<view::ApiEndpoint> endpoint = m_factory(m_session.simulation());
    endpoint->setReadOnly(m_session.readOnlyError());   // before the first request can arrive
    view::EndpointStatus s;
    if (m_preferredPort != 0)
        s = endpoint->start(kLoopback, m_preferredPort, m_kubeconfigPath);
    if (!s.serving)
        s = endpoint->start(kLoopback, 0, m_kubeconfigPath);
    if (!s.serving) {
        m_error = s.error;
        return false;   // the endpoint closes with the unique_ptr
    }
    m_preferredPort = s.port;
    m_endpoint = std::move(endpoint);
    emit servingChanged(true);
    return true;
}

void ServeController::stop()
{
    m_resumeAfterReset = false;
    if (!m_endpoint)
        return;
    m_endpoint->stop();
    m_endpoint.reset();
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
    // The session may have replaced its cluster: serve the new one on the same port.
    const bool resume = m_resumeAfterReset || isServing();
    stop();
    if (resume && !LabOnly::isLive(m_session))
        start();
}

view::EndpointStatus ServeController::status() const
{
    return m_endpoint ? m_endpoint->status() : view::EndpointStatus{};
}

quint16 ServeController::port() const
{
    return status().port;
}

QString ServeController::url() const
{
    return status().url;
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

} // namespace rlab::ui
