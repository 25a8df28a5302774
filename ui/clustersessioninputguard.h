#pragma once
#include <QObject>

#include <functional>

namespace rlab::ui {

// The user's input waits for the runner's step in flight (issue #17): installed on the
// application by a ClusterSession, it calls `onInput` (the session's settle()) before any mouse
// button, key or wheel event is delivered, so whatever the click or key does to the lab — a
// command, a lesson's or scenario's next step that drives the Simulation directly — runs at a
// step boundary, never beside the runner thread. Thread rules: GUI thread only.
class ClusterSessionInputGuard : public QObject
{
public:
    ClusterSessionInputGuard(std::function<void()> onInput, QObject *parent);
    ~ClusterSessionInputGuard() override;
    // How many input events waited (for tests).
    qint64 guarded() const { return m_guarded; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    std::function<void()> m_onInput;
    qint64 m_guarded = 0;
};

} // namespace rlab::ui
