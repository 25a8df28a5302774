#include "ui/controls/commandterminal.h"

#include "ui/theme.h"

#include <QLabel>
#include <QVBoxLayout>

namespace rlab::ui {

CommandTerminal::CommandTerminal(QWidget *parent)
    : QFrame(parent), m_commandLine(new QLabel(QStringLiteral("$ kubectl …"), this)),
      m_output(new QLabel(tr("each button runs a kubectl command, shown here"), this))
{
    setObjectName(QStringLiteral("commandTerminal"));
    setStyleSheet(QStringLiteral("#commandTerminal { background: #1e293b; border-radius: 4px; }"
                                 " #commandTerminal QLabel { color: #e2e8f0; background: transparent; }"));
    m_commandLine->setObjectName(QStringLiteral("commandLine"));
    m_output->setObjectName(QStringLiteral("commandOutput"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(2);
    for (QLabel *label : {m_commandLine, m_output}) {
        label->setFont(theme::monospaceFont());
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        layout->addWidget(label);
    }
}

void CommandTerminal::showCommand(const QString &commandLine, const kubectl::rollout::RolloutResult &result)
{
    m_commandLine->setText(QStringLiteral("$ ") + commandLine);
    m_output->setText(result.ok() ? result.output : result.errorLine());
    // Errors in a red that stays readable on the dark terminal.
    m_output->setStyleSheet(result.ok() ? QString() : QStringLiteral("QLabel { color: #fca5a5; }"));
}

QString CommandTerminal::text() const
{
    return m_commandLine->text() + QLatin1Char('\n') + m_output->text();
}

} // namespace rlab::ui
