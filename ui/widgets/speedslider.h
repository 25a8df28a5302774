#pragma once
#include <QWidget>

class QLabel;
class QSlider;

namespace rlab::ui {

class ClusterSession;

// "Speed ×10": a horizontal slider on SpeedScale's logarithmic scale (×0.1 … ×100) bound to
// ClusterSession::speed() both ways — moving it sets the session's speed, and a speed set
// elsewhere moves it. Ticks at ×0.1, ×1, ×10, ×100. GUI thread only.
class SpeedSlider : public QWidget
{
    Q_OBJECT
public:
    explicit SpeedSlider(ClusterSession &session, QWidget *parent = nullptr);

    QSlider *slider() const { return m_slider; }
    QString labelText() const;

private:
    void showSpeed(double speed);

    ClusterSession &m_session;
    QSlider *m_slider;
    QLabel *m_label;
};

} // namespace rlab::ui
