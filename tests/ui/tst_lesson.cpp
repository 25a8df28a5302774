// Lesson files: parsing (good, and bad with file:line), ClusterQuery forms, answer comparison,
// and the LessonPlayer's prediction flow (answer before the step, reveal after, right/wrong).
#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/lessons/lesson.h"
#include "ui/lessons/lessonplayer.h"

#include <QSignalSpy>
#include <QtTest>

using namespace rlab::ui;

namespace {
const QByteArray kLesson = R"(apiVersion: rlab.dev/v1alpha1
kind: Lesson
metadata: {name: tiny}
spec:
  title: {en: "Tiny", ko: "작은"}
  steps:
  - title: Intro
    text: {en: "Hello", ko: "안녕"}
  - apply:
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web, labels: {app: web}}
      spec:
        replicas: 2
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec:
            containers:
            - {name: web, image: "nginx:1.25"}
    text: Create it
  - scale: {deployment: web, replicas: 5}
    text: Scale it
    highlight: {panel: workqueue, object: Deployment/web}
  - sync: {controller: deployment, key: default/web}
    text: {en: "One sync", ko: "sync 한 번"}
    highlight: {panel: canvas, object: {replicaset: new, deployment: web, field: metadata.name}}
    predict:
      question: {en: "New RS replicas?", ko: "새 RS 레플리카?"}
      answer: {replicaset: new, deployment: web, field: spec.replicas}
  - text: Pods
    advance: 0s
    predict:
      question: How many pods?
      answer: {count: pods, labels: {app: web}}
      choices: [2, 5]
)";

std::optional<Lesson> parse(const QByteArray &text, QStringList *errors)
{
    return Lesson::parse(text, QStringLiteral("lesson.yaml"), errors);
}
} // namespace

class TestLesson : public QObject
{
    Q_OBJECT
private slots:
    void testParsesALesson();
    void testScenarioIsALesson();
    void testBadLessonReportsFileLine_data();
    void testBadLessonReportsFileLine();
    void testIsCorrect_data();
    void testIsCorrect();
    void testPredictionFlowRight();
    void testPredictionFlowWrongAndSkipped();
    void testHighlightResolvesTheNewReplicaSet();
    void testFailingExpectStopsTheLesson();
    void testLessonNeedingAnotherClusterIsRefused();
    void testStopRestoresTime();
    void testLiveModeIsSwitchedToStepModeAndBack();
};

void TestLesson::testParsesALesson()
{
    QStringList errors;
    const std::optional<Lesson> l = parse(kLesson, &errors);
    QVERIFY2(l, qPrintable(errors.join(QLatin1Char('\n'))));
    QCOMPARE(l->title.text(QStringLiteral("ko")), QStringLiteral("작은"));
    QCOMPARE(l->steps.size(), 5);
    QVERIFY(l->steps.at(0).step.action.isEmpty());
    QCOMPARE(l->steps.at(0).title.text(QStringLiteral("ko")), QStringLiteral("Intro"));   // falls back to en
    QCOMPARE(l->steps.at(1).step.action, QStringLiteral("apply"));
    QCOMPARE(l->steps.at(2).highlight->panel, QStringLiteral("workqueue"));
    QCOMPARE(l->steps.at(2).highlight->objectRef, QStringLiteral("Deployment/web"));
    QVERIFY(l->steps.at(3).predict);
    QCOMPARE(l->steps.at(3).predict->question.text(QStringLiteral("ko")), QStringLiteral("새 RS 레플리카?"));
    QCOMPARE(l->steps.at(4).predict->choices, (QStringList{QStringLiteral("2"), QStringLiteral("5")}));
    QCOMPARE(l->steps.at(3).step.where.line, 25);
}

