#include "ui/widgets/controlspanel.h"

#include "core/api/deployment.h"
#include "core/apiserver/apiserver.h"
#include "core/controller/replicafloor/replicafloorreconciler.h"
#include "ui/clustersession.h"
#include "ui/commands/clusterqueries.h"
#include "ui/theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace rlab::ui {

namespace {
const QString kNamespace = QStringLiteral("default");
constexpr qint64 kPodRefreshMs = 250;

// Refills a combo box with (text, data) items, keeping the current item by its data.
void refill(QComboBox *box, const QList<QPair<QString, QVariant>> &items)
{
    const QVariant current = box->currentData();
    const QSignalBlocker block(box);
    box->clear();
    for (const auto &[text, data] : items)
        box->addItem(text, data);
    const int at = box->findData(current);
    box->setCurrentIndex(at >= 0 ? at : (box->count() > 0 ? 0 : -1));
}

QLabel *hint(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, theme::muted());
    label->setPalette(p);
    return label;
}
} // namespace

ControlsPanel::ControlsPanel(ClusterSession &session, QWidget *parent)
    : QWidget(parent), m_session(session), m_commands(new ClusterCommands(session, this))
{
    setObjectName(QStringLiteral("controlsPanel"));
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(8);

    m_deployment = new QComboBox(content);
    m_deployment->setObjectName(QStringLiteral("deploymentBox"));
    QFont big = m_deployment->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    big.setBold(true);
    m_deployment->setFont(big);
    m_deployment->setPlaceholderText(tr("none yet: apply one"));
    m_deployment->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_deployment->setMinimumContentsLength(8);
    auto *head = new QHBoxLayout;
    auto *title = new QLabel(tr("Deployment"), content);
    title->setFont(big);
    head->addWidget(title);
    head->addWidget(m_deployment, 1);
    layout->addLayout(head);
    layout->addWidget(buildTerminal());
    layout->addWidget(buildDeploymentGroups());
    layout->addWidget(buildPodGroup());
    layout->addWidget(buildClusterGroup());

    layout->addStretch(1);

    auto *scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);   // the column narrows instead
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    connectSession();
    refresh();
}

QWidget *ControlsPanel::buildTerminal()
{
    // The last command as it would be typed, and what kubectl printed: a small dark terminal,
    // so that every button teaches its kubectl equivalent.
    auto *terminal = new QFrame(this);
    terminal->setObjectName(QStringLiteral("commandTerminal"));
    terminal->setStyleSheet(QStringLiteral("#commandTerminal { background: #1e293b; border-radius: 4px; }"
                                           " #commandTerminal QLabel { color: #e2e8f0; background: transparent; }"));
    m_commandLine = new QLabel(QStringLiteral("$ kubectl …"), terminal);
    m_commandLine->setObjectName(QStringLiteral("commandLine"));
    m_output = new QLabel(tr("each button runs a kubectl command, shown here"), terminal);
    m_output->setObjectName(QStringLiteral("commandOutput"));
    auto *layout = new QVBoxLayout(terminal);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(2);
    for (QLabel *label : {m_commandLine, m_output}) {
        label->setFont(theme::monospaceFont());
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        layout->addWidget(label);
    }
    return terminal;
}

QPushButton *ControlsPanel::button(const QString &text, const QString &tip)
{
    auto *b = new QPushButton(text, this);
    b->setToolTip(tip);
    b->setMinimumHeight(fontMetrics().height() * 2);
    b->setAutoDefault(false);
    return b;
}

