// Korean everywhere (issue 14): the window built in English and in Korean, in the same state
// (the sample Deployment rolled out), shows no visible text that is the same English sentence in
// both — labels, buttons, tabs, group boxes, dock titles, combo box items, menu actions. Kubernetes
// identifiers and object names stay as they are: a token with '/', '.', '-', '_', ':', a digit
// or an inner capital (syncDeployment, nginx-deployment.yaml, default/nginx) is not a word, and a
// text needs two English words (3+ lower-case letters) to count as a sentence. It finds wholly
// untranslated strings; a half-translated one differs between the windows and is not caught.
// The item views the core's sentences fill (Controller activity, Trace, the Arithmetic panel's
// sync log, the Events' messages) and the Arithmetic summary are checked cell by cell in Korean alone: no cell keeps two
// English words besides identifiers, REST verbs and resource names (tst_tracewording's rule).
#include "ui/clustersession.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow.h"
#include "ui/presenter/presentermode.h"
#include "englishwords.h"
#include "ui/arithmetic/arithmeticpanel.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QHeaderView>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QRegularExpression>
#include <QTabBar>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

class TestKoreanVisible : public QObject
{
    Q_OBJECT

    // The window in `language` after the sample rolled out (30 s of virtual time); null if the
    // sample could not be applied.
    static std::unique_ptr<MainWindow> rolledOut(const QString &language, bool presenter)
    {
        Language::setLanguage(language);
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        auto w = std::make_unique<MainWindow>(o);
        w->resize(1280, 720);
        w->show();
        w->restoreDefaultLayout();
        if (presenter)
            w->panel<PresenterMode>(QStringLiteral("presenter"))->setEnabled(true);
        QFile sample(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        if (!sample.open(QIODevice::ReadOnly) || !w->applyText(QString::fromUtf8(sample.readAll()), QStringLiteral("nginx-deployment.yaml")).ok())
            return nullptr;
        w->session().advance(30'000);
        w->refreshNow();
        QApplication::processEvents();
        return w;
    }

    // Every visible text of the window, in `language`, after the sample rolled out.
    static QSet<QString> visibleTexts(const QString &language, bool presenter)
    {
        const std::unique_ptr<MainWindow> window = rolledOut(language, presenter);
        if (!window)
            return {};
        const MainWindow &w = *window;
        return rlab::test::widgetTexts(w, false, false);
    }

public:
    // English words (3+ lower-case letters) of a cell that are not Kubernetes identifiers:
    // controllers, REST verbs and resources (a request's "<agent> <verb> <resource> <key>"), tools.
    static QStringList cellEnglish(const QString &text)
    {
        return rlab::test::englishWordsOf(text);
    }

    // "panel: words ⟵ cell" for every header and cell of the panel's item views that keeps two
    // English words; `cells` counts the texts seen.
    static QStringList englishCells(const MainWindow &w, const QString &panel, int *cells)
    {
        QStringList out;
        for (const QAbstractItemView *view : w.panel<QWidget>(panel)->findChildren<QAbstractItemView *>()) {
            const QAbstractItemModel *m = view->model();
            if (!m || qobject_cast<const QHeaderView *>(view))
                continue;
            QStringList texts;
            for (int c = 0; c < m->columnCount(); ++c)
                texts << m->headerData(c, Qt::Horizontal).toString();
            for (int r = 0; r < m->rowCount(); ++r)
                for (int c = 0; c < m->columnCount(); ++c)
                    texts << m->index(r, c).data().toString();
            *cells += int(texts.size());
            for (const QString &t : std::as_const(texts)) {
                const QStringList words = cellEnglish(t);
                if (words.size() >= 2)
                    out << panel + QLatin1String(": ") + words.join(u' ') + QLatin1String("  ⟵  ") + t.left(160);
            }
        }
        return out;
    }

    // The English words of a text: tags, zero-width spaces and identifiers taken out.
    static int englishWords(QString text)
    {
        return rlab::test::englishWordCount(std::move(text));
    }

private slots:
    void cleanup()
    {
        Language::setLanguage(QStringLiteral("en"));
    }

    void wordsAndIdentifiers_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("words");
        QTest::newRow("a sentence") << "Back to the lab" << 2;   // "the", "lab"
        QTest::newRow("identifiers") << "nginx-deployment.yaml default/nginx syncDeployment" << 0;
        QTest::newRow("controller names") << "deployment + replicaset" << 0;
        QTest::newRow("html and Korean") << "<b>deployment/nginx</b> · 전략 RollingUpdate" << 0;
        QTest::newRow("field names with numbers") << "spec.replicas 3 · status: 3 current, 3 ready" << 3;
    }
    void wordsAndIdentifiers()
    {
        QFETCH(QString, text);
        QFETCH(int, words);
        QCOMPARE(englishWords(text), words);
    }

    void nothingVisibleStaysEnglish_data()
    {
        QTest::addColumn<bool>("presenter");
        QTest::newRow("default layout") << false;
        QTest::newRow("presenter mode") << true;
    }
    void nothingVisibleStaysEnglish()
    {
        QFETCH(bool, presenter);
        const QSet<QString> english = visibleTexts(QStringLiteral("en"), presenter);
        const QSet<QString> korean = visibleTexts(QStringLiteral("ko"), presenter);
        QVERIFY(english.size() > 50 && korean.size() > 50);
        QStringList untranslated;
        for (const QString &t : korean)
            if (english.contains(t) && englishWords(t) >= 2)
                untranslated << t.left(120);
        untranslated.sort();
        QVERIFY2(untranslated.isEmpty(), qPrintable(QStringLiteral("\n") + untranslated.join(u'\n')));
    }

    void itemViewsSayItInKorean_data()
    {
        QTest::addColumn<QString>("panel");
        QTest::addColumn<int>("minimumRows");
        QTest::newRow("Controller activity") << "activity" << 20;
        QTest::newRow("Trace") << "trace" << 100;
        QTest::newRow("Arithmetic") << "arithmetic" << 2;
        QTest::newRow("Events") << "events" << 5;
    }
    void itemViewsSayItInKorean()
    {
        QFETCH(QString, panel);
        QFETCH(int, minimumRows);
        const std::unique_ptr<MainWindow> w = rolledOut(QStringLiteral("ko"), false);
        QVERIFY(w);
        int cells = 0, rows = 0;
        QStringList english = englishCells(*w, panel, &cells);
        for (const QAbstractItemView *view : w->panel<QWidget>(panel)->findChildren<QAbstractItemView *>())
            if (!qobject_cast<const QHeaderView *>(view) && view->model())
                rows += view->model()->rowCount();
        QVERIFY2(rows >= minimumRows, qPrintable(QString::number(rows)));
        if (auto *arithmetic = w->panel<ArithmeticPanel>(panel))
            for (const QString &line : arithmetic->summaryText().split(u'\n'))
                if (cellEnglish(line).size() >= 2)
                    english << QLatin1String("summary: ") + line;
        english.sort();
        QVERIFY2(english.isEmpty(), qPrintable(QString::number(english.size()) + QLatin1String(" of ") + QString::number(cells)
                                               + QLatin1String(" cells:\n") + english.mid(0, 30).join(u'\n')));
    }
};

QTEST_MAIN(TestKoreanVisible)
#include "tst_koreanvisible.moc"