void TestLesson::testScenarioIsALesson()
{
    QStringList errors;
    const std::optional<Lesson> l = Lesson::load(QStringLiteral(RLAB_TEST_DATA "/../../resources/scenarios/scale.yaml"), &errors);
    QVERIFY2(l, qPrintable(errors.join(QLatin1Char('\n'))));
    QCOMPARE(l->title.text(QStringLiteral("en")), QStringLiteral("scale"));
    QVERIFY(l->steps.size() > 3);
}

void TestLesson::testBadLessonReportsFileLine_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    const QByteArray head = "apiVersion: rlab.dev/v1alpha1\nkind: Lesson\nspec:\n  steps:\n";
    QTest::newRow("unknown step") << head + "  - frobnicate: {}\n    text: x\n"
                                  << QStringLiteral("lesson.yaml:5:5: unknown step \"frobnicate\"");
    QTest::newRow("two actions") << head + "  - advance: 1s\n    scale: {deployment: a, replicas: 1}\n"
                                 << QStringLiteral("lesson.yaml:5:5: a step has exactly one action");
    QTest::newRow("unknown panel") << head + "  - text: x\n    highlight: {panel: kitchen}\n"
                                   << QStringLiteral("lesson.yaml:6:17: unknown panel \"kitchen\"");
    QTest::newRow("text not a string") << head + "  - text: [1, 2]\n"
                                       << QStringLiteral("lesson.yaml:5:5: must be a string or a map of language to string");
    QTest::newRow("prediction without answer") << head + "  - advance: 1s\n    predict: {question: \"Why\"}\n"
                                               << QStringLiteral("lesson.yaml:6:5: a prediction needs an answer query");
    QTest::newRow("prediction without question") << head + "  - advance: 1s\n    predict: {answer: {value: 1}}\n"
                                                 << QStringLiteral("lesson.yaml:6:5: a prediction needs a question");
    QTest::newRow("bad query") << head + "  - advance: 1s\n    predict:\n      question: q\n      answer: {count: cats}\n"
                               << QStringLiteral("lesson.yaml:8:7: count: must be pods or replicasets");
    QTest::newRow("new RS without deployment") << head + "  - advance: 1s\n    predict:\n      question: q\n      answer: {replicaset: new, field: spec.replicas}\n"
                                               << QStringLiteral("lesson.yaml:8:7: replicaset: new/old needs the deployment");
    QTest::newRow("wrong kind") << QByteArray("apiVersion: rlab.dev/v1alpha1\nkind: Deployment\nspec: {}\n")
                                << QStringLiteral("lesson.yaml:2:1: expected apiVersion: rlab.dev/v1alpha1 and kind: Lesson or Scenario");
    QTest::newRow("unknown spec field") << QByteArray("apiVersion: rlab.dev/v1alpha1\nkind: Lesson\nspec:\n  colour: red\n")
                                        << QStringLiteral("lesson.yaml:4:3: unknown field \"spec.colour\"");
    QTest::newRow("yaml syntax") << QByteArray("apiVersion: rlab.dev/v1alpha1\nkind: Lesson\nspec: {steps: [\n")
                                 << QStringLiteral("lesson.yaml:4:");
}

void TestLesson::testBadLessonReportsFileLine()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    QStringList errors;
    QVERIFY(!parse(text, &errors));
    const QString all = errors.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(error), qPrintable(QStringLiteral("got: ") + all));
}

void TestLesson::testIsCorrect_data()
{
    QTest::addColumn<QString>("given");
    QTest::addColumn<QJsonValue>("answer");
    QTest::addColumn<bool>("correct");
    QTest::newRow("same number") << QStringLiteral("5") << QJsonValue(5) << true;
    QTest::newRow("number with spaces and .0") << QStringLiteral(" 5.0 ") << QJsonValue(5) << true;
    QTest::newRow("other number") << QStringLiteral("4") << QJsonValue(5) << false;
    QTest::newRow("not a number") << QStringLiteral("five") << QJsonValue(5) << false;
    QTest::newRow("empty is never right") << QString() << QJsonValue(0) << false;
    QTest::newRow("string any case") << QStringLiteral("progressdeadlineexceeded") << QJsonValue(QStringLiteral("ProgressDeadlineExceeded")) << true;
    QTest::newRow("numeric string") << QStringLiteral("2") << QJsonValue(QStringLiteral("2")) << true;
    QTest::newRow("bool") << QStringLiteral("True") << QJsonValue(true) << true;
}

