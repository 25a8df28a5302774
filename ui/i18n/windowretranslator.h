#pragma once
#include <QString>

class QWidget;

namespace rlab::ui {

// Switching the language live: after Language::setLanguage(), retranslate(window, from) turns
// every text the window shows in language `from` into the installed one through the
// TranslationCatalog — window and dock titles, labels, buttons, group boxes, tabs, combo box
// items, placeholders, tooltips, menus and actions — and has the item views fetch their headers
// again. Nothing is rebuilt, so the cluster, the docks' layout, presenter mode and time travel
// stay as they are; user content (editors, line edits' text) is never touched. Texts that are not
// one whole message (a panel's HTML summary) are redone by their widget on
// QEvent::LanguageChange, and models and painted items call tr() when asked. Returns how many
// texts changed. GUI thread only.
class WindowRetranslator
{
public:
    static int retranslate(QWidget *root, const QString &from);
};

} // namespace rlab::ui
