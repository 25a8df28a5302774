#include "ui/widgets/speedslider.h"

#include "ui/clustersession.h"
#include "ui/widgets/speedscale.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>

namespace rlab::ui {

SpeedSlider::SpeedSlider(ClusterSession &session, QWidget *parent)
    : QWidget(parent), m_session(session), m_slider(new QSlider(Qt::Horizontal, this)), m_label(new QLabel(this))
{
    m_slider->setObjectName(QStringLiteral("speedSlider"));
    m_slider->setRange(0, SpeedScale::kSteps);
    m_slider->setSingleStep(SpeedScale::kStepsPerDecade / 10);
    m_slider->setPageStep(SpeedScale::kStepsPerDecade);
    m_slider->setTickInterval(SpeedScale::kStepsPerDecade);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('M')) * 10);
    // Long enough to aim at ×2 or ×20, short enough not to eat a 1920-pixel toolbar.
    setMaximumWidth(fontMetrics().horizontalAdvance(QLatin1Char('M')) * 28);
    m_slider->setToolTip(tr("Virtual time per real second: ×0.1 … ×100 (logarithmic)"));
    m_label->setObjectName(QStringLiteral("speedLabel"));
    // Room for the widest label, so the toolbar does not shift while dragging.
    m_label->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("×100")) + 6);
    QFont f = m_label->font();
    f.setBold(true);
    m_label->setFont(f);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(new QLabel(tr("Speed"), this));
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_label);

    showSpeed(session.speed());
    connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
        m_session.setSpeed(SpeedScale::speedAt(position));
        m_label->setText(SpeedScale::label(m_session.speed()));
    });
    connect(&session, &ClusterSession::speedChanged, this, &SpeedSlider::showSpeed);
    // A cluster too big for its frames runs slower than asked: "×10 → ×2.3 (busy)".
    connect(&session, &ClusterSession::pacingChanged, this, [this] { showSpeed(m_session.speed()); });
}

void SpeedSlider::showSpeed(double speed)
{
    const QSignalBlocker block(m_slider);
    m_slider->setValue(SpeedScale::positionOf(speed));
    if (m_session.isBehind()) {
        m_label->setText(tr("%1 → ×%2 (busy)").arg(SpeedScale::label(speed)).arg(m_session.effectiveSpeed(), 0, 'g', 2));
        m_label->setToolTip(tr("The cluster has more work than fits in a frame: virtual time runs slower than the chosen speed"));
    } else {
        m_label->setText(SpeedScale::label(speed));
        m_label->setToolTip(QString());
    }
}

QString SpeedSlider::labelText() const
{
    return m_label->text();
}

} // namespace rlab::ui