void TestLesson::testIsCorrect()
{
    QFETCH(QString, given);
    QFETCH(QJsonValue, answer);
    QFETCH(bool, correct);
    QCOMPARE(Prediction::isCorrect(given, answer), correct);
}

void TestLesson::testPredictionFlowRight()
{
    QStringList errors;
    const std::optional<Lesson> l = parse(kLesson, &errors);
    QVERIFY(l);
    ClusterSession session;
    LessonPlayer player(session);
    QSignalSpy states(&player, &LessonPlayer::stateChanged);
    QVERIFY2(player.start(*l, &errors), qPrintable(errors.join(QLatin1Char('\n'))));
    QCOMPARE(player.state(), LessonPlayer::State::Showing);
    QCOMPARE(player.stepIndex(), 0);
    QVERIFY(player.next());   // narration: straight on to step 2
    QCOMPARE(player.stepIndex(), 1);
    QCOMPARE(player.state(), LessonPlayer::State::Showing);
    QVERIFY(player.next());   // runs apply
    QCOMPARE(player.state(), LessonPlayer::State::Revealed);
    QVERIFY(session.client().get(rlab::apiserver::resources::lookup(QStringLiteral("deployment")), QStringLiteral("default"), QStringLiteral("web")).ok());
    QVERIFY(player.next());
    QVERIFY(player.next());   // scale
    QVERIFY(player.next());
    QCOMPARE(player.stepIndex(), 3);
    QCOMPARE(player.state(), LessonPlayer::State::AwaitingPrediction);
    // Before the step: no ReplicaSet exists, the answer is not known yet.
    player.submitAnswer(QStringLiteral("5"));
    QVERIFY(player.next());
    QCOMPARE(player.state(), LessonPlayer::State::Revealed);
    QCOMPARE(player.reveal().answer.value_or(QJsonValue()), QJsonValue(5));
    QCOMPARE(player.reveal().given, QStringLiteral("5"));
    QVERIFY(player.reveal().correct);
    QCOMPARE(player.correctCount(), 1);
    QVERIFY(states.count() >= 4);
}

void TestLesson::testPredictionFlowWrongAndSkipped()
{
    QStringList errors;
    const std::optional<Lesson> l = parse(kLesson, &errors);
    ClusterSession session;
    LessonPlayer player(session);
    QVERIFY(player.start(*l, &errors));
    while (player.state() != LessonPlayer::State::AwaitingPrediction)
        QVERIFY(player.next());
    player.submitAnswer(QStringLiteral("2"));   // the old count: wrong
    QVERIFY(player.next());
    QVERIFY(!player.reveal().correct);
    QCOMPARE(player.reveal().answer.value_or(QJsonValue()), QJsonValue(5));
    QVERIFY(player.next());
    QCOMPARE(player.state(), LessonPlayer::State::AwaitingPrediction);
    QVERIFY(player.next());   // skipped: no answer
    QCOMPARE(player.reveal().given, QString());
    QVERIFY(!player.reveal().correct);
    QCOMPARE(player.reveal().answer.value_or(QJsonValue()), QJsonValue(5));   // advance 0s: the RS made 5 pods
    QVERIFY(player.next());
    QCOMPARE(player.state(), LessonPlayer::State::Finished);
    QCOMPARE(player.correctCount(), 0);
    QCOMPARE(player.predictionCount(), 2);
    QVERIFY(!player.next());
}