QWidget *ControlsPanel::buildDeploymentGroups()
{
    // One column of small groups, so that the panel reads well in a 300-pixel dock.
    auto *groups = new QWidget(this);
    auto *column = new QVBoxLayout(groups);
    column->setContentsMargins(0, 0, 0, 0);

    auto *scaleBox = new QGroupBox(tr("Scale"), groups);
    m_replicas = new QSpinBox(scaleBox);
    m_replicas->setObjectName(QStringLiteral("replicasBox"));
    m_replicas->setRange(0, 10000);
    m_replicas->setMinimumHeight(fontMetrics().height() * 2);
    m_replicas->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("10000")) + 36);
    m_replicas->setToolTip(tr("spec.replicas"));
    m_scaleDown = button(QStringLiteral("−"), tr("kubectl scale --replicas=N−1"));
    m_scaleUp = button(QStringLiteral("+"), tr("kubectl scale --replicas=N+1"));
    m_scale = button(tr("Scale"), tr("kubectl scale deployment --replicas=N (PATCH …/scale)"));
    for (QPushButton *b : {m_scaleDown, m_scaleUp}) {
        QFont f = b->font();
        f.setBold(true);
        b->setFont(f);
        b->setFixedWidth(fontMetrics().height() * 2 + 4);
    }
    auto *scaleRow = new QHBoxLayout(scaleBox);
    scaleRow->addWidget(m_scaleDown);
    scaleRow->addWidget(m_replicas, 1);
    scaleRow->addWidget(m_scaleUp);
    scaleRow->addWidget(m_scale, 1);

    auto *imageBox = new QGroupBox(tr("Set image"), groups);
    m_container = new QComboBox(imageBox);
    m_container->setObjectName(QStringLiteral("containerBox"));
    m_container->setToolTip(tr("Container"));
    m_container->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_container->setMinimumContentsLength(6);
    m_image = new QLineEdit(imageBox);
    m_image->setObjectName(QStringLiteral("imageEdit"));
    m_image->setFont(theme::monospaceFont());
    m_image->setPlaceholderText(QStringLiteral("nginx:1.26"));
    m_image->setMinimumHeight(fontMetrics().height() * 2);
    m_setImage = button(tr("Set image"), tr("kubectl set image deployment/<name> <container>=<image>: a new template, a new rollout"));
    auto *imageLayout = new QVBoxLayout(imageBox);
    auto *containerRow = new QHBoxLayout;
    containerRow->addWidget(new QLabel(tr("Container"), imageBox));
    containerRow->addWidget(m_container, 1);
    auto *imageRow = new QHBoxLayout;
    imageRow->addWidget(m_image, 1);
    imageRow->addWidget(m_setImage);
    imageLayout->addLayout(containerRow);
    imageLayout->addLayout(imageRow);

    auto *historyBox = new QGroupBox(tr("Roll back (rollout history)"), groups);
    m_revision = new QComboBox(historyBox);
    m_revision->setObjectName(QStringLiteral("revisionBox"));
    m_revision->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_revision->setMinimumContentsLength(10);
    m_revision->setToolTip(tr("REVISION · image · CHANGE-CAUSE, as kubectl rollout history lists them"));
    m_rollBack = button(tr("Roll back"), tr("kubectl rollout undo [--to-revision=N]: the revision's template comes back"));
    auto *undoRow = new QHBoxLayout(historyBox);
    undoRow->addWidget(m_revision, 1);
    undoRow->addWidget(m_rollBack);

    auto *rolloutBox = new QGroupBox(tr("Rollout"), groups);
    m_pause = button(tr("Pause"), tr("kubectl rollout pause: template changes wait, scaling still works"));
    m_resume = button(tr("Resume"), tr("kubectl rollout resume"));
    m_restart = button(tr("Restart"), tr("kubectl rollout restart: template annotation kubectl.kubernetes.io/restartedAt, a new rollout"));
    auto *rolloutRow = new QHBoxLayout(rolloutBox);
    for (QPushButton *b : {m_pause, m_resume, m_restart})
        rolloutRow->addWidget(b);

    for (QGroupBox *box : {scaleBox, imageBox, historyBox, rolloutBox})
        column->addWidget(box);
    QWidget *box = groups;
    m_needsDeployment = {box};
    connect(m_scale, &QPushButton::clicked, this, [this] { m_commands->scale(currentDeployment(), m_replicas->value()); });
    connect(m_scaleDown, &QPushButton::clicked, this, [this] {
        m_replicas->setValue(qMax(0, m_replicas->value() - 1));
        m_commands->scale(currentDeployment(), m_replicas->value());
    });
    connect(m_scaleUp, &QPushButton::clicked, this, [this] {
        m_replicas->setValue(m_replicas->value() + 1);
        m_commands->scale(currentDeployment(), m_replicas->value());
    });
    connect(m_setImage, &QPushButton::clicked, this, [this] {
        m_commands->setImage(currentDeployment(), m_container->currentText(), m_image->text().trimmed());
    });
    connect(m_image, &QLineEdit::returnPressed, m_setImage, &QPushButton::click);
    connect(m_container, &QComboBox::currentIndexChanged, this, [this] {
        m_shownImage = m_container->currentData().toString();
        m_image->setText(m_shownImage);
    });
    connect(m_rollBack, &QPushButton::clicked, this, [this] {
        m_commands->rolloutUndo(currentDeployment(), m_revision->currentData().toLongLong());
    });
    connect(m_pause, &QPushButton::clicked, this, [this] { m_commands->pause(currentDeployment()); });
    connect(m_resume, &QPushButton::clicked, this, [this] { m_commands->resume(currentDeployment()); });
    connect(m_restart, &QPushButton::clicked, this, [this] { m_commands->restart(currentDeployment()); });
    return box;
}

