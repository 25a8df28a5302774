#pragma once
#include "core/kubectl/rollout.h"

#include <QFrame>

class QLabel;

namespace rlab::ui {

// The Controls' small dark terminal: the last command as it would be typed ("$ kubectl scale
// deployment/nginx --replicas=4") and what kubectl printed, the error line in red when refused,
// so that every button teaches its kubectl equivalent. GUI thread only.
class CommandTerminal : public QFrame
{
    Q_OBJECT
public:
    explicit CommandTerminal(QWidget *parent = nullptr);

    void showCommand(const QString &commandLine, const kubectl::rollout::RolloutResult &result);
    // "$ <command>\n<output>"
    QString text() const;

private:
    QLabel *m_commandLine;
    QLabel *m_output;
};

} // namespace rlab::ui
