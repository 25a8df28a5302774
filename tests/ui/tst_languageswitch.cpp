// Switching the language live (issue 14): View > Language en → ko → en in the middle of the
// sample's rollout keeps the lab — store revision, pods, virtual time, window size, the docks'
// areas, tab groups and visibility, presenter mode, the time-travel position — and changes the
// words: after the switch to Korean no text of the English window (every widget, hidden docks
// and tooltips included) with two English words is left (tst_koreanvisible's rule), the Trace
// cells and the canvas cards' words are Korean; back in English the texts are exactly the first
// ones and none keeps a Hangul syllable; and a switched window shows exactly the texts of a window
// built in Korean in the same state. TranslationCatalog's conversions are checked alone.
#include "core/sim/view/clusterview.h"
#include "englishwords.h"
#include "ui/clustersession.h"
#include "ui/i18n/language.h"
#include "ui/i18n/translationcatalog.h"
#include "ui/mainwindow.h"
#include "ui/models/reconcilemodel.h"
#include "ui/models/storemodels.h"
#include "ui/models/traceeventmodel.h"
#include "ui/presenter/presentermode.h"
#include "ui/scene/carditem.h"
#include "ui/scene/clustercanvas.h"
#include "ui/timetravel/timetravel.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QGraphicsScene>
#include <QGroupBox>
#include <QLabel>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTabBar>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

class TestLanguageSwitch : public QObject
{
    Q_OBJECT

    // What must survive a switch.
    struct Lab
    {
        qint64 revision = 0, viewed = 0, elapsedMs = 0;
        int pods = 0;
        QSize size;
        bool presenter = false;
        QStringList visibleDocks;   // "traceDock 8 [activityDock eventsDock]": area and tab group
        QStringList geometry;       // "traceDock 0,420 330x250": every visible dock, to the pixel
        // Readable in a failure.
        QString describe() const
        {
            return QStringLiteral("revision %1, viewed %2, t %3 ms, %4 pods, presenter %5, %6x%7, docks %8")
                .arg(revision).arg(viewed).arg(elapsedMs).arg(pods).arg(presenter).arg(size.width()).arg(size.height())
                .arg(visibleDocks.join(u' '));
        }
    };
    static Lab lab(const MainWindow &w)
    {
        Lab l;
        const view::ClusterView &v = w.session().view();
        l.revision = v.revision();
        l.viewed = w.timeTravel().viewedRevision();
        l.elapsedMs = w.session().viewedElapsedMs();
        const auto pods = v.objects(0, QByteArrayLiteral("/registry/pods/"));
        l.pods = pods ? int(pods->kvs.size()) : -1;
        l.size = w.size();
        l.presenter = w.panel<PresenterMode>(QStringLiteral("presenter"))->isEnabled();
        for (QDockWidget *d : w.findChildren<QDockWidget *>()) {
            if (!d->isVisible())
                continue;
            QStringList tabs;
            for (QDockWidget *t : w.tabifiedDockWidgets(d))
                tabs << t->objectName();
            tabs.sort();
            l.visibleDocks << QStringLiteral("%1 %2 [%3]").arg(d->objectName()).arg(int(w.dockWidgetArea(d))).arg(tabs.join(u' '));
            const QRect g = d->geometry();
            l.geometry << QStringLiteral("%1 %2,%3 %4x%5").arg(d->objectName()).arg(g.x()).arg(g.y()).arg(g.width()).arg(g.height());
        }
        // The bars around the docks, whose heights the docks share.
        QList<QWidget *> bars{w.menuBar(), w.statusBar(), w.centralWidget()};
        for (QToolBar *t : w.findChildren<QToolBar *>())
            bars << t;
        for (QWidget *b : std::as_const(bars))
            if (b && b->isVisible())
                l.geometry << QStringLiteral("%1 %2,%3 %4x%5").arg(b->objectName().isEmpty() ? QString::fromLatin1(b->metaObject()->className()) : b->objectName())
                                  .arg(b->x()).arg(b->y()).arg(b->width()).arg(b->height());
        l.visibleDocks.sort();
        l.geometry.sort();
        return l;
    }

    // Every text of the window's widgets, hidden ones too (presenter mode's hidden docks), and
    // their tooltips.
    static QSet<QString> texts(const MainWindow &w)
    {
        return rlab::test::widgetTexts(w, true, true);
    }
    // texts() without the time-travel label's short line: the label shows its whole line, or
    // the line without the write's key when the whole one does not fit the pixels the layout
    // gives it (presenter mode at 1280 px), and the whole line is its tooltip, which stays in.
    // Which of the two shows is a matter of width, not language: since pods are Ready as they
    // start (be155d8) the whole line at t=3 s is a few pixels from fitting, and a window built
    // in Korean showed the short line in one Debug run of three, the switched one the whole line.
    static QSet<QString> translatedTexts(const MainWindow &w)
    {
        QSet<QString> out = texts(w);
        if (const auto *label = w.findChild<QLabel *>(QStringLiteral("timeTravelLabel")); label && label->text() != label->toolTip())
            out.remove(label->text());
        return out;
    }