QGroupBox *ControlsPanel::buildPodGroup()
{
    auto *box = new QGroupBox(tr("Pods"), this);
    auto *layout = new QVBoxLayout(box);
    m_pod = new QComboBox(box);
    m_pod->setObjectName(QStringLiteral("podBox"));
    m_pod->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_pod->setMinimumContentsLength(10);
    m_deletePod = button(tr("Delete pod"), tr("kubectl delete pod: graceful; the ReplicaSet creates a replacement"));
    m_deleteRandom = button(tr("Delete random"), tr("kubectl delete pod on one of the Deployment's pods, chosen at random"));
    auto *row = new QHBoxLayout;
    row->addWidget(m_deletePod);
    row->addWidget(m_deleteRandom);
    layout->addWidget(m_pod);
    layout->addLayout(row);
    m_needsDeployment << box;
    connect(m_deletePod, &QPushButton::clicked, this, [this] { m_commands->deletePod(m_pod->currentData().toString()); });
    connect(m_deleteRandom, &QPushButton::clicked, this, [this] { m_commands->deleteRandomPod(currentDeployment()); });
    return box;
}

QGroupBox *ControlsPanel::buildClusterGroup()
{
    auto *box = new QGroupBox(tr("Nodes and controllers"), this);
    auto *layout = new QVBoxLayout(box);
    m_node = new QComboBox(box);
    m_node->setObjectName(QStringLiteral("nodeBox"));
    m_node->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_node->setMinimumContentsLength(10);
    m_failNode = button(tr("Fail node"), tr("The node's kubelet stops: NotReady (Unknown), tainted unreachable; pods evicted after 300 s"));
    m_recoverNode = button(tr("Recover node"), tr("The kubelet posts Ready again; Terminating pods on it are removed"));
    auto *nodeRow = new QHBoxLayout;
    nodeRow->addWidget(m_failNode);
    nodeRow->addWidget(m_recoverNode);
    layout->addWidget(m_node);
    layout->addLayout(nodeRow);
    m_floor = new QCheckBox(tr("Replica-floor controller"), box);
    m_floor->setToolTip(tr("The lab's custom controller, written with the controller-runtime style Builder"));
    m_floor->setObjectName(QStringLiteral("replicaFloorBox"));
    layout->addWidget(m_floor);
    layout->addWidget(hint(tr("Raises any Deployment below 3 replicas to 3: scale to 1 and watch two level-based controllers converge."), box));
    m_reset = button(tr("Reset cluster"), tr("Throw the cluster away: empty store, three Ready nodes"));
    layout->addWidget(m_reset);
    connect(m_failNode, &QPushButton::clicked, this, [this] { m_commands->failNode(m_node->currentData().toString()); });
    connect(m_recoverNode, &QPushButton::clicked, this, [this] { m_commands->recoverNode(m_node->currentData().toString()); });
    connect(m_floor, &QCheckBox::toggled, this, [this](bool on) { m_commands->setReplicaFloorEnabled(on); });
    connect(m_reset, &QPushButton::clicked, this, [this] { m_commands->resetCluster(); });
    return box;
}

void ControlsPanel::connectSession()
{
    connect(m_commands, &ClusterCommands::performed, this, &ControlsPanel::showCommand);
    connect(m_deployment, &QComboBox::currentIndexChanged, this, [this] {
        m_shownReplicas = -1;
        m_shownImage.clear();
        refreshDeploymentDetails();
        refreshPods();
        emit currentDeploymentChanged(currentDeployment());
    });
    connect(&m_session, &ClusterSession::clusterReset, this, [this] {
        const QSignalBlocker block(m_floor);
        m_floor->setChecked(false);
        refresh();
    });
    connect(&m_session, &ClusterSession::storeEvents, this, [this](const std::vector<store::WatchEvent> &events) {
        bool deployments = false, details = false, nodes = false;
        for (const store::WatchEvent &e : events) {
            const QByteArray &k = e.kv.key;
            deployments |= k.startsWith("/registry/deployments/") && (e.type == store::WatchEvent::Delete || e.isCreate());
            details |= k.startsWith("/registry/deployments/") || k.startsWith("/registry/replicasets/");
            nodes |= k.startsWith("/registry/minions/");
            m_podsDirty |= k.startsWith("/registry/pods/");
        }
        if (deployments)
            refreshDeployments();
        if (details)
            refreshDeploymentDetails();
        if (nodes)
            refreshNodes();
    });
    connect(&m_session, &ClusterSession::frameDone, this, [this](qint64 now) {
        if (m_podsDirty && now - m_podsRefreshedAt >= kPodRefreshMs) {
            m_podsRefreshedAt = now;
            refreshPods();
        }
    });
}

