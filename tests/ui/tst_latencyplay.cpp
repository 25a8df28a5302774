// The loop you can watch, in the window (issue #13): with the app's default latency preset
// (classroom) and time RUNNING at ×1 — the frame timer, not steps — a 3-replica apply shows keys
// queued in the Workqueues panel, a worker holding one, and Pending pods on the canvas for a
// while before they are bound. Also: the Time menu and toolbar switch presets.
#include "core/sim/simulation.h"
#include "ui/clustersession.h"
#include "ui/launchoptions.h"
#include "ui/mainwindow.h"
#include "ui/models/workqueuemodel.h"
#include "ui/scene/canvasscene.h"
#include "ui/scene/clustercanvas.h"
#include "ui/scene/poditem.h"
#include "ui/widgets/timecontrols.h"
#include "ui/widgets/workqueuepanel.h"

#include <QAction>
#include <QComboBox>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

namespace {
const QByteArray kNginx = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: nginx, labels: {app: nginx}}\n"
                          "spec:\n  replicas: 3\n  selector: {matchLabels: {app: nginx}}\n"
                          "  template:\n    metadata: {labels: {app: nginx}}\n"
                          "    spec: {containers: [{name: nginx, image: \"nginx:1.25\"}]}\n";

// Keys the model shows in one section, over every controller.
int keysIn(const WorkQueueModel &m, WorkQueueModel::Section section)
{
    int n = 0;
    for (int c = 0; c < m.controllerCount(); ++c) {
        const QModelIndex s = m.sectionIndex(c, section);
        for (int r = 0; r < m.rowCount(s); ++r)
            n += m.index(r, 0, s).data(WorkQueueModel::KeyRole).toString().isEmpty() ? 0 : 1;
    }
    return n;
}
} // namespace

class TestLatencyPlay : public QObject
{
    Q_OBJECT

private slots:
    void theAppDefaultIsClassroom()
    {
        QCOMPARE(LaunchOptions::parse({QStringLiteral("reconcile-lab")}).latency, QStringLiteral("classroom"));
        QCOMPARE(LaunchOptions::parse({QStringLiteral("reconcile-lab"), QStringLiteral("--latency"), QStringLiteral("realistic")}).latency,
                 QStringLiteral("realistic"));
        QVERIFY(!LaunchOptions::parse({QStringLiteral("reconcile-lab"), QStringLiteral("--latency"), QStringLiteral("slow")}).error.isEmpty());
    }

    void playingAtX1ShowsQueuesWorkersAndPendingPods_data()
    {
        QTest::addColumn<bool>("live");
        QTest::addColumn<double>("speed");
        QTest::newRow("step-by-step runner, x1") << false << 1.0;
        // Live threads: worker QThreads and informer threads sleep each hop in virtual time.
        QTest::newRow("live threads, x2") << true << 2.0;
    }
    void playingAtX1ShowsQueuesWorkersAndPendingPods()
    {
        QFETCH(bool, live);
        QFETCH(double, speed);
        MainWindow::Options wo;
        wo.persistLayout = false;
        MainWindow w(wo);   // frames run: time moves with the real clock × speed
        w.session().setLatency(LaunchOptions().latency);
        if (live)
            w.session().setMode(ClusterSession::Mode::Live);
        w.session().setSpeed(speed);
        w.resize(1280, 720);
        w.show();
        QCOMPARE(w.session().latency(), QStringLiteral("classroom"));
        QVERIFY(w.session().isTimeRunning());
        QCOMPARE(w.session().speed(), speed);
        QCOMPARE(w.session().simulation().isThreaded(), live);
        const WorkQueueModel &queues = *w.panel<WorkQueuePanel>(QStringLiteral("workqueue"))->model();
        const CanvasScene &scene = *w.panel<ClusterCanvas>(QStringLiteral("canvas"))->canvasScene();

        int maxQueued = 0, maxHeld = 0;
        qint64 pendingSince = -1, pendingLongest = 0, firstReadyAt = -1;
        const qint64 t0 = w.session().elapsedMs();
        connect(&w.session(), &ClusterSession::frameDone, this, [&](qint64) {
            maxQueued = std::max(maxQueued, keysIn(queues, WorkQueueModel::QueuedSection));
            maxHeld = std::max(maxHeld, keysIn(queues, WorkQueueModel::WorkersSection));
            const qint64 t = w.session().elapsedMs() - t0;
            bool pending = false, ready = false;
            for (const PodItem *p : scene.podItems()) {
                pending = pending || p->stage() == PodStage::Pending;
                ready = ready || p->stage() == PodStage::Ready;
            }
            if (pending && pendingSince < 0)
                pendingSince = t;
            if (pending)
                pendingLongest = std::max(pendingLongest, t - pendingSince);
            else
                pendingSince = -1;
            if (ready && firstReadyAt < 0)
                firstReadyAt = t;
        });
        QVERIFY(w.applyText(kNginx, QStringLiteral("nginx.yaml")).ok());
        // Played, not stepped: wait for the real frames (virtual time at ×1) to get there.
        QTRY_VERIFY_WITH_TIMEOUT(firstReadyAt >= 0, 60000);
        qInfo("%s, classroom: up to %d keys queued and %d held by workers at once; a pod stayed Pending %lld ms; first Ready after %lld ms",
              QTest::currentDataTag(), maxQueued, maxHeld, pendingLongest, firstReadyAt);
        QVERIFY(maxQueued >= 1);
        QVERIFY(maxHeld >= 1);
        QVERIFY2(pendingLongest >= 1000, qPrintable(QString::number(pendingLongest)));
    }

    void timeMenuAndToolbarSwitchPresets()
    {
        MainWindow::Options wo;
        wo.persistLayout = false;
        wo.startFrames = false;
        MainWindow w(wo);
        auto *time = w.panel<TimeControls>(QStringLiteral("timeControls"));
        QCOMPARE(time->latencyActions().size(), 3);
        for (QAction *a : time->latencyActions()) {
            a->trigger();
            QCOMPARE(w.session().latency(), a->data().toString());
            QCOMPARE(time->latencyBox()->currentData().toString(), a->data().toString());
            QCOMPARE(w.session().simulation().latency().name, a->data().toString());
        }
        // A reset keeps the preset.
        w.session().setLatency(QStringLiteral("realistic"));
        w.session().reset();
        QCOMPARE(w.session().simulation().latency().name, QStringLiteral("realistic"));
    }
};

QTEST_MAIN(TestLatencyPlay)
#include "tst_latencyplay.moc"
