#include "ui/widgets/servepanel.h"

#include "core/live/livesource.h"

#include "ui/clustersession.h"
#include "ui/live/labonly.h"
#include "ui/serve/servecontroller.h"
#include "ui/theme.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>

namespace rlab::ui {

namespace {
const QString kPortSetting = QStringLiteral("serve/port");
}

ServePanel::ServePanel(ClusterSession &session, view::ApiEndpointFactory endpoints, QWidget *parent)
    : QWidget(parent), m_session(session),
      m_controller(new ServeController(session, std::move(endpoints), this)),
      m_toggle(new QPushButton(this)),
      m_status(new QLabel(this)),
      m_address(new QLabel(this)),
      m_export(new QLineEdit(this)),
      m_copy(new QPushButton(this)),
      m_hint(new QLabel(this)),
      m_counters(new QLabel(this))
{
    setObjectName(QStringLiteral("servePanel"));
    m_controller->setPreferredPort(quint16(QSettings().value(kPortSetting, 0).toUInt()));

    m_toggle->setObjectName(QStringLiteral("serveToggle"));
    m_toggle->setCheckable(true);
    m_toggle->setFont(theme::headlineFont(1.1));
    m_toggle->setMinimumHeight(m_toggle->fontMetrics().height() * 2);
    // On: green like a created key, so the class sees at a glance that kubectl can connect.
    m_toggle->setStyleSheet(QStringLiteral("QPushButton { padding: 4px 14px; }"
                                           "QPushButton:checked { background: %1; color: white; border: 1px solid %2;"
                                           " border-radius: 3px; }")
                                .arg(theme::created().name(), theme::created().darker(130).name()));
    m_address->setObjectName(QStringLiteral("serveAddress"));
    m_address->setFont(theme::headlineFont(1.2));
    m_address->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_export->setObjectName(QStringLiteral("serveExport"));
    m_export->setReadOnly(true);
    m_export->setFont(theme::monospaceFont());
    m_copy->setObjectName(QStringLiteral("serveCopy"));
    m_hint->setFont(theme::monospaceFont());
    m_hint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hint->setWordWrap(true);   // a narrow dock wraps the commands instead of growing
    for (QLabel *muted : {m_status, m_counters}) {
        QPalette p = muted->palette();
        p.setColor(QPalette::WindowText, theme::muted());
        muted->setPalette(p);
    }
    m_status->setWordWrap(true);

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(8, 8, 8, 8);
    grid->setHorizontalSpacing(8);
    grid->addWidget(m_toggle, 0, 0);
    grid->addWidget(m_address, 0, 1, 1, 2);
    grid->addWidget(m_export, 1, 0, 1, 2);
    grid->addWidget(m_copy, 1, 2);
    grid->addWidget(m_hint, 2, 0, 1, 3);
    grid->addWidget(m_status, 3, 0, 1, 3);
    grid->addWidget(m_counters, 4, 0, 1, 3);
    grid->setColumnStretch(1, 1);
    grid->setRowStretch(5, 1);

    connect(m_toggle, &QPushButton::toggled, this, &ServePanel::toggled);
    connect(m_copy, &QPushButton::clicked, this, &ServePanel::copyExportLine);
    connect(m_controller, &ServeController::servingChanged, this, &ServePanel::servingChanged);
    connect(&session, &ClusterSession::frameDone, this, &ServePanel::updateCounters);
    connect(&session, &ClusterSession::liveChanged, this, &ServePanel::retranslate);
    retranslate();
}

ServePanel::~ServePanel() = default;

QString ServePanel::addressText() const
{
    return m_address->text();
}

QString ServePanel::exportText() const
{
    return m_export->text();
}

QString ServePanel::counterText() const
{
    return m_counters->text();
}

void ServePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ServePanel::toggled(bool on)
{
    if (on == m_controller->isServing())
        return;
    m_controller->setServing(on);
    if (on && !m_controller->isServing()) {
        const QSignalBlocker block(m_toggle);
        m_toggle->setChecked(false);
        retranslate();
        m_status->setText(tr("Cannot serve the API: %1").arg(m_controller->errorString()));
    }
}

void ServePanel::servingChanged(bool serving)
{
    {
        const QSignalBlocker block(m_toggle);
        m_toggle->setChecked(serving);
    }
    if (serving)
        QSettings().setValue(kPortSetting, m_controller->port());
    m_lastCounters.clear();
    retranslate();
}

void ServePanel::copyExportLine()
{
    QApplication::clipboard()->setText(m_export->text());
    m_status->setText(tr("Copied. Paste it into a terminal, then run kubectl there."));
}

void ServePanel::updateCounters()
{
    const view::EndpointStatus s = m_controller->status();
    const QString text = s.serving ? tr("%n request(s) served", nullptr, int(s.requests)) + QStringLiteral("  \u00b7  ")
                                         + tr("%n open watch(es)", nullptr, int(s.openWatches))
                                   : QString();
    if (text != m_lastCounters) {
        m_lastCounters = text;
        m_counters->setText(text);
    }
}

void ServePanel::retranslate()
{
    const bool serving = m_controller->isServing();
    m_toggle->setText(serving ? tr("\u25cf Serving the API") : tr("Serve the API"));
    m_toggle->setToolTip(tr("Serve this cluster's Kubernetes API on 127.0.0.1 for the real kubectl"));
    m_copy->setText(tr("Copy"));
    m_copy->setToolTip(tr("Copy the export line to the clipboard"));
    m_address->setText(serving ? m_controller->url() : tr("Not serving"));
    m_export->setText(serving ? m_controller->exportLine() : QString());
    m_export->setPlaceholderText(tr("export KUBECONFIG=\u2026 appears here while serving"));
    m_export->setEnabled(serving);
    m_copy->setEnabled(serving);
    m_hint->setText(serving ? tr("then try:  kubectl get nodes   kubectl apply -f nginx.yaml   kubectl get pods -w")
                            : QString());
    m_hint->setVisible(serving);
    m_status->setText(serving ? tr("kubectl's requests appear in the trace as apiserver HttpRequest rows.")
                              : tr("Lets the real kubectl drive this cluster. Loopback only: other machines cannot connect."));
    LabOnly::set(m_toggle, LabOnly::isLive(m_session), m_controller->isAvailable(), LabOnly::Reason::Serving);
    if (!m_controller->isAvailable())
        m_status->setText(tr("This build of Reconcile Lab has no HTTP server: use `rlab serve` instead."));
    m_lastCounters.clear();
    m_counters->clear();
    updateCounters();
}

} // namespace rlab::ui