void TestLesson::testHighlightResolvesTheNewReplicaSet()
{
    QStringList errors;
    const std::optional<Lesson> l = parse(kLesson, &errors);
    ClusterSession session;
    LessonPlayer player(session);
    QSignalSpy spy(&player, &LessonPlayer::highlightRequested);
    QVERIFY(player.start(*l, &errors));
    while (player.stepIndex() < 2)
        QVERIFY(player.next());
    QCOMPARE(spy.last().at(0).toString(), QStringLiteral("workqueue"));
    QCOMPARE(spy.last().at(1).toString(), QStringLiteral("Deployment/web"));
    while (player.stepIndex() < 3)
        QVERIFY(player.next());
    QCOMPARE(spy.last().at(1).toString(), QString());   // no new ReplicaSet before the sync
    QVERIFY(player.next());
    QCOMPARE(spy.last().at(0).toString(), QStringLiteral("canvas"));
    QVERIFY2(spy.last().at(1).toString().startsWith(QLatin1String("ReplicaSet/web-")), qPrintable(spy.last().at(1).toString()));
}

void TestLesson::testFailingExpectStopsTheLesson()
{
    QStringList errors;
    const std::optional<Lesson> l = parse("apiVersion: rlab.dev/v1alpha1\nkind: Lesson\nspec:\n  steps:\n"
                                          "  - expect: {node: node-1, spec.unschedulable: true}\n    text: x\n  - text: never\n",
                                          &errors);
    QVERIFY2(l, qPrintable(errors.join(QLatin1Char('\n'))));
    ClusterSession session;
    LessonPlayer player(session);
    QVERIFY(player.start(*l, &errors));
    QVERIFY(player.next());
    QCOMPARE(player.state(), LessonPlayer::State::Failed);
    QVERIFY2(player.failures().value(0).startsWith(QLatin1String("lesson.yaml:5:5: expect:")), qPrintable(player.failures().join(QLatin1Char('\n'))));
    QVERIFY(!player.next());
}

void TestLesson::testLessonNeedingAnotherClusterIsRefused()
{
    QStringList errors;
    const std::optional<Lesson> l = parse("apiVersion: rlab.dev/v1alpha1\nkind: Lesson\nspec:\n  nodes: 5\n  seed: 7\n  steps: []\n", &errors);
    QVERIFY(l);
    ClusterSession session;
    LessonPlayer player(session);
    QVERIFY(!player.start(*l, &errors));
    QCOMPARE(player.state(), LessonPlayer::State::Idle);
    const QString all = errors.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QLatin1String("lesson.yaml:4:3: the window's cluster has 3 nodes")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("lesson.yaml:5:3: the window's cluster uses seed 42")), qPrintable(all));
}

void TestLesson::testStopRestoresTime()
{
    QStringList errors;
    const std::optional<Lesson> l = parse(kLesson, &errors);
    ClusterSession session;
    QVERIFY(session.isTimeRunning());
    LessonPlayer player(session);
    QVERIFY(player.start(*l, &errors));
    QVERIFY(!session.isTimeRunning());
    const qint64 t = session.elapsedMs();
    session.frame();
    QCOMPARE(session.elapsedMs(), t);   // time stands still between steps
    player.stop();
    QCOMPARE(player.state(), LessonPlayer::State::Idle);
    QVERIFY(session.isTimeRunning());
}

void TestLesson::testLiveModeIsSwitchedToStepModeAndBack()
{
    QStringList errors;
    const std::optional<Lesson> l = parse(kLesson, &errors);
    ClusterSession session;
    session.setMode(ClusterSession::Mode::Live);
    LessonPlayer player(session);
    QVERIFY(player.start(*l, &errors));
    QCOMPARE(session.mode(), ClusterSession::Mode::Deterministic);
    QVERIFY(!session.view().isThreaded());
    QCOMPARE(player.runToEnd(), 4);   // apply, scale, sync, advance (the narration runs nothing)
    QCOMPARE(player.state(), LessonPlayer::State::Finished);
    player.stop();
    QCOMPARE(session.mode(), ClusterSession::Mode::Live);
}

QTEST_MAIN(TestLesson)
#include "tst_lesson.moc"