QString ControlsPanel::currentDeployment() const
{
    return m_deployment->currentText();
}

void ControlsPanel::setCurrentDeployment(const QString &name)
{
    const int at = m_deployment->findText(name);
    if (at >= 0)
        m_deployment->setCurrentIndex(at);
}

void ControlsPanel::refresh()
{
    refreshDeployments();
    refreshDeploymentDetails();
    refreshPods();
    refreshNodes();
}

void ControlsPanel::refreshDeployments()
{
    const QString before = currentDeployment();
    QList<QPair<QString, QVariant>> items;
    for (const QString &name : ClusterQueries::deployments(m_session.api(), kNamespace))
        items.append({name, name});
    refill(m_deployment, items);
    for (QWidget *w : std::as_const(m_needsDeployment))
        w->setEnabled(!items.isEmpty());
    if (currentDeployment() != before) {
        m_shownReplicas = -1;
        m_shownImage.clear();
        refreshDeploymentDetails();
        refreshPods();
        emit currentDeploymentChanged(currentDeployment());
    }
}

void ControlsPanel::refreshDeploymentDetails()
{
    const QString name = currentDeployment();
    const auto d = name.isEmpty() ? nullptr : m_session.api().getAs<api::Deployment>(kNamespace, name);
    if (!d) {
        refill(m_container, {});
        refill(m_revision, {});
        return;
    }
    // Prefill unless the user has typed something of their own since the last prefill.
    if (m_replicas->value() == m_shownReplicas || m_shownReplicas < 0) {
        m_shownReplicas = d->replicas();
        m_replicas->setValue(m_shownReplicas);
    }
    QList<QPair<QString, QVariant>> containers;
    for (const api::Container &c : d->spec.template_.spec.containers)
        containers.append({c.name, c.image});
    refill(m_container, containers);
    const QString image = m_container->currentData().toString();
    if (m_image->text() == m_shownImage || m_shownImage.isEmpty()) {
        m_shownImage = image;
        m_image->setText(image);
    }
    QList<QPair<QString, QVariant>> revisions{{tr("previous revision"), qint64(0)}};
    const QList<ClusterQueries::Revision> history = ClusterQueries::revisions(m_session.api(), kNamespace, name);
    for (auto it = history.crbegin(); it != history.crend(); ++it)
        revisions.append({it->label(), it->revision});
    refill(m_revision, revisions);
    m_rollBack->setEnabled(history.size() > 1);
    m_pause->setEnabled(!d->spec.paused);
    m_resume->setEnabled(d->spec.paused);
}

void ControlsPanel::refreshPods()
{
    m_podsDirty = false;
    QList<QPair<QString, QVariant>> items;
    const QString name = currentDeployment();
    if (!name.isEmpty()) {
        for (const ClusterQueries::Pod &p : ClusterQueries::podsOf(m_session.api(), kNamespace, name))
            items.append({p.label(), p.name});
    }
    refill(m_pod, items);
    m_deletePod->setEnabled(!items.isEmpty());
    m_deleteRandom->setEnabled(!items.isEmpty());
}

void ControlsPanel::refreshNodes()
{
    QList<QPair<QString, QVariant>> items;
    for (const ClusterQueries::Node &n : ClusterQueries::nodes(m_session.api()))
        items.append({n.label(), n.name});
    refill(m_node, items);
    m_failNode->setEnabled(!items.isEmpty());
    m_recoverNode->setEnabled(!items.isEmpty());
    if (auto *floor = m_session.simulation().replicaFloor()) {
        const QSignalBlocker block(m_floor);
        m_floor->setChecked(floor->isEnabled());
    }
}

void ControlsPanel::showCommand(const QString &commandLine, const ClusterCommands::Result &result)
{
    m_commandLine->setText(QStringLiteral("$ ") + commandLine);
    m_output->setText(result.ok() ? result.output : result.errorLine());
    // Errors in a red that stays readable on the dark terminal.
    m_output->setStyleSheet(result.ok() ? QString() : QStringLiteral("QLabel { color: #fca5a5; }"));
    if (result.ok()) {
        // The command used what was typed: from now on the fields show the Deployment again.
        m_shownReplicas = -1;
        m_shownImage.clear();
    }
    refresh();
}

QString ControlsPanel::outputText() const
{
    return m_commandLine->text() + QLatin1Char('\n') + m_output->text();
}

} // namespace rlab::ui
