#include "ui/i18n/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

#include <memory>

namespace rlab::ui {

namespace {

struct Installed
{
    QString code = QStringLiteral("en");
    std::unique_ptr<QTranslator> app;
    std::unique_ptr<QTranslator> qt;
};

Installed &installed()
{
    static Installed state;
    return state;
}

void uninstall(std::unique_ptr<QTranslator> &translator)
{
    if (translator) {
        QCoreApplication::removeTranslator(translator.get());
        translator.reset();
    }
}

} // namespace

QStringList Language::availableLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("ko")};
}

QString Language::displayName(const QString &code)
{
    if (code == QLatin1String("ko"))
        return QStringLiteral("\ud55c\uad6d\uc5b4");   // 한국어
    return QStringLiteral("English");
}

QString Language::fromLocale(const QLocale &locale)
{
    return locale.language() == QLocale::Korean ? QStringLiteral("ko") : QStringLiteral("en");
}

QString Language::preferred()
{
    const QString saved = QSettings().value(QLatin1String(kSettingsKey)).toString();
    if (availableLanguages().contains(saved))
        return saved;
    return fromLocale(QLocale::system());
}

void Language::applyPreferred()
{
    setLanguage(preferred());
}

bool Language::setLanguage(const QString &code, bool remember)
{
    if (!availableLanguages().contains(code))
        return false;
    Installed &state = installed();
    uninstall(state.app);
    uninstall(state.qt);
    // English is the source language: the app's _en.qm holds only plural forms, Qt needs none.
    auto app = std::make_unique<QTranslator>();
    if (app->load(QStringLiteral(":/i18n/reconcile-lab_%1.qm").arg(code)) && !app->isEmpty()) {
        QCoreApplication::installTranslator(app.get());
        state.app = std::move(app);
    }
    if (code != QLatin1String("en")) {
        auto qt = std::make_unique<QTranslator>();
        if (qt->load(QStringLiteral("qtbase_%1").arg(code), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qt.get());
            state.qt = std::move(qt);
        }
    }
    state.code = code;
    if (remember)
        QSettings().setValue(QLatin1String(kSettingsKey), code);
    return true;
}

QString Language::current()
{
    return installed().code;
}

} // namespace rlab::ui
