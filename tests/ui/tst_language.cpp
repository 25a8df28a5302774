// English and Korean (issue 8): Language installs the embedded reconcile-lab_<code>.qm (and Qt's
// own qtbase_<code>.qm), tr() in namespaced classes finds strings lupdate filed under the bare
// class name, widgets retranslate on LanguageChange, and the start-up choice follows the
// QSettings preference, then the system locale.
#include "ui/clustersession.h"
#include "ui/i18n/language.h"
#include "ui/widgets/servepanel.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace rlab::ui;

class TestLanguage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().remove(QLatin1String(Language::kSettingsKey));
    }

    void cleanup()
    {
        Language::setLanguage(QStringLiteral("en"));
    }

    void koreanAndBack()
    {
        const char *context = "rlab::ui::ServePanel";   // what tr() in ServePanel asks for
        QCOMPARE(QCoreApplication::translate(context, "Serve the API"), QStringLiteral("Serve the API"));
        QVERIFY(Language::setLanguage(QStringLiteral("ko")));
        QCOMPARE(Language::current(), QStringLiteral("ko"));
        QCOMPARE(QCoreApplication::translate(context, "Serve the API"), QStringLiteral("API 제공"));
        QCOMPARE(QCoreApplication::translate(context, "%n open watch(es)", nullptr, 3), QStringLiteral("열린 watch 3개"));
        QCOMPARE(QCoreApplication::translate("rlab::ui::MainWindow", "&File"), QStringLiteral("파일(&F)"));
        QVERIFY(Language::setLanguage(QStringLiteral("en")));
        QCOMPARE(QCoreApplication::translate(context, "Serve the API"), QStringLiteral("Serve the API"));
        QCOMPARE(QCoreApplication::translate(context, "%n open watch(es)", nullptr, 1), QStringLiteral("1 open watch"));
        QCOMPARE(QCoreApplication::translate(context, "%n open watch(es)", nullptr, 2), QStringLiteral("2 open watches"));
    }

    void unknownLanguageIsRefused()
    {
        QVERIFY(!Language::setLanguage(QStringLiteral("fr")));
        QCOMPARE(Language::current(), QStringLiteral("en"));
        QCOMPARE(Language::availableLanguages(), QStringList({QStringLiteral("en"), QStringLiteral("ko")}));
        QCOMPARE(Language::displayName(QStringLiteral("ko")), QStringLiteral("한국어"));
    }

    void qtOwnStringsFollow()
    {
        const QString dir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        if (!QFileInfo::exists(dir + QStringLiteral("/qtbase_ko.qm")))
            QSKIP("qtbase_ko.qm is not installed (qt6-translations-l10n)");
        QVERIFY(Language::setLanguage(QStringLiteral("ko")));
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("취소"));
        QVERIFY(Language::setLanguage(QStringLiteral("en")));
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("Cancel"));
    }

    void widgetsRetranslateOnLanguageChange()
    {
        ClusterSession session;
        ServePanel panel(session, {});
        panel.show();
        QCOMPARE(panel.toggleButton()->text(), QStringLiteral("Serve the API"));
        Language::setLanguage(QStringLiteral("ko"));
        QTRY_COMPARE(panel.toggleButton()->text(), QStringLiteral("API 제공"));
        QCOMPARE(panel.addressText(), QStringLiteral("제공하지 않음"));
        Language::setLanguage(QStringLiteral("en"));
        QTRY_COMPARE(panel.toggleButton()->text(), QStringLiteral("Serve the API"));
    }

    void systemLocaleChoosesKorean_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("language");
        QTest::newRow("ko_KR") << "ko_KR" << "ko";
        QTest::newRow("ko") << "ko" << "ko";
        QTest::newRow("en_US") << "en_US" << "en";
        QTest::newRow("de_DE") << "de_DE" << "en";
        QTest::newRow("ja_JP") << "ja_JP" << "en";
        QTest::newRow("C") << "C" << "en";
    }

    void systemLocaleChoosesKorean()
    {
        QFETCH(QString, locale);
        QFETCH(QString, language);
        QCOMPARE(Language::fromLocale(QLocale(locale)), language);
    }

    void savedPreferenceWins()
    {
        QSettings settings;
        settings.setValue(QLatin1String(Language::kSettingsKey), QStringLiteral("ko"));
        QCOMPARE(Language::preferred(), QStringLiteral("ko"));
        settings.setValue(QLatin1String(Language::kSettingsKey), QStringLiteral("xx"));   // not offered: the locale decides
        QCOMPARE(Language::preferred(), Language::fromLocale(QLocale::system()));
        settings.remove(QLatin1String(Language::kSettingsKey));
        QVERIFY(Language::setLanguage(QStringLiteral("ko"), true));
        QCOMPARE(QSettings().value(QLatin1String(Language::kSettingsKey)).toString(), QStringLiteral("ko"));
        QCOMPARE(Language::preferred(), QStringLiteral("ko"));
        settings.remove(QLatin1String(Language::kSettingsKey));
    }
};

QTEST_MAIN(TestLanguage)
#include "tst_language.moc"
