// TraceWording (issue 14): the core's English sentences shown in Korean at display time. The
// templates all have a translation with the same arguments; known sentences come out as
// expected; English is returned unchanged (the trace and `rlab run` never change); and every
// sentence the sample scenarios write, shown in Korean, keeps fewer than two English words
// outside Kubernetes identifiers (names, keys, upstream's function names, REST verbs and
// resources), so a new core sentence without a template fails here.
#include "core/sim/scenario.h"
#include "core/sim/scenariorunner.h"
#include "core/sim/simulation.h"
#include "englishwords.h"
#include "ui/i18n/language.h"
#include "ui/i18n/tracephrases.h"
#include "ui/i18n/tracewording.h"

#include <QDir>
#include <QRegularExpression>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

class TestTraceWording : public QObject
{
    Q_OBJECT

public:
    // English words (3+ lower-case letters) of a text that are not Kubernetes identifiers.
    static QStringList englishWords(const QString &text)
    {
        // Beyond the cells' identifiers: kubectl's rollout verbs and the words of gRPC errors.
        static const QSet<QString> identifiers = rlab::test::cellIdentifiers()
            + QSet<QString>{QStringLiteral("rollout"), QStringLiteral("pause"), QStringLiteral("resume"), QStringLiteral("undo"),
                            QStringLiteral("scale"), QStringLiteral("set"), QStringLiteral("image"), QStringLiteral("rpc"),
                            QStringLiteral("error"), QStringLiteral("code"), QStringLiteral("desc")};
        return rlab::test::englishWordsOf(text, identifiers);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(Language::setLanguage(QStringLiteral("ko")));
    }
    void cleanupTestCase()
    {
        Language::setLanguage(QStringLiteral("en"));
    }

    void everyTemplateIsTranslated()
    {
        static const QRegularExpression arg(QStringLiteral("%[1-9]"));
        QVERIFY(tracePhrases().size() > 150);
        QStringList problems;
        for (const char *source : tracePhrases()) {
            const QString english = QString::fromUtf8(source);
            const QString korean = QCoreApplication::translate(TraceWording::kContext, source);
            QStringList a, b;
            for (auto it = arg.globalMatch(english); it.hasNext();)
                a << it.next().captured();
            for (auto it = arg.globalMatch(korean); it.hasNext();)
                b << it.next().captured();
            a.removeDuplicates();
            b.removeDuplicates();
            a.sort();
            b.sort();
            if (korean == english || a != b)
                problems << english;
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    void sentences_data()
    {
        QTest::addColumn<QString>("english");
        QTest::addColumn<QString>("korean");
        QTest::newRow("queue") << "worker 0 got default/nginx after 12 ms in the queue"
                               << "워커 0이(가) default/nginx을(를) 가져옴 (큐에서 12 ms 대기)";
        QTest::newRow("two notes") << "syncDeployment default/nginx: rolloutRolling → reconcileNewReplicaSet: nginx-5f7799dff already has "
                                      "spec.replicas 3; rolloutRolling → syncRolloutStatus: status: 0 replicas, 0 updated, 0 ready, 0 "
                                      "available, 3 unavailable"
                                   << "syncDeployment default/nginx: rolloutRolling → reconcileNewReplicaSet: nginx-5f7799dff은(는) 이미 "
                                      "spec.replicas 3; rolloutRolling → syncRolloutStatus: 상태: 레플리카 0, 업데이트됨 0, 준비됨 0, 사용 "
                                      "가능 0, 사용 불가 3";
        QTest::newRow("trailing punctuation") << "Normal Scheduled: Successfully assigned default/web-1 to node-2."
                                              << "Normal Scheduled: default/web-1을(를) node-2에 할당함.";
        QTest::newRow("repeated argument") << "new RS may grow to maxTotal 13 (10 + maxSurge 3) − current 10 = 3; still needed 10 − 3 = 7; "
                                              "min(3, 7) = 3 → 3 + 3 = 6"
                                           << "새 RS가 늘 수 있는 양: maxTotal 13 (10 + maxSurge 3) − 현재 10 = 3; 아직 필요 10 − 3 = 7; "
                                              "min(3, 7) = 3 → 3 + 3 = 6";
        QTest::newRow("garbage collector") << "deleted ReplicaSet default/web-1: its owner Deployment default/web no longer exists"
                                           << "ReplicaSet default/web-1 삭제: 소유자 Deployment default/web이(가) 더 이상 없음";
        QTest::newRow("no template") << "syncPod default/web-1" << "syncPod default/web-1";
        QTest::newRow("not inside a word") << "readdress default/web (depth 1)" << "readdress default/web (depth 1)";
    }
    void sentences()
    {
        QFETCH(QString, english);
        QFETCH(QString, korean);
        QCOMPARE(TraceWording::display(english), korean);
        QCOMPARE(TraceWording::withOriginal(english), korean == english ? english : korean + QLatin1String("\n\n") + english);
    }

    void englishIsUnchanged()
    {
        Language::setLanguage(QStringLiteral("en"));
        const QString text = QStringLiteral("worker 0 got default/nginx after 12 ms in the queue");
        QCOMPARE(TraceWording::display(text), text);
        QCOMPARE(TraceWording::withOriginal(text), text);
        Language::setLanguage(QStringLiteral("ko"));
        QVERIFY(TraceWording::display(text) != text);
    }

    void scenariosLeaveNoEnglishSentence_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(RLAB_TEST_DATA "/../../resources/scenarios"));
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 9);
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }
    void scenariosLeaveNoEnglishSentence()
    {
        QFETCH(QString, path);
        QStringList errors;
        const std::optional<Scenario> scenario = Scenario::load(path, &errors);
        QVERIFY2(scenario, qPrintable(errors.join(u'\n')));
        ScenarioRunner runner(*scenario);
        runner.run();
        QSet<QString> texts;
        for (const TraceEvent &e : runner.simulation().trace().since(0))
            texts.insert(e.text);
        QVERIFY(texts.size() > 50);
        QStringList left;
        for (const QString &t : std::as_const(texts)) {
            const QStringList words = englishWords(TraceWording::display(t));
            if (words.size() >= 2)
                left << words.join(u' ') + QLatin1String("  ⟵  ") + t.left(200);
        }
        left.sort();
        QVERIFY2(left.isEmpty(), qPrintable(QString::number(left.size()) + QLatin1String(" sentences:\n") + left.mid(0, 40).join(u'\n')));
    }
};

QTEST_MAIN(TestTraceWording)
#include "tst_tracewording.moc"
