#include "core/kubectl/rollout.h"
#include "ui/apply/manifestsource.h"
#include "ui/arithmetic/arithmeticpanel.h"
#include "ui/arithmetic/syncstepmodel.h"
#include "ui/clustersession.h"
#include "ui/theme.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;
namespace rollout = rlab::kubectl::rollout;

// The arithmetic panel on a live 10-replica rolling update: the resolved fenceposts with their
// rounding rules and the per-sync log of which step moved which ReplicaSet.
class TestArithmeticPanel : public QObject
{
    Q_OBJECT

    static QString manifest() { return QStringLiteral(RLAB_TEST_DATA "/../../resources/manifests/nginx-deployment.yaml"); }

private slots:
    void initTestCase() { theme::applyTo(*qobject_cast<QApplication *>(QCoreApplication::instance())); }

    void testStepModelKeepsRepeatsOnce()
    {
        SyncStepModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto ev = [](const QString &key, const QString &notes) {
            TraceEvent e;
            e.component = QStringLiteral("deployment");
            e.type = QStringLiteral("ReconcileEnd");
            e.text = QStringLiteral("syncDeployment %1: %2").arg(key, notes);
            return e;
        };
        const QString blocked = QStringLiteral("rolloutRolling → reconcileNewReplicaSet: cannot scale up a-2 beyond 5 (maxSurge 3: 13 allowed, 13 running)");
        const QString up = QStringLiteral("rolloutRolling → reconcileNewReplicaSet: scaled up a-2 from 5 to 7 (maxSurge 3: 13 allowed, 11 running)");
        m.append({ev("default/a", blocked), ev("default/a", blocked), ev("default/b", blocked)});
        QCOMPARE(m.rowCount(), 2);   // once per Deployment
        m.append({ev("default/a", blocked)});
        QCOMPARE(m.rowCount(), 2);
        m.append({ev("default/a", up), ev("default/a", blocked)});
        QCOMPARE(m.rowCount(), 4);   // after a move the same decision is news again
        m.setKey(QStringLiteral("default/a"));
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(m.data(m.index(1, SyncStepModel::MoveColumn)).toString(), QStringLiteral("5 → 7"));
        m.clear();
        QCOMPARE(m.rowCount(), 0);
    }

