#pragma once
#include <QLocale>
#include <QString>
#include <QStringList>

namespace rlab::ui {

// The window's language: English (the source strings) or Korean, from Qt Linguist files
// (resources/translations/reconcile-lab_<code>.ts, compiled to .qm and embedded as
// :/i18n/reconcile-lab_<code>.qm). `cmake --build B --target update_translations` re-runs lupdate
// over rlab_ui's sources with the project's include paths, so contexts are the full class names
// tr() uses ("rlab::ui::ServePanel"); Qt 6.4's lupdate run by hand over a directory files them
// under the bare name ("ServePanel") and they would not be found: use the target.
// At start: the QSettings "language" preference, else the system locale (ko*, e.g. ko_KR → "ko";
// anything else → "en"). setLanguage() swaps the QTranslators (the app's and Qt's
// own qtbase_<code>.qm from QLibraryInfo::TranslationsPath, when present); installing and
// removing translators sends QEvent::LanguageChange to every widget. The main window switches
// live: WindowRetranslator converts every text it shows through the TranslationCatalog, widgets
// whose texts are not one whole message (HTML summaries) rebuild them in
// changeEvent(LanguageChange), and models and painted items call tr() when asked.
// Thread rules: GUI thread only, after the QCoreApplication exists.
class Language
{
public:
    static QStringList availableLanguages();                   // {"en", "ko"}
    static QString displayName(const QString &code);           // "English", "한국어"
    // "ko" for any Korean locale, "en" otherwise.
    static QString fromLocale(const QLocale &locale);
    // The saved preference if valid, else fromLocale(QLocale::system()).
    static QString preferred();
    // Installs preferred() (call once at start, before building the window).
    static void applyPreferred();
    // Installs the translators of `code` (an available language; others are refused: false).
    // With remember, it is saved as the "language" preference (the menu switch does this).
    static bool setLanguage(const QString &code, bool remember = false);
    static QString current();   // "en" until a setLanguage()

    static constexpr const char *kSettingsKey = "language";
};

} // namespace rlab::ui
