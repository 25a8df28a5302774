#include "core/sim/view/clusterview.h"
#include "core/api/deployment.h"
#include "core/apiserver/apiserver.h"
#include "core/controller/controller.h"
#include "core/base/manualclock.h"
#include "ui/clustersession.h"
#include "ui/commands/clustercommands.h"
#include "ui/theme.h"
#include "ui/widgets/manifesteditor.h"
#include "ui/widgets/speedslider.h"
#include "ui/widgets/timecontrols.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QSignalSpy>
#include <QSlider>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// The time toolbar: one reconcile per step, jumps to the next timer, run until a rollout is
// complete, the speed slider, play/pause, the mode switch, and the keyboard.
class TestTimeControls : public QObject
{
    Q_OBJECT

private:
    static void applySample(ClusterSession &session)
    {
        const ApplyReport r = session.apply({ManifestSource{ManifestEditor::sampleName(), ManifestEditor::sampleManifest().toUtf8(), {}}});
        QVERIFY2(r.ok(), qPrintable(r.results.join('\n')));
    }
    static qint64 reconciles(ClusterSession &s)
    {
        return s.view().reconciles();
    }
    static std::shared_ptr<const api::Deployment> nginx(ClusterSession &s)
    {
        return s.client().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("nginx"));
    }

private slots:
    void initTestCase()
    {
        theme::applyTo(*qobject_cast<QApplication *>(QCoreApplication::instance()));
    }

    void stepRunsExactlyOneReconcile()
    {
        ClusterSession session;
        TimeControls controls(session);
        applySample(session);
        const qint64 before = reconciles(session);
        const qint64 t0 = session.elapsedMs();
        TimeCommands::Report r = controls.stepOneReconcile();
        QVERIFY(r.ok);
        QCOMPARE(reconciles(session), before + 1);
        // The Deployment controller (or the replica-floor controller, which watches Deployments
        // too) reconciles default/nginx, at the same instant.
        QVERIFY2(r.text.contains(QStringLiteral(" default/nginx")), qPrintable(r.text));
        QCOMPARE(r.advancedMs, qint64(0));
        QCOMPARE(session.elapsedMs(), t0);
        QVERIFY(!session.isTimeRunning());   // stepping pauses time
        for (int i = 2; i <= 6; ++i) {
            QVERIFY(controls.stepOneReconcile().ok);
            QCOMPARE(reconciles(session), before + i);
        }
        // Steps go on until the pods are ready; time jumps to the kubelet's timers on the way.
        qint64 jumped = 0;
        for (int i = 0; i < 200 && nginx(session)->status.availableReplicas < 3; ++i)
            jumped += controls.stepOneReconcile().advancedMs;
        QCOMPARE(nginx(session)->status.availableReplicas, 3);
        QVERIFY(jumped >= 3000);   // pull 2 s + start 1 s (ready as it starts: nginx has no readiness probe)
        QCOMPARE(session.elapsedMs() - t0, jumped);
    }

    void stepToNextEventJumpsToTheNextTimer()
    {
        ClusterSession session;
        TimeControls controls(session);
        applySample(session);
        // Work is pending: it runs, no time passes.
        TimeCommands::Report r = controls.stepToNextEvent();
        QVERIFY(r.ok);
        QCOMPARE(r.advancedMs, qint64(0));
        QVERIFY2(r.text.startsWith(QStringLiteral("no time passed")), qPrintable(r.text));
        QVERIFY2(r.text.contains(QStringLiteral("deployment")), qPrintable(r.text));
        // Now only timers are left (the kubelets' image pulls): the clock jumps to the first.
        const std::optional<qint64> next = session.view().nextTimerAt();
        QVERIFY(next.has_value());
        const qint64 gap = *next - session.view().now();
        QVERIFY(gap > 0);
        r = controls.stepToNextEvent();
        QVERIFY(r.ok);
        QCOMPARE(r.advancedMs, gap);
        QVERIFY2(r.text.startsWith(QStringLiteral("+")), qPrintable(r.text));
        QVERIFY2(r.text.contains(QStringLiteral("timer(s) fired")), qPrintable(r.text));
    }

    void runUntilComplete()
    {
        ClusterSession session;
        TimeControls controls(session);
        QVERIFY(!controls.runUntilAction()->isEnabled());
        TimeCommands::Report r = controls.runUntilComplete();
        QVERIFY(!r.ok);
        applySample(session);
        session.drain();
        QVERIFY(controls.runUntilAction()->isEnabled());
        QCOMPARE(controls.deployment(), QStringLiteral("nginx"));
        QSignalSpy messages(&controls, &TimeControls::message);
        r = controls.runUntilComplete();
        QVERIFY2(r.ok, qPrintable(r.text));
        QVERIFY2(r.text.endsWith(QStringLiteral("deployment \"nginx\" successfully rolled out")), qPrintable(r.text));
        QCOMPARE(messages.count(), 1);
        QCOMPARE(messages.at(0).at(0).toString(), r.text);
        QCOMPARE(nginx(session)->status.availableReplicas, 3);
        QVERIFY(r.advancedMs >= 3000 && r.advancedMs < 60000);   // pull 2 s + start 1 s at least
        // It stops at the moment of completion: running again moves no time.
        QCOMPARE(controls.runUntilComplete().advancedMs, qint64(0));

        ClusterCommands commands(session);
        QVERIFY(commands.setImage(QStringLiteral("nginx"), QStringLiteral("nginx"), QStringLiteral("nginx:1.26")).ok());
        r = controls.runUntilComplete();
        QVERIFY2(r.ok, qPrintable(r.text));
        QCOMPARE(nginx(session)->status.updatedReplicas, 3);
        QCOMPARE(nginx(session)->status.replicas, 3);

        // A failing rollout ends at its progress deadline (600 s), reported as kubectl does.
        QVERIFY(commands.setImage(QStringLiteral("nginx"), QStringLiteral("nginx"), QStringLiteral("nginx:doesnotexist")).ok());
        r = controls.runUntilComplete();
        QVERIFY(!r.ok);
        QCOMPARE(r.text, QStringLiteral("error: deployment \"nginx\" exceeded its progress deadline"));
        QVERIFY(r.advancedMs >= 600000);

        QVERIFY(commands.pause(QStringLiteral("nginx")).ok());
        r = controls.runUntilComplete();
        QVERIFY(!r.ok);
        QVERIFY2(r.text.contains(QStringLiteral("exceeded its progress deadline")) || r.text.contains(QStringLiteral("paused")), qPrintable(r.text));

        controls.setDeployment(QStringLiteral("web"));
        r = controls.runUntilComplete();
        QCOMPARE(r.text, QStringLiteral("Error from server (NotFound): deployments.apps \"web\" not found"));
    }

    void speedSliderIsLogarithmicAndFollowsTheSession()
    {
        ClusterSession session;
        TimeControls controls(session);
        QSlider *slider = controls.speedSlider()->slider();
        QCOMPARE(slider->value(), 100);
        QCOMPARE(controls.speedSlider()->labelText(), QStringLiteral("×1"));
        QSignalSpy speed(&session, &ClusterSession::speedChanged);
        slider->setValue(200);
        QCOMPARE(session.speed(), 10.0);
        QCOMPARE(controls.speedSlider()->labelText(), QStringLiteral("×10"));
        slider->setValue(300);
        QCOMPARE(session.speed(), 100.0);
        QCOMPARE(speed.count(), 2);
        session.setSpeed(0.5);
        QCOMPARE(slider->value(), 70);
        QCOMPARE(controls.speedSlider()->labelText(), QStringLiteral("×0.5"));
        session.setSpeed(1000);   // clamped
        QCOMPARE(session.speed(), ClusterSession::kMaxSpeed);
        QCOMPARE(slider->value(), 300);
    }

    void playPauseModeAndClock()
    {
        ClusterSession session;
        TimeControls controls(session);
        QCOMPARE(controls.playAction()->text(), QStringLiteral("Pause"));
        controls.playAction()->trigger();
        QVERIFY(!session.isTimeRunning());
        QCOMPARE(controls.playAction()->text(), QStringLiteral("Play"));
        QVERIFY(controls.clockLabel()->text().endsWith(QStringLiteral("paused")));
        controls.playAction()->trigger();
        QVERIFY(session.isTimeRunning());

        session.advance(83456);
        session.frame();
        QCOMPARE(controls.clockLabel()->text(), QStringLiteral("t = 00:01:23.4"));

        // The mode box switches to Live threads; a step goes back to Step-by-step.
        QComboBox *mode = controls.modeBox();
        QCOMPARE(mode->currentIndex(), 0);
        mode->setCurrentIndex(1);
        emit mode->activated(1);
        QCOMPARE(session.mode(), ClusterSession::Mode::Live);
        QVERIFY(session.view().isThreaded());
        controls.stepOneReconcile();
        QCOMPARE(session.mode(), ClusterSession::Mode::Deterministic);
        QVERIFY(!session.view().isThreaded());
        QCOMPARE(mode->currentIndex(), 0);
    }

    // "Run until complete" of a fresh Deployment of N replicas, from apply (figures only).
    void benchRunUntilComplete_data()
    {
        QTest::addColumn<int>("replicas");
        QTest::newRow("10") << 10;
        QTest::newRow("100") << 100;
        QTest::newRow("300") << 300;
    }

    void benchRunUntilComplete()
    {
        QFETCH(int, replicas);
        ClusterSession session;
        TimeControls controls(session);
        QString yaml = ManifestEditor::sampleManifest();
        yaml.replace(QStringLiteral("replicas: 3"), QStringLiteral("replicas: %1").arg(replicas));
        QVERIFY(session.apply({ManifestSource{QStringLiteral("big.yaml"), yaml.toUtf8(), {}}}).ok());
        TimeCommands::Report r;
        QBENCHMARK_ONCE {
            r = controls.runUntilComplete();
        }
        QVERIFY2(r.ok, qPrintable(r.text));
        QCOMPARE(nginx(session)->status.availableReplicas, replicas);
    }

    void keyboardSpaceAndRight()
    {
        ClusterSession session;
        QMainWindow window;
        auto *controls = new TimeControls(session, &window);
        window.addToolBar(controls);
        auto *field = new QLineEdit(&window);
        window.setCentralWidget(field);
        window.resize(1280, 200);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        controls->setFocus();

        QVERIFY(session.isTimeRunning());
        QTest::keyClick(&window, Qt::Key_Space);
        QVERIFY(!session.isTimeRunning());
        QTest::keyClick(&window, Qt::Key_Space);
        QVERIFY(session.isTimeRunning());

        applySample(session);
        const qint64 before = reconciles(session);
        QTest::keyClick(&window, Qt::Key_Right);
        QCOMPARE(reconciles(session), before + 1);
        QVERIFY(!session.isTimeRunning());

        // In a text field, Space and → edit the text.
        field->setFocus();
        QTest::keyClick(field, Qt::Key_A);
        QTest::keyClick(field, Qt::Key_Space);
        QTest::keyClick(field, Qt::Key_Left);
        QTest::keyClick(field, Qt::Key_Right);
        QCOMPARE(field->text(), QStringLiteral("a "));
        QVERIFY(!session.isTimeRunning());
        QCOMPARE(reconciles(session), before + 1);
    }
};

QTEST_MAIN(TestTimeControls)
#include "tst_timecontrols.moc"