    void testRollingUpdateArithmetic()
    {
        ClusterSession session;
        ArithmeticPanel panel(session);
        QAbstractItemModelTester tester(panel.steps(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        session.advance(30'000);
        session.frame();
        QCOMPARE(panel.deployment(), QStringLiteral("default/nginx"));
        QVERIFY2(panel.summaryText().contains(QStringLiteral("25% of 3 = 0.75 → rounds up to 1")), qPrintable(panel.summaryText()));

        QVERIFY(rollout::scale(session.client(), "default", "nginx", 10).ok());
        session.advance(30'000);
        session.frame();
        const QString summary = panel.summaryText();
        QVERIFY2(summary.contains(QStringLiteral("as written 25%: 25% of 10 = 2.5 → rounds up to 3")), qPrintable(summary));
        QVERIFY(summary.contains(QStringLiteral("25% of 10 = 2.5 → rounds down to 2")));
        QVERIFY(summary.contains(QStringLiteral("replicas 10 + maxSurge 3")));
        QVERIFY(summary.contains(QStringLiteral("replicas 10 − maxUnavailable 2")));

        const int before = panel.steps()->rowCount();

        QVERIFY(rollout::setImage(session.client(), "default", "nginx", "nginx", "nginx:1.26").ok());
        // Frame by frame through the rollout, as the window does.
        for (int i = 0; i < 60; ++i) {
            session.advance(500);
            session.frame();
            if (i == 4) {
                for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
                    panel.resize(size);
                    QVERIFY(panel.grab().save(QStringLiteral("/tmp/h6-arithmetic-%1.png").arg(size.width())));
                }
            }
        }
        QStringList log;
        bool sawFirstScaleUp = false, sawScaleDown = false;
        for (int r = before; r < panel.steps()->rowCount(); ++r) {
            const SyncStep &s = panel.steps()->step(r);
            log << QStringLiteral("%1 %2 %3→%4 | %5").arg(s.step, s.replicaSet).arg(s.from).arg(s.to).arg(s.why);
            // First step of upstream's worked timeline: the new RS is created with 3 (13 − 10).
            if (s.step == QLatin1String("getNewReplicaSet") && s.from == 0 && s.to == 3)
                sawFirstScaleUp = true;
            if (s.step == QLatin1String("scaleDownOldReplicaSetsForRollingUpdate") && s.moved()) {
                sawScaleDown = true;
                QVERIFY2(s.why.contains(QStringLiteral("minAvailable 8")), qPrintable(s.why));
            }
            if (s.step == QLatin1String("reconcileNewReplicaSet") && s.moved())
                QVERIFY2(s.why.contains(QStringLiteral("maxTotal 13 (10 + maxSurge 3)")), qPrintable(s.why));
        }
        QVERIFY2(sawFirstScaleUp && sawScaleDown, qPrintable(log.join('\n')));
        const auto d = session.client().getAs<api::Deployment>("default", "nginx");
        QCOMPARE(d->status.updatedReplicas, 10);
        QCOMPARE(d->status.availableReplicas, 10);
        QVERIFY(panel.summaryText().contains(QStringLiteral("new 10, old 0")));
    }

    // Store writes redraw the summary at most once per interval (setHtml lays the whole document
    // out again and a rollout moves the status with nearly every write); the held-back redraw
    // comes by itself, and summaryText() always reads the newest.
    void testSummaryRedrawnAtMostOncePerInterval()
    {
        ClusterSession session;
        ArithmeticPanel panel(session);
        panel.setSummaryInterval(60'000);   // every frame below falls in one interval
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        session.advance(30'000);
        session.frame();
        QCOMPARE(panel.deployment(), QStringLiteral("default/nginx"));
        const int shown = panel.summaryRedraws();
        QVERIFY(rollout::scale(session.client(), "default", "nginx", 10).ok());
        for (int i = 0; i < 40; ++i) {   // 20 s of the scale-up, frame by frame
            session.advance(500);
            session.frame();
        }
        QVERIFY2(panel.summaryRedraws() <= shown + 1, qPrintable(QString::number(panel.summaryRedraws() - shown)));
        const QString summary = panel.summaryText();   // brought up to date
        QVERIFY2(summary.contains(QStringLiteral("as written 25%: 25% of 10 = 2.5 → rounds up to 3")), qPrintable(summary));
        QVERIFY(summary.contains(QStringLiteral("replicas 10 + maxSurge 3")));
        // A short interval: the held-back redraw comes without anyone reading.
        panel.setSummaryInterval(50);
        const int before = panel.summaryRedraws();
        QVERIFY(rollout::scale(session.client(), "default", "nginx", 4).ok());
        for (int i = 0; i < 4; ++i) {
            session.advance(500);
            session.frame();
        }
        QTRY_VERIFY(panel.summaryRedraws() > before);
        QTRY_VERIFY(panel.summaryText().contains(QStringLiteral("replicas 4 + maxSurge 1")));
    }

    // While the session's frames run, every redraw happens inside a frame (a held-back one at
    // the frame's start, ClusterSession::frameStarted, its time taken from the frame's intake),
    // none from the panel's timer between two frames (issue #17: it lengthened the frame next
    // to it).
    void testHeldBackRedrawWaitsForAFrame()
    {
        ClusterSession session;
        session.setLatency(QStringLiteral("classroom"));   // the rollout's writes over many frames
        session.setSpeed(10);
        int atFrameEnd = -1;
        int outsideFrames = 0;
        int frames = 0;
        ArithmeticPanel *panel = nullptr;
        // Connected before the panel's own handler: this runs first at each frame's start.
        connect(&session, &ClusterSession::frameStarted, this, [&] {
            if (panel && atFrameEnd >= 0 && panel->summaryRedraws() != atFrameEnd)
                ++outsideFrames;
        });
        connect(&session, &ClusterSession::frameDone, this, [&] {
            atFrameEnd = panel ? panel->summaryRedraws() : -1;
            ++frames;
        });
        ArithmeticPanel p(session);
        panel = &p;
        p.setSummaryInterval(40);
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        session.start();
        QTRY_VERIFY(frames >= 10 && p.summaryRedraws() >= 1);
        const int before = p.summaryRedraws();
        QVERIFY(rollout::scale(session.client(), "default", "nginx", 10).ok());
        // summaryText() is not read meanwhile: it brings a held-back redraw up to date at once.
        QTRY_VERIFY_WITH_TIMEOUT(p.summaryRedraws() >= before + 3, 60'000);
        session.stop();
        QCOMPARE(outsideFrames, 0);
        QVERIFY(p.summaryText().contains(QStringLiteral("replicas 10 + maxSurge 3")));
    }
};

QTEST_MAIN(TestArithmeticPanel)
#include "tst_arithmeticpanel.moc"
