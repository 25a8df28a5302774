// Korean everywhere (issue 14): the window built in English and in Korean, in the same state
// (the sample Deployment rolled out), shows no visible text that is the same English sentence in
// both — labels, buttons, tabs, group boxes, dock titles, combo box items, menu actions. Kubernetes
// identifiers and object names stay as they are: a token with '/', '.', '-', '_', ':', a digit
// or an inner capital (syncDeployment, nginx-deployment.yaml, default/nginx) is not a word, and a
// text needs two English words (3+ lower-case letters) to count as a sentence. It finds wholly
// untranslated strings; a half-translated one differs between the windows and is not caught.
#include "ui/clustersession.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow.h"
#include "ui/presenter/presentermode.h"

#include <QAbstractButton>
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

    // Every visible text of the window, in `language`, after the sample rolled out.
    static QSet<QString> visibleTexts(const QString &language, bool presenter)
    {
        Language::setLanguage(language);
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        MainWindow w(o);
        w.resize(1280, 720);
        w.show();
        w.restoreDefaultLayout();
        if (presenter)
            w.panel<PresenterMode>(QStringLiteral("presenter"))->setEnabled(true);
        QFile sample(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        if (!sample.open(QIODevice::ReadOnly) || !w.applyText(QString::fromUtf8(sample.readAll()), QStringLiteral("nginx-deployment.yaml")).ok())
            return {};
        w.session().advance(30'000);
        w.refreshNow();
        QApplication::processEvents();
        QSet<QString> out;
        for (QWidget *widget : w.findChildren<QWidget *>()) {
            if (!widget->isVisibleTo(&w))
                continue;
            if (auto *l = qobject_cast<QLabel *>(widget))
                out << l->text();
            else if (auto *b = qobject_cast<QAbstractButton *>(widget))
                out << b->text();
            else if (auto *g = qobject_cast<QGroupBox *>(widget))
                out << g->title();
            else if (auto *d = qobject_cast<QDockWidget *>(widget))
                out << d->windowTitle();
            else if (auto *c = qobject_cast<QComboBox *>(widget))
                for (int i = 0; i < c->count(); ++i)
                    out << c->itemText(i);
            if (auto *bar = qobject_cast<QTabBar *>(widget))
                for (int i = 0; i < bar->count(); ++i)
                    out << bar->tabText(i);
        }
        for (QAction *a : w.findChildren<QAction *>())
            out << a->text();
        out.remove(QString());
        return out;
    }

    // The English words of a text: tags, zero-width spaces and identifiers taken out.
    static int englishWords(QString text)
    {
        static const QRegularExpression tags(QStringLiteral("<[^>]*>")), word(QStringLiteral("^[a-z]{3,}[,.;:!?)]*$"));
        text.remove(tags).remove(QChar(0x200B)).remove(QLatin1Char('&'));
        // Lower-case Kubernetes names: controllers (kube-controller-manager's), tools, the sample.
        static const QSet<QString> names{QStringLiteral("deployment"), QStringLiteral("replicaset"), QStringLiteral("scheduler"),
                                         QStringLiteral("kubelet"), QStringLiteral("garbagecollector"), QStringLiteral("kubectl"),
                                         QStringLiteral("etcd"), QStringLiteral("nginx")};
        int n = 0;
        for (const QString &token : text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
            n += word.match(token).hasMatch() && !names.contains(token) ? 1 : 0;
        return n;
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
};

QTEST_MAIN(TestKoreanVisible)
#include "tst_koreanvisible.moc"
