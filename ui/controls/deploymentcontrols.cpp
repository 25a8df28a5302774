#include "ui/controls/deploymentcontrols.h"

#include "core/api/deployment.h"
#include "core/client/interface.h"
#include "ui/clustersession.h"
#include "ui/commands/clustercommands.h"
#include "ui/commands/clusterqueries.h"
#include "ui/controls/combofill.h"
#include "ui/theme.h"

#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace rlab::ui {

DeploymentControls::DeploymentControls(ClusterSession &session, ClusterCommands *commands, QWidget *parent)
    : QWidget(parent), m_session(session), m_commands(commands)
{
    // One column of small groups, so that the panel reads well in a 300-pixel dock.
    auto *column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    for (QWidget *group : {buildScale(), buildImage(), buildHistory(), buildRollout()})
        column->addWidget(group);
    setEnabled(false);
}

QPushButton *DeploymentControls::button(const QString &text, const QString &tip)
{
    auto *b = new QPushButton(text, this);
    b->setToolTip(tip);
    b->setMinimumHeight(fontMetrics().height() * 2);
    b->setAutoDefault(false);
    return b;
}

QWidget *DeploymentControls::buildScale()
{
    auto *box = new QGroupBox(tr("Scale"), this);
    m_replicas = new QSpinBox(box);
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
    auto *row = new QHBoxLayout(box);
    row->addWidget(m_scaleDown);
    row->addWidget(m_replicas, 1);
    row->addWidget(m_scaleUp);
    row->addWidget(m_scale, 1);
    connect(m_scale, &QPushButton::clicked, this, [this] { m_commands->scale(m_deployment, m_replicas->value()); });
    connect(m_scaleDown, &QPushButton::clicked, this, [this] {
        m_replicas->setValue(qMax(0, m_replicas->value() - 1));
        m_commands->scale(m_deployment, m_replicas->value());
    });
    connect(m_scaleUp, &QPushButton::clicked, this, [this] {
        m_replicas->setValue(m_replicas->value() + 1);
        m_commands->scale(m_deployment, m_replicas->value());
    });
    return box;
}

QWidget *DeploymentControls::buildImage()
{
    auto *box = new QGroupBox(tr("Set image"), this);
    m_container = new QComboBox(box);
    m_container->setObjectName(QStringLiteral("containerBox"));
    m_container->setToolTip(tr("Container"));
    m_container->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_container->setMinimumContentsLength(6);
    m_image = new QLineEdit(box);
    m_image->setObjectName(QStringLiteral("imageEdit"));
    m_image->setFont(theme::monospaceFont());
    m_image->setPlaceholderText(QStringLiteral("nginx:1.26"));
    m_image->setMinimumHeight(fontMetrics().height() * 2);
    m_setImage = button(tr("Set image"), tr("kubectl set image deployment/<name> <container>=<image>: a new template, a new rollout"));
    auto *layout = new QVBoxLayout(box);
    auto *containerRow = new QHBoxLayout;
    containerRow->addWidget(new QLabel(tr("Container"), box));
    containerRow->addWidget(m_container, 1);
    auto *imageRow = new QHBoxLayout;
    imageRow->addWidget(m_image, 1);
    imageRow->addWidget(m_setImage);
    layout->addLayout(containerRow);
    layout->addLayout(imageRow);
    connect(m_setImage, &QPushButton::clicked, this,
            [this] { m_commands->setImage(m_deployment, m_container->currentText(), m_image->text().trimmed()); });
    connect(m_image, &QLineEdit::returnPressed, m_setImage, &QPushButton::click);
    connect(m_container, &QComboBox::currentIndexChanged, this, [this] {
        m_shownImage = m_container->currentData().toString();
        m_image->setText(m_shownImage);
    });
    return box;
}

QWidget *DeploymentControls::buildHistory()
{
    auto *box = new QGroupBox(tr("Roll back (rollout history)"), this);
    m_revision = new QComboBox(box);
    m_revision->setObjectName(QStringLiteral("revisionBox"));
    m_revision->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_revision->setMinimumContentsLength(10);
    m_revision->setToolTip(tr("REVISION · image · CHANGE-CAUSE, as kubectl rollout history lists them"));
    m_rollBack = button(tr("Roll back"), tr("kubectl rollout undo [--to-revision=N]: the revision's template comes back"));
    auto *row = new QVBoxLayout(box);   // stacked: "previous revision" whole in a narrow column
    row->addWidget(m_revision);
    row->addWidget(m_rollBack);
    connect(m_rollBack, &QPushButton::clicked, this,
            [this] { m_commands->rolloutUndo(m_deployment, m_revision->currentData().toLongLong()); });
    return box;
}

QWidget *DeploymentControls::buildRollout()
{
    auto *box = new QGroupBox(tr("Rollout"), this);
    m_pause = button(tr("Pause"), tr("kubectl rollout pause: template changes wait, scaling still works"));
    m_resume = button(tr("Resume"), tr("kubectl rollout resume"));
    m_restart = button(tr("Restart"), tr("kubectl rollout restart: template annotation kubectl.kubernetes.io/restartedAt, a new rollout"));
    auto *row = new QHBoxLayout(box);
    for (QPushButton *b : {m_pause, m_resume, m_restart})
        row->addWidget(b);
    connect(m_pause, &QPushButton::clicked, this, [this] { m_commands->pause(m_deployment); });
    connect(m_resume, &QPushButton::clicked, this, [this] { m_commands->resume(m_deployment); });
    connect(m_restart, &QPushButton::clicked, this, [this] { m_commands->restart(m_deployment); });
    return box;
}

void DeploymentControls::setDeployment(const QString &name, bool refreshNow)
{
    m_deployment = name;
    setEnabled(!name.isEmpty());
    commandDone();
    if (refreshNow)
        refresh();
}

void DeploymentControls::commandDone()
{
    m_shownReplicas = -1;
    m_shownImage.clear();
}

void DeploymentControls::refresh()
{
    const auto d = m_deployment.isEmpty() ? nullptr : m_session.readClient().getAs<api::Deployment>(m_session.namespace_(), m_deployment);
    if (!d) {
        refillCombo(m_container, {});
        refillCombo(m_revision, {});
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
    refillCombo(m_container, containers);
    const QString image = m_container->currentData().toString();
    if (m_image->text() == m_shownImage || m_shownImage.isEmpty()) {
        m_shownImage = image;
        m_image->setText(image);
    }
    QList<QPair<QString, QVariant>> revisions{{tr("previous revision"), qint64(0)}};
    const QList<ClusterQueries::Revision> history = ClusterQueries::revisions(m_session.readClient(), m_session.namespace_(), m_deployment);
    for (auto it = history.crbegin(); it != history.crend(); ++it)
        revisions.append({it->label(), it->revision});
    refillCombo(m_revision, revisions);
    m_rollBack->setEnabled(history.size() > 1);
    m_pause->setEnabled(!d->spec.paused);
    m_resume->setEnabled(d->spec.paused);
}

} // namespace rlab::ui
