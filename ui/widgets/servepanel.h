#pragma once
#include "core/sim/view/apiendpoint.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace rlab::ui {

class ClusterSession;
class ServeController;

// "Serve the API": one toggle that lets the real kubectl drive the lab. On, it shows where the
// Kubernetes API listens (https://127.0.0.1:PORT), the `export KUBECONFIG=…` line with a Copy
// button, a command to try, and how many requests and open watches the server has; off, the
// server is closed (watches end, connections are refused). The last port is remembered in
// QSettings ("serve/port") and tried first. Each request appears in the trace as an
// apiserver HttpRequest row. The endpoint factory is injected (the app's HTTP server); without one
// the toggle is disabled and says why. GUI thread only.
class ServePanel : public QWidget
{
    Q_OBJECT
public:
    ServePanel(ClusterSession &session, view::ApiEndpointFactory endpoints, QWidget *parent = nullptr);
    ~ServePanel() override;

    ServeController *controller() const { return m_controller; }
    QPushButton *toggleButton() const { return m_toggle; }
    QPushButton *copyButton() const { return m_copy; }
    QString addressText() const;
    QString exportText() const;
    QString counterText() const;   // "3 requests served · 1 open watch", empty when off

protected:
    void changeEvent(QEvent *event) override;

private:
    void toggled(bool on);
    void servingChanged(bool serving);
    void copyExportLine();
    void updateCounters();
    void retranslate();

    ClusterSession &m_session;
    ServeController *m_controller;
    QPushButton *m_toggle;
    QLabel *m_status;
    QLabel *m_address;
    QLineEdit *m_export;
    QPushButton *m_copy;
    QLabel *m_hint;
    QLabel *m_counters;
    QString m_lastCounters;
};

} // namespace rlab::ui
