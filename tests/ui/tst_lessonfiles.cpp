// Every lesson shipped in resources/lessons/ runs headless to the end on a ClusterSession, each
// prediction resolves to a value (one of its choices, if it has any), every text has Korean,
// and a few revealed answers equal what upstream's rules give.
#include "ui/clustersession.h"
#include "ui/lessons/lesson.h"
#include "ui/lessons/lessonplayer.h"

#include <QDir>
#include <QJsonValue>
#include <QtTest>

using namespace rlab::ui;

namespace {
QString lessonsDir()
{
    return QStringLiteral(RLAB_TEST_DATA "/../../resources/lessons");
}

void requireKorean(const LocalizedText &t, const QString &where, QStringList *missing)
{
    if (!t.isEmpty() && !t.has(QStringLiteral("ko")))
        missing->append(where);
}
} // namespace

class TestLessonFiles : public QObject
{
    Q_OBJECT
private slots:
    void testShippedLessonRunsToTheEnd_data();
    void testShippedLessonRunsToTheEnd();
    void testAtLeastEightLessons();
};

void TestLessonFiles::testAtLeastEightLessons()
{
    const QStringList files = QDir(lessonsDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files);
    QVERIFY2(files.size() >= 8, qPrintable(files.join(QLatin1Char(' '))));
}

void TestLessonFiles::testShippedLessonRunsToTheEnd_data()
{
    // file, then "step index=expected answer" pairs the upstream rules fix.
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("expected");
    const QMap<QString, QStringList> upstream{
        // generation 1; no pods until a controller runs; new RS at 3 (maxSurge cannot exceed replicas)
        {QStringLiteral("01-apply-journey.yaml"), {QStringLiteral("1=1"), QStringLiteral("2=0"), QStringLiteral("3=3"), QStringLiteral("6=3")}},
        // not delivered yet: 0; three adds of one key (Deployment ADDED, its ReplicaSet ADDED, its
        // status UPDATED): 1 waiting, 2 dedups; level-based: straight to 5
        {QStringLiteral("02-informer-workqueue.yaml"), {QStringLiteral("0=0"), QStringLiteral("1=1"), QStringLiteral("2=2"), QStringLiteral("6=5"), QStringLiteral("7=0")}},
        // 4 replicas 25%/25%: new RS 1, old 3 after the first sync; 2 RS kept at the end
        {QStringLiteral("03-rolling-update.yaml"), {QStringLiteral("4=1"), QStringLiteral("5=1"), QStringLiteral("6=3"), QStringLiteral("7=0"), QStringLiteral("8=2")}},
        // the Kubernetes docs' example: stuck at 8 + 5, scale to 15 → 11 + 7
        {QStringLiteral("04-proportional-scaling.yaml"), {QStringLiteral("4=5"), QStringLiteral("6=11"), QStringLiteral("7=7")}},
        {QStringLiteral("05-rollback-revisions.yaml"), {QStringLiteral("1=1"), QStringLiteral("3=2"), QStringLiteral("5=2"), QStringLiteral("7=3"), QStringLiteral("8=2")}},
        {QStringLiteral("06-recreate-vs-rolling.yaml"), {QStringLiteral("3=1"), QStringLiteral("4=0"), QStringLiteral("6=3"), QStringLiteral("7=2")}},
        {QStringLiteral("07-progress-deadline.yaml"), {QStringLiteral("3=ReplicaSetUpdated"), QStringLiteral("4=3"), QStringLiteral("5=ProgressDeadlineExceeded"),
                                                      QStringLiteral("6=1"), QStringLiteral("8=NewReplicaSetAvailable")}},
        {QStringLiteral("08-replica-floor.yaml"), {QStringLiteral("4=1"), QStringLiteral("5=3"), QStringLiteral("6=3")}},
    };
    for (const QString &f : QDir(lessonsDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(f)) << f << upstream.value(f);
}

void TestLessonFiles::testShippedLessonRunsToTheEnd()
{
    QFETCH(QString, file);
    QFETCH(QStringList, expected);
    QStringList errors;
    const std::optional<Lesson> lesson = Lesson::load(QDir(lessonsDir()).filePath(file), &errors);
    QVERIFY2(lesson, qPrintable(errors.join(QLatin1Char('\n'))));

    QStringList missing;
    requireKorean(lesson->title, QStringLiteral("title"), &missing);
    requireKorean(lesson->summary, QStringLiteral("summary"), &missing);
    for (qsizetype i = 0; i < lesson->steps.size(); ++i) {
        const LessonStep &s = lesson->steps.at(i);
        requireKorean(s.title, QStringLiteral("step %1 title").arg(i), &missing);
        requireKorean(s.text, QStringLiteral("step %1 text").arg(i), &missing);
        QVERIFY2(!s.text.isEmpty(), qPrintable(QStringLiteral("step %1 has no text").arg(i)));
        if (s.predict)
        {
            requireKorean(s.predict->question, QStringLiteral("step %1 question").arg(i), &missing);
            requireKorean(s.predict->explain, QStringLiteral("step %1 explain").arg(i), &missing);
        }
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));

    ClusterSession session;
    LessonPlayer player(session);
    QVERIFY2(player.start(*lesson, &errors), qPrintable(errors.join(QLatin1Char('\n'))));
    QMap<int, QString> answers;
    int guard = 0;
    while (player.state() != LessonPlayer::State::Finished && player.state() != LessonPlayer::State::Failed && ++guard < 1000) {
        const int index = player.stepIndex();
        const bool predicting = player.state() == LessonPlayer::State::AwaitingPrediction;
        if (predicting)
            player.submitAnswer(QStringLiteral("42"));
        QVERIFY(player.next());
        if (predicting) {
            QCOMPARE(player.state(), LessonPlayer::State::Revealed);
            const LessonPlayer::Reveal &r = player.reveal();
            QVERIFY2(r.answer, qPrintable(QStringLiteral("step %1: %2").arg(index).arg(r.error)));
            const QString shown = rlab::ui::Prediction::display(*r.answer);
            answers.insert(index, shown);
            qInfo("%s step %d: %s -> %s", qPrintable(file), index,
                  qPrintable(player.currentStep()->predict->question.text(QStringLiteral("en"))), qPrintable(shown));
            const QStringList choices = player.currentStep()->predict->choices;
            QVERIFY2(choices.isEmpty() || choices.contains(shown),
                     qPrintable(QStringLiteral("step %1: answer %2 is not among the choices %3").arg(index).arg(shown, choices.join(QLatin1Char(',')))));
        }
    }
    QVERIFY2(player.state() == LessonPlayer::State::Finished, qPrintable(player.failures().join(QLatin1Char('\n'))));
    for (const QString &e : expected) {
        const int index = e.section(QLatin1Char('='), 0, 0).toInt();
        QCOMPARE(answers.value(index, QStringLiteral("(no prediction)")), e.section(QLatin1Char('='), 1));
    }
}

QTEST_MAIN(TestLessonFiles)
#include "tst_lessonfiles.moc"