    // tst_koreanvisible's rule: two English words (3+ lower-case letters), identifiers aside.
    static int englishWords(QString text)
    {
        return rlab::test::englishWordCount(std::move(text));
    }
    static bool hasHangul(const QString &text)
    {
        return std::any_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3; });
    }

    // The counters' and summaries' words of every card on the canvas (painted, not widgets).
    static QStringList cardWords(const MainWindow &w)
    {
        QStringList out;
        for (QGraphicsItem *item : w.panel<ClusterCanvas>(QStringLiteral("canvas"))->scene()->items())
            if (const auto *card = dynamic_cast<const CardItem *>(item)) {
                for (const auto &counter : card->content().counters)
                    out << counter.first;
                out << card->content().summary;
            }
        return out;
    }

    static QAction *languageAction(const MainWindow &w, const QString &code)
    {
        for (QAction *a : w.findChildren<QAction *>())
            if (a->isCheckable() && a->data().toString() == code)
                return a;
        return nullptr;
    }

private slots:
    void cleanup()
    {
        Language::setLanguage(QStringLiteral("en"));
    }

    void catalog_data()
    {
        QTest::addColumn<QString>("shown");
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("expected");
        QTest::newRow("exact en→ko") << "Trace" << "en" << "ko" << "트레이스";
        QTest::newRow("argument en→ko") << "Revision 42" << "en" << "ko" << "리비전 42";
        QTest::newRow("argument ko→en") << "리비전 42" << "ko" << "en" << "Revision 42";
        QTest::newRow("longest message wins") << "리비전 40을(를) 보는 중 (읽기 전용): 먼저 실시간으로 돌아가세요" << "ko" << "en"
                                              << "viewing revision 40 (read-only): return to live first";
        QTest::newRow("suffix ko→en") << "t = 00:00:03.0 · 멈춤" << "ko" << "en" << "t = 00:00:03.0 · paused";
        QTest::newRow("argument is a message") << "Latency: Classroom" << "en" << "ko" << "지연 시간: 교실";
        QTest::newRow("English plural form") << "30 keys" << "en" << "ko" << "키 30개";
        QTest::newRow("plural en→ko") << "3 key(s)" << "en" << "ko" << "키 3개";
        QTest::newRow("not a message") << "default/nginx" << "en" << "ko" << "default/nginx";
        QTest::newRow("user text") << "my notes about Trace" << "en" << "ko" << "my notes about Trace";
    }
    void catalog()
    {
        QFETCH(QString, shown);
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, expected);
        QVERIFY(TranslationCatalog::instance().size() > 600);
        QVERIFY(Language::setLanguage(to));
        QCOMPARE(TranslationCatalog::instance().convert(shown, from), expected);
    }

    // The switched window shows exactly what a window built in Korean shows in the same state
    // (every widget's text and tooltip): nothing is left half-translated.
    void sameAsAWindowBuiltInKorean_data()
    {
        QTest::addColumn<bool>("presenter");
        QTest::newRow("default layout") << false;
        QTest::newRow("presenter mode") << true;
    }
    void sameAsAWindowBuiltInKorean()
    {
        QFETCH(bool, presenter);
        auto rolledOut = [presenter](const QString &language) {
            Language::setLanguage(language);
            MainWindow::Options o;
            o.persistLayout = false;
            o.startFrames = false;
            auto w = std::make_unique<MainWindow>(o);
            w->resize(1280, 720);
            w->show();
            w->restoreDefaultLayout();
            QFile sample(QStringLiteral(":/manifests/nginx-deployment.yaml"));
            if (!sample.open(QIODevice::ReadOnly) || !w->applyText(QString::fromUtf8(sample.readAll()), QStringLiteral("nginx-deployment.yaml")).ok())
                return std::unique_ptr<MainWindow>();
            w->session().advance(3'000);
            w->refreshNow();
            w->panel<PresenterMode>(QStringLiteral("presenter"))->setEnabled(presenter);
            QApplication::processEvents();
            return w;
        };
        std::unique_ptr<MainWindow> switched = rolledOut(QStringLiteral("en"));
        QVERIFY(switched);
        switched->switchLanguage(QStringLiteral("ko"));
        QApplication::processEvents();
        const QSet<QString> live = translatedTexts(*switched);
        switched.reset();
        const std::unique_ptr<MainWindow> built = rolledOut(QStringLiteral("ko"));
        QVERIFY(built);
        const QSet<QString> korean = translatedTexts(*built);
        QVERIFY(korean.size() > 100);
        QStringList onlySwitched = QStringList((live - korean).values()), onlyBuilt = QStringList((korean - live).values());
        onlySwitched.sort();
        onlyBuilt.sort();
        QCOMPARE(onlySwitched, onlyBuilt);   // both empty; on failure they show the pairs
    }

    void switchMidRollout_data()
    {
        QTest::addColumn<bool>("presenter");
        QTest::addColumn<bool>("past");
        QTest::newRow("default layout") << false << false;
        QTest::newRow("presenter mode") << true << false;
        QTest::newRow("time travelling") << false << true;
    }
    void switchMidRollout()
    {
        QFETCH(bool, presenter);
        QFETCH(bool, past);
        Language::setLanguage(QStringLiteral("en"));
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        MainWindow w(o);
        w.resize(1280, 720);
        w.show();
        w.restoreDefaultLayout();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QFile sample(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        QVERIFY(w.applyText(QString::fromUtf8(sample.readAll()), QStringLiteral("nginx-deployment.yaml")).ok());
        w.session().advance(3'000);   // mid-rollout: pods created, not all ready
        w.refreshNow();
        if (presenter)
            w.panel<PresenterMode>(QStringLiteral("presenter"))->setEnabled(true);
        if (past)
            QVERIFY(w.timeTravel().viewRevision(w.session().view().revision() - 5));
        // Under load a panel may still be taking the reset in slices (the intake gated, so
        // refreshNow() hands on only a frame's budget: the time-travel label then lacks its
        // "· t=… · PUT …" until a later frame). Frames until it is done, then everything.
        QTRY_VERIFY_WITH_TIMEOUT((w.refreshNow(), !w.session().isIntakeGated()), 20000);
        w.refreshNow();
        QApplication::processEvents();
        const Lab before = lab(w);
        QVERIFY(before.pods > 0);
        QCOMPARE(before.presenter, presenter);
        const QSet<QString> english = texts(w);
        auto *trace = w.models().trace();
        QVERIFY(trace->rowCount() > 50);
        int getRow = trace->rowCount() - 1;   // the newest "worker 0 got default/nginx after 0 ms in the queue"
        while (getRow > 0 && trace->event(getRow).type != QLatin1String("QueueGet"))
            --getRow;
        const QModelIndex traceCell = trace->index(getRow, TraceEventModel::TextColumn);
        const QString traceEnglish = traceCell.data().toString();

        QAction *korean = languageAction(w, QStringLiteral("ko"));
        QVERIFY(korean);
        korean->trigger();
        QApplication::processEvents();   // the posted LanguageChange events
        QCOMPARE(Language::current(), QStringLiteral("ko"));
        QVERIFY(korean->isChecked());
        // The same docks in the same places; sizes may grow to fit longer words (and come back).
        QCOMPARE(lab(w).describe(), before.describe());
        QStringList untranslated;
        for (const QString &t : texts(w))
            if (english.contains(t) && englishWords(t) >= 2 && !t.startsWith(QLatin1String("kubectl ")))   // a command
                untranslated << t.left(120);
        untranslated.sort();
        QVERIFY2(untranslated.isEmpty(), qPrintable(QStringLiteral("\n") + untranslated.join(u'\n')));
        QVERIFY(hasHangul(w.panels().dock(QStringLiteral("trace"))->windowTitle()));
        for (const QString &t : texts(w))   // composed labels: "t = 00:00:03.0 · paused"
            QVERIFY2(!t.endsWith(QLatin1String(" · paused")), qPrintable(t));
        if (past)
            QVERIFY2(hasHangul(w.statusBar()->currentMessage()), qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(cardWords(w).size() >= 10);
        for (const QString &word : cardWords(w))
            QVERIFY2(hasHangul(word), qPrintable(word));
        QVERIFY(hasHangul(traceCell.data().toString()));
        QCOMPARE(traceCell.data(Qt::ToolTipRole).toString().section(QStringLiteral("\n\n"), 1, 1), traceEnglish);

        languageAction(w, QStringLiteral("en"))->trigger();
        QApplication::processEvents();
        QCOMPARE(Language::current(), QStringLiteral("en"));
        QCOMPARE(lab(w).describe(), before.describe());
        // The round trip puts the layout back exactly (Korean's longer words may have widened a
        // dock; the English layout is the one from before, not the widened one).
        QCOMPARE(lab(w).geometry.join(u'\n'), before.geometry.join(u'\n'));
        QStringList korean2;
        for (const QString &t : texts(w))
            if (hasHangul(t) && t != Language::displayName(QStringLiteral("ko")))
                korean2 << t.left(120);
        korean2.sort();
        QVERIFY2(korean2.isEmpty(), qPrintable(QStringLiteral("\n") + korean2.join(u'\n')));
        const QSet<QString> after = texts(w);   // the difference, not two sets of ~100 texts
        QVERIFY2(after == english, qPrintable(QStringLiteral("\nonly after the round trip: %1\nonly before: %2")
                                                  .arg(QStringList((after - english).values()).join(QStringLiteral(" | ")),
                                                       QStringList((english - after).values()).join(QStringLiteral(" | ")))));
        if (past)
            QVERIFY2(!hasHangul(w.statusBar()->currentMessage()), qPrintable(w.statusBar()->currentMessage()));
        for (const QString &word : cardWords(w))
            QVERIFY2(!hasHangul(word), qPrintable(word));
        QCOMPARE(traceCell.data().toString(), traceEnglish);
    }
};

QTEST_MAIN(TestLanguageSwitch)
#include "tst_languageswitch.moc"
