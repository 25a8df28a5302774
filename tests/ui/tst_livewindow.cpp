// SPDX-License-Identifier: Apache-2.0
// Live mode in the window (issue #15), offscreen: a "real cluster" (a second Simulation behind
// its client::Interface) opened with ClusterSession::openLive shows in the objects tree and the
// canvas under the live banner; commands are refused in kubectl's words until writes are
// allowed, then reach the cluster; the shadow controller's line says what syncDeployment will
// do; the session's recording opens again as a replay. Leaves tst_livewindow-*.png next to
// the binary.
#include "core/kubectl/rollout.h"
#include "core/live/liveclustersource.h"
#include "core/live/replaysource.h"
#include "core/live/shadowcontroller.h"
#include "core/sim/simulation.h"
#include "core/sim/view/clusterview.h"
#include "tests/testutil/fixtures.h"
#include "ui/clustersession.h"
#include "ui/commands/clustercommands.h"
#include "ui/live/livebanner.h"
#include "ui/live/livemenu.h"
#include "ui/mainwindow.h"
#include "ui/models/objecttreemodel.h"
#include "ui/models/storemodels.h"

#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

class TestLiveWindow : public QObject
{
    Q_OBJECT

private:
    static QString outputPath(const QString &name)
    {
        const QByteArray dir = qgetenv("RLAB_BINARY_DIR");
        return (dir.isEmpty() ? QCoreApplication::applicationDirPath() : QString::fromLocal8Bit(dir)) + QLatin1Char('/') + name;
    }
    static MainWindow::Options options()
    {
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        return o;
    }
    // One frame of the live session: the mirror takes what the source sent, the models follow.
    static void frame(MainWindow &w)
    {
        w.session().advance(0);
        w.refreshNow();
    }

private slots:
    void liveSessionFollowsTheCluster()
    {
        QTemporaryDir dir;
        const QString recording = dir.filePath(QStringLiteral("live.jsonl"));
        Simulation source;   // the "real cluster": every controller, 3 nodes, kubelet stages 2 s + 1 s + 1 s
        MainWindow w(options());
        w.resize(1600, 900);
        w.show();
        auto *menu = w.panel<LiveMenu>(QStringLiteral("live"));
        QVERIFY(menu);
        QVERIFY(!menu->banner()->isVisible());

        live::LiveClusterInfo info{QStringLiteral("https://127.0.0.1:6443"), QStringLiteral("kind-kind"),
                                   QStringLiteral("default"), QStringLiteral("v1.31.0")};
        auto src = std::make_unique<live::LiveClusterSource>(
            std::shared_ptr<client::Interface>(&source.client(), [](client::Interface *) {}), info);
        src->recordTo(recording);
        live::LiveClusterSource *live = src.get();
        QSignalSpy liveChanged(&w.session(), &ClusterSession::liveChanged);
        w.session().openLive(std::move(src));
        QCOMPARE(liveChanged.size(), 1);
        QVERIFY(menu->banner()->isVisible());
        QCOMPARE(menu->banner()->headline(), QStringLiteral("Live: context kind-kind, namespace default, read-only"));

        QVERIFY(source.client().create(test::makeDeployment(QStringLiteral("web"), 4)).ok());
        source.runUntilIdle();
        frame(w);
        ObjectTreeModel *objects = w.models().objects();
        QVERIFY(objects->indexOf({QStringLiteral("Deployment"), QStringLiteral("default"), QStringLiteral("web")}).isValid());
        QCOMPARE(objects->objectCount(ObjectTreeModel::Pods), 4);
        QCOMPARE(objects->objectCount(ObjectTreeModel::ReplicaSets), 1);

        // Read-only: the command is refused with the API server's 403, nothing reaches the cluster.
        ClusterCommands commands(w.session());
        ClusterCommands::Result r = commands.scale(QStringLiteral("web"), 6);
        QVERIFY(!r.ok());
        QCOMPARE(r.errorLine(), QStringLiteral("Error from server (Forbidden): deployments.apps \"web\" is forbidden: writes to "
                                               "context \"kind-kind\" are off in Reconcile Lab (Live → Allow writes)"));
        QCOMPARE(source.client().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("web"))->replicas(), 4);
        QCOMPARE(commands.lastCommandLine(), QStringLiteral("kubectl scale deployment/web --replicas=6"));

        // Allow writes (confirmed): the same command goes to the cluster.
        QStringList asked;
        menu->setConfirm([&](const QString &q) { asked << q; return true; });
        menu->banner()->writesButton()->click();
        QCOMPARE(asked.size(), 1);
        QVERIFY(live->writesEnabled());
        QCOMPARE(menu->banner()->headline(), QStringLiteral("Live: context kind-kind, namespace default, writes enabled"));
        QVERIFY2(commands.setImage(QStringLiteral("web"), QStringLiteral("app"), QStringLiteral("nginx:1.26")).ok(),
                 qPrintable(commands.lastResult().errorLine()));
        // The cluster rolls; the window shows it half done, with the shadow's next step.
        source.advance(2500);
        frame(w);
        QCOMPARE(objects->objectCount(ObjectTreeModel::ReplicaSets), 2);
        QVERIFY2(menu->banner()->shadowLine().startsWith(QLatin1String("Shadow syncDeployment")), qPrintable(menu->banner()->shadowLine()));
        const live::PredictionBook &book = live->shadow()->book();
        QVERIFY(book.count(live::Prediction::State::Matched) > 3);
        QCOMPARE(book.count(live::Prediction::State::Mismatched), 0);
        QVERIFY(w.grab().save(outputPath(QStringLiteral("tst_livewindow-live.png"))));
        const qint64 halfway = w.session().view().revision();

        source.runUntilIdle();
        frame(w);
        QCOMPARE(objects->objectCount(ObjectTreeModel::Pods), 4);
        QVERIFY(w.session().view().revision() > halfway);
        // Time travel over the mirror: the half-done rollout is still there.
        QVERIFY(w.session().freeze(halfway, QStringLiteral("viewing the past")));
        w.refreshNow();
        QCOMPARE(objects->objectCount(ObjectTreeModel::ReplicaSets), 2);
        w.session().unfreeze();

        // Back to the lab, then the recording of that session as a replay.
        const qint64 recorded = live->recorder().events();
        QVERIFY(recorded > 40);
        w.session().openLive(nullptr);
        QVERIFY(!menu->banner()->isVisible());
        QString error;
        QVERIFY2(menu->openRecording(recording, &error), qPrintable(error));
        QVERIFY2(menu->banner()->headline().startsWith(QStringLiteral("Replay: live.jsonl — context kind-kind, namespace default")), qPrintable(menu->banner()->headline()));
        QVERIFY(!menu->banner()->writesButton()->isVisible());
        QVERIFY(!commands.scale(QStringLiteral("web"), 2).ok());
        auto *replay = static_cast<live::ReplaySource *>(w.session().liveSource());
        w.session().advance(replay->player()->recording().durationMs() + 1);   // the whole recording, in virtual time
        QVERIFY(replay->player()->atEnd());
        w.refreshNow();
        QCOMPARE(objects->objectCount(ObjectTreeModel::Pods), 4);
        QCOMPARE(objects->objectCount(ObjectTreeModel::ReplicaSets), 2);
        QVERIFY(w.grab().save(outputPath(QStringLiteral("tst_livewindow-replay.png"))));
    }
};

QTEST_MAIN(TestLiveWindow)
#include "tst_livewindow.moc"
