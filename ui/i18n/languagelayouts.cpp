#include "ui/i18n/languagelayouts.h"

#include <QMainWindow>

namespace rlab::ui {

LanguageLayouts::LanguageLayouts(QMainWindow *window)
    : QObject(window)
{
    setObjectName(QStringLiteral("languageLayouts"));
}

LanguageLayouts *LanguageLayouts::of(QMainWindow *window)
{
    if (auto *existing = window->findChild<LanguageLayouts *>(QString(), Qt::FindDirectChildrenOnly))
        return existing;
    return new LanguageLayouts(window);
}

QByteArray LanguageLayouts::leave(const QString &from, const QString &to, const QByteArray &stateNow, QSize size)
{
    // Moved or resized since the last switch: what was remembered no longer matches the window.
    if (stateNow != m_after || size != m_afterSize)
        m_left.clear();
    const Left back = m_left.value(to);
    m_left.insert(from, {stateNow, size});
    return !back.state.isEmpty() && back.size == size ? back.state : stateNow;
}

void LanguageLayouts::arrived(const QByteArray &stateAfter, QSize size)
{
    m_after = stateAfter;
    m_afterSize = size;
}

} // namespace rlab::ui
