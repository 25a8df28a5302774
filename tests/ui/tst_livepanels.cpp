// SPDX-License-Identifier: Apache-2.0
// Live mode's teaching panels (issue #15): the window connects over TLS (its own CA, a bearer
// token) to a lab served as `rlab serve` serves it, and while a rollout driven by a second
// HTTP client (as a student's kubectl would: create, then set image) runs there, the
// Arithmetic, Rollout history, Events and Charts panels show the cluster's own data, read from
// the live mirror like a lab's store. Frames run on the session's timer; QTRY_* waits for them.
#include "core/api/namespace.h"
#include "core/kubectl/rollout.h"
#include "core/live/livesource.h"
#include "tests/e2e/httplab.h"
#include "tests/testutil/fixtures.h"
#include "core/live/historybound.h"
#include "core/live/liveclustersource.h"
#include "core/sim/simulation.h"
#include "core/sim/view/clusterview.h"
#include "ui/arithmetic/arithmeticpanel.h"
#include "ui/arithmetic/syncstepmodel.h"
#include "ui/charts/chartfeeder.h"
#include "ui/charts/chartspanel.h"
#include "ui/charts/timeseriesmodel.h"
#include "ui/clustersession.h"
#include "ui/commands/clustercommands.h"
#include "ui/controls/clustercontrols.h"
#include "ui/history/historymodel.h"
#include "ui/history/historypanel.h"
#include "ui/i18n/language.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/live/labonly.h"
#include "ui/live/livebanner.h"
#include "ui/live/livemenu.h"
#include "ui/live/livenote.h"
#include "ui/mainwindow.h"
#include "ui/widgets/layoutbarrier.h"
#include "ui/models/eventsmodel.h"
#include "ui/models/reconcilemodel.h"
#include "ui/models/objecttreemodel.h"
#include "ui/models/storemodels.h"
#include "ui/record/recordcontrols.h"
#include "ui/timetravel/timetravel.h"
#include "ui/timetravel/timetravelbar.h"
#include "ui/widgets/activitypanel.h"
#include "ui/widgets/controlspanel.h"
#include "ui/widgets/eventspanel.h"
#include "ui/widgets/servepanel.h"
#include "ui/widgets/speedslider.h"
#include "ui/widgets/timecontrols.h"
#include "ui/widgets/workqueuepanel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QStatusBar>

#include <QtTest>

using namespace rlab;
using namespace rlab::ui;
namespace rollout = rlab::kubectl::rollout;

class TestLivePanels : public QObject
{
    Q_OBJECT

private:
    static MainWindow::Options options()
    {
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        return o;
    }
    // The newest value of `series` in a chart model; -1 when it has none.
    static double last(const TimeSeriesModel *m, const QString &series)
    {
        const int c = m->seriesColumn(series);
        return c < 0 || m->rowCount() == 0 ? -1 : m->value(m->rowCount() - 1, c);
    }
    // "web-<hash>" of the ReplicaSet series in the ReplicaSets chart, in order of appearance.
    static QStringList replicaSetGroups(const TimeSeriesModel *m)
    {
        QStringList groups;
        for (const QString &s : m->seriesNames())
            if (const QString g = s.section(QStringLiteral(" · "), 0, 0); !groups.contains(g))
                groups << g;
        return groups;
    }
    static QStringList eventReasons(const EventsModel *m)
    {
        QStringList reasons;
        for (int r = 0; r < m->rowCount(); ++r)
            reasons << m->index(r, EventsModel::ReasonColumn).data().toString() + QLatin1Char(' ')
                           + m->index(r, EventsModel::MessageColumn).data().toString();
        return reasons;
    }

private slots:
    void panelsFollowALiveRollout()
    {
        // A threaded Simulation behind HTTPS + a bearer token, at ×10: each step of the rollout
        // below (a pod takes 4 virtual s to be available) stays on the cluster ~400 ms, many
        // frames of the window's per-frame sampling even on a loaded machine. At ×50 (80 ms a
        // step) a starved GUI thread missed every half-done step (1 run in 15 beside two benches).
        test::HttpLab lab;
        QString error;
        QVERIFY2(lab.start(true, &error, 10), qPrintable(error));
        std::unique_ptr<http::RestClient> student = lab.connect(lab.kubeconfig, &error);   // the "kubectl"
        QVERIFY2(student, qPrintable(error));

        MainWindow w(options());
        w.resize(1600, 900);
        w.show();
        auto *menu = w.panel<LiveMenu>(QStringLiteral("live"));
        QVERIFY2(menu->connectCluster({lab.kubeconfig}, QString(), QStringLiteral("default"), &error), qPrintable(error));
        QVERIFY(w.session().liveSource());
        w.session().start();

        auto *arithmetic = w.panel<ArithmeticPanel>(QStringLiteral("arithmetic"));
        auto *history = w.panel<HistoryPanel>(QStringLiteral("history"));
        auto *events = w.panel<EventsPanel>(QStringLiteral("events"));
        auto *charts = w.panel<ChartsPanel>(QStringLiteral("charts"));
        QVERIFY(arithmetic && history && events && charts);

        // 4 replicas, maxSurge 25% → 1 (rounded up), maxUnavailable 25% → 1 (rounded down).
        QVERIFY(student->create(test::makeDeployment(QStringLiteral("web"), 4)).ok());
        QTRY_VERIFY_WITH_TIMEOUT(arithmetic->summaryText().contains(QLatin1String("available now\n4")), 15000);
        QCOMPARE(arithmetic->deployment(), QStringLiteral("default/web"));
        const QString first = arithmetic->summaryText();
        QVERIFY2(first.contains(QLatin1String("deployment/web")), qPrintable(first));
        QVERIFY2(first.contains(QLatin1String("allowed total\n5")), qPrintable(first));
        QVERIFY2(first.contains(QLatin1String("minimum available\n3")), qPrintable(first));
        QTRY_COMPARE_WITH_TIMEOUT(history->model()->rowCount(), 1, 5000);

        // The rollout, through the student's client: a new template → revision 2.
        const rollout::RolloutResult set = rollout::setImage(*student, QStringLiteral("default"), QStringLiteral("web"),
                                                            QStringLiteral("app"), QStringLiteral("nginx:1.26"));
        QVERIFY2(set.ok(), qPrintable(set.error));

        // Rollout history: two revisions, the template diff is the image.
        QTRY_COMPARE_WITH_TIMEOUT(history->model()->rowCount(), 2, 15000);
        QCOMPARE(history->model()->revisions(), (QList<qint64>{1, 2}));
        QVERIFY(history->compare(1, 2));
        const QString diff = history->diffText();
        QVERIFY2(diff.contains(QLatin1String("-")) && diff.contains(QLatin1String("image: nginx:1.25"))
                     && diff.contains(QLatin1String("image: nginx:1.26")),
                 qPrintable(diff));
        QVERIFY2(history->model()->entry(2)->replicaSet, "revision 2 has its ReplicaSet");

        // Charts: the new ReplicaSet takes over, the old one goes to 0, within maxSurge.
        TimeSeriesModel *rs = charts->feeder().model(ChartFeeder::ReplicaSets);
        TimeSeriesModel *status = charts->feeder().model(ChartFeeder::DeploymentStatus);
        QCOMPARE(charts->feeder().deployment(), QStringLiteral("default/web"));
        QTRY_COMPARE_WITH_TIMEOUT(replicaSetGroups(rs).size(), 2, 15000);
        const QStringList groups = replicaSetGroups(rs);
        QTRY_COMPARE_WITH_TIMEOUT(last(rs, groups[1] + QStringLiteral(" · available")), 4.0, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(last(rs, groups[0] + QStringLiteral(" · desired")), 0.0, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(last(status, QStringLiteral("updated")), 4.0, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(last(status, QStringLiteral("available")), 4.0, 15000);
        const int c0 = rs->seriesColumn(groups[0] + QStringLiteral(" · desired"));
        const int c1 = rs->seriesColumn(groups[1] + QStringLiteral(" · desired"));
        int surged = 0;
        for (int r = 0; r < rs->rowCount(); ++r) {
            const double total = rs->value(r, c0) + rs->value(r, c1);
            QVERIFY2(total <= 5.0, qPrintable(QStringLiteral("row %1: %2 desired > replicas 4 + maxSurge 1").arg(r).arg(total)));
            surged += rs->value(r, c1) > 0 && rs->value(r, c1) < 4 ? 1 : 0;
        }
        QVERIFY2(surged > 0, "the chart saw the rollout half done");

        // Arithmetic: from the live spec and status, after the rollout.
        QTRY_VERIFY_WITH_TIMEOUT(arithmetic->summaryText().contains(QLatin1String("current total\n4")), 15000);
        const QString done = arithmetic->summaryText();
        QVERIFY2(done.contains(QLatin1String("over 2 ReplicaSet(s): new 4, old 0")), qPrintable(done));

        // The per-sync log is the shadow controller's syncDeployment on the live state: it moved
        // the new ReplicaSet up (reconcileNewReplicaSet) and the old one down.
        SyncStepModel *steps = arithmetic->steps();
        QTRY_VERIFY_WITH_TIMEOUT(steps->rowCount() >= 2, 5000);
        QStringList moves;
        for (int r = 0; r < steps->rowCount(); ++r)
            if (steps->step(r).moved())
                moves << steps->step(r).step;
        QVERIFY2(moves.contains(QStringLiteral("reconcileNewReplicaSet")), qPrintable(moves.join(QLatin1Char(','))));
        QVERIFY2(moves.contains(QStringLiteral("reconcileOldReplicaSets")) || moves.contains(QStringLiteral("scaleDownOldReplicaSetsForRollingUpdate")),
                 qPrintable(moves.join(QLatin1Char(','))));
        QVERIFY(!arithmetic->liveNote()->isHidden());

        // Events: the cluster's own ScalingReplicaSet events of that rollout.
        EventsModel *em = events->model();
        QTRY_VERIFY_WITH_TIMEOUT(eventReasons(em).filter(QStringLiteral("ScalingReplicaSet Scaled down replica set")).size() >= 1, 15000);
        const QStringList reasons = eventReasons(em);
        QVERIFY2(reasons.filter(QRegularExpression(QStringLiteral("^ScalingReplicaSet Scaled up replica set web-\\w+ from 0 to 4$"))).size() == 1
                     || reasons.filter(QStringLiteral("ScalingReplicaSet Scaled up replica set")).size() >= 2,
                 qPrintable(reasons.join(QLatin1Char('\n'))));

        w.session().stop();
        w.session().openLive(nullptr);   // the HTTP client's watches close before the server goes
        student.reset();
        lab.stop();
    }

    // What only makes sense on the simulator is off in a live session, each with a tooltip that
    // says why, and refused when called anyway; the Workqueues and Controller activity panels
    // say where the cluster's queues and reconciles are (the activity rows are the shadow's).
    // Back in the lab everything is as it was.
    void labOnlyControlsAreOffLive()
    {
        Simulation source;   // the "real cluster", in process
        MainWindow w(options());
        w.resize(1600, 900);
        w.show();
        auto *time = w.panel<TimeControls>(QStringLiteral("timeControls"));
        auto *controls = w.panel<ControlsPanel>(QStringLiteral("controls"));
        ClusterControls *cluster = controls->clusterControls();
        auto *lesson = w.panel<LessonPanel>(QStringLiteral("lesson"));
        auto *record = w.panel<RecordControls>(QStringLiteral("recordControls"));
        auto *serve = w.panel<ServePanel>(QStringLiteral("serve"));
        auto *queues = w.panel<WorkQueuePanel>(QStringLiteral("workqueue"));
        auto *activity = w.panel<ActivityPanel>(QStringLiteral("activity"));
        QVERIFY(time && controls && lesson && record && serve && queues && activity);
        QVERIFY(w.session().client().create(test::makeDeployment(QStringLiteral("lab"), 1)).ok());
        w.refreshNow();

        struct Control { QString name; std::function<bool()> enabled; std::function<QString()> tip; };
        const auto ofAction = [](const QString &n, QAction *a) { return Control{n, [a] { return a->isEnabled(); }, [a] { return a->toolTip(); }}; };
        const auto ofWidget = [](const QString &n, QWidget *x) { return Control{n, [x] { return x->isEnabled(); }, [x] { return x->toolTip(); }}; };
        QList<Control> labOnly{ofAction(QStringLiteral("Step"), time->stepAction()),
                               ofAction(QStringLiteral("Next event"), time->nextEventAction()),
                               ofAction(QStringLiteral("Run until complete"), time->runUntilAction()),
                               ofWidget(QStringLiteral("latency box"), time->latencyBox()),
                               ofWidget(QStringLiteral("mode box"), time->modeBox()),
                               ofWidget(QStringLiteral("speed"), time->speedSlider()),
                               ofAction(QStringLiteral("Reset (toolbar)"), w.resetAction()),
                               ofWidget(QStringLiteral("Fail node"), cluster->failNodeButton()),
                               ofWidget(QStringLiteral("Recover node"), cluster->recoverNodeButton()),
                               ofWidget(QStringLiteral("Replica floor"), cluster->replicaFloorBox()),
                               ofWidget(QStringLiteral("Reset (controls)"), cluster->resetButton()),
                               ofWidget(QStringLiteral("Lesson start"), lesson->startButton()),
                               ofWidget(QStringLiteral("Record"), record->recordButton()),
                               ofWidget(QStringLiteral("Replay scenario"), record->replayButton()),
                               ofWidget(QStringLiteral("Serve the API"), serve->toggleButton())};
        for (QAction *a : time->latencyActions())
            labOnly << ofAction(a->objectName(), a);
        QHash<QString, QString> labTips;
        const bool canServe = serve->toggleButton()->isEnabled();   // this test injects no HTTP server
        for (const Control &c : labOnly) {
            QVERIFY2(c.enabled() || (c.name == QLatin1String("Serve the API") && !canServe), qPrintable(c.name + QStringLiteral(" is on in the lab")));
            QVERIFY2(!c.tip().startsWith(QLatin1String("Lab only")), qPrintable(c.name));
            labTips.insert(c.name, c.tip());
        }
        QVERIFY(queues->liveNote()->isHidden() && activity->liveNote()->isHidden());

        live::LiveClusterInfo info{QStringLiteral("https://127.0.0.1:6443"), QStringLiteral("kind-kind"), QStringLiteral("default"),
                                   QStringLiteral("v1.31.0")};
        w.session().openLive(std::make_unique<live::LiveClusterSource>(
            std::shared_ptr<client::Interface>(&source.client(), [](client::Interface *) {}), info));
        for (const Control &c : labOnly) {
            QVERIFY2(!c.enabled(), qPrintable(c.name + QStringLiteral(" is off live")));
            QVERIFY2(c.tip().startsWith(QLatin1String("Lab only: ")) && c.tip().endsWith(QStringLiteral("(File → Back to the lab)")),
                     qPrintable(c.name + QStringLiteral(": ") + c.tip()));
        }
        QCOMPARE(time->stepAction()->toolTip(), LabOnly::refusal(LabOnly::Reason::Stepping));
        QCOMPARE(cluster->failNodeButton()->toolTip(), LabOnly::refusal(LabOnly::Reason::Faults));
        QVERIFY(time->playAction()->isEnabled());   // the window still pauses what it shows

        // Called anyway (shortcuts, scripts): refused in the same words, nothing happens.
        const qint64 revision = w.session().view().revision();
        QVERIFY(!time->stepOneReconcile().ok);
        QCOMPARE(time->lastReport().text, LabOnly::refusal(LabOnly::Reason::Stepping));
        QVERIFY(!time->runUntilComplete().ok);
        QVERIFY(w.session().isTimeRunning());
        ClusterCommands *commands = controls->commands();
        QCOMPARE(commands->failNode(QStringLiteral("node-1")).errorLine(), QStringLiteral("error: ") + LabOnly::refusal(LabOnly::Reason::Faults));
        QCOMPARE(commands->setReplicaFloorEnabled(true).errorLine(), QStringLiteral("error: ") + LabOnly::refusal(LabOnly::Reason::ReplicaFloor));
        QCOMPARE(commands->resetCluster().errorLine(), QStringLiteral("error: ") + LabOnly::refusal(LabOnly::Reason::Reset));
        w.resetCluster();
        QVERIFY(w.session().liveSource());   // still the live session
        QCOMPARE(w.session().view().revision(), revision);

        // Workqueues and Controller activity: a one-line note each, and the shadow's syncs.
        QVERIFY(!queues->liveNote()->isHidden());
        QVERIFY(queues->liveNote()->note().contains(QLatin1String("kube-controller-manager")));
        QVERIFY(!activity->liveNote()->isHidden());
        QVERIFY(activity->liveNote()->note().contains(QLatin1String("shadow controller")));
        QVERIFY(source.client().create(test::makeDeployment(QStringLiteral("web"), 2)).ok());
        source.runUntilIdle();
        w.session().advance(0);
        w.refreshNow();
        ReconcileModel *rows = activity->model();
        QStringList shadowRows;
        for (int r = 0; r < rows->rowCount(); ++r)
            if (rows->index(r, ReconcileModel::ControllerColumn).data().toString() == QLatin1String("shadow/deployment"))
                shadowRows << rows->index(r, ReconcileModel::KeyColumn).data().toString();
        QVERIFY2(shadowRows.contains(QStringLiteral("default/web")), qPrintable(shadowRows.join(QLatin1Char(','))));

        // Back to the lab: on again, with their own tooltips.
        w.session().openLive(nullptr);
        QVERIFY(w.session().client().create(test::makeDeployment(QStringLiteral("lab"), 1)).ok());
        w.refreshNow();
        for (const Control &c : labOnly) {
            QVERIFY2(c.enabled() || (c.name == QLatin1String("Serve the API") && !canServe), qPrintable(c.name + QStringLiteral(" is on in the lab again")));
            QCOMPARE(c.tip(), labTips.value(c.name));
        }
        QVERIFY(queues->liveNote()->isHidden() && activity->liveNote()->isHidden());
    }

    // The mirror's history is bounded: with a cap of 60 watch events a rollout's older
    // revisions are compacted away, time travel stops at the oldest kept and says from when
    // history is kept; the present (objects, new events) is whole.
    void historyIsBounded()
    {
        Simulation source;
        MainWindow w(options());
        w.resize(1600, 900);
        w.show();
        live::LiveClusterInfo info{QStringLiteral("https://127.0.0.1:6443"), QStringLiteral("kind-kind"), QStringLiteral("default"),
                                   QStringLiteral("v1.31.0")};
        auto src = std::make_unique<live::LiveClusterSource>(
            std::shared_ptr<client::Interface>(&source.client(), [](client::Interface *) {}), info);
        src->setHistoryCap(60, qint64(1) << 30);
        w.session().openLive(std::move(src));
        const live::HistoryBound *bound = w.session().liveSource()->history();
        QVERIFY(bound);
        auto *bar = w.panel<TimeTravelBar>(QStringLiteral("timeTravelBar"));
        QVERIFY(bar->droppedText().isEmpty());

        QVERIFY(source.client().create(test::makeDeployment(QStringLiteral("web"), 4)).ok());
        source.runUntilIdle();
        w.session().advance(0);
        w.refreshNow();
        QVERIFY(rollout::setImage(source.client(), QStringLiteral("default"), QStringLiteral("web"), QStringLiteral("app"),
                                  QStringLiteral("nginx:1.26")).ok());
        for (int i = 0; i < 40; ++i) {   // the rollout, one virtual second per frame
            source.advance(1000);
            w.session().advance(0);
            w.refreshNow();
        }
        const qint64 applied = static_cast<live::LiveClusterSource *>(w.session().liveSource())->mirror()->eventsApplied();
        qInfo("watch events applied %lld, dropped %lld (%lld bytes), kept %lld (%lld bytes), oldest revision %lld of %lld",
              applied, bound->droppedEvents(), bound->droppedBytes(), bound->retainedEvents(), bound->retainedBytes(),
              w.session().view().oldestRevision(), w.session().view().revision());
        QVERIFY2(applied > 100, "a rollout of 4 pods is more than 100 watch events");
        QVERIFY(bound->droppedEvents() > 0);
        QVERIFY(bound->retainedEvents() <= 60);
        QCOMPARE(w.session().view().oldestRevision(), bound->droppedBeforeRevision());
        QVERIFY(w.session().view().revision() - w.session().view().oldestRevision() < 60);

        // The present is whole: every object, and the rollout done.
        ObjectTreeModel *objects = w.models().objects();
        QCOMPARE(objects->objectCount(ObjectTreeModel::Pods), 4);
        QCOMPARE(objects->objectCount(ObjectTreeModel::ReplicaSets), 2);
        QCOMPARE(objects->objectCount(ObjectTreeModel::Deployments), 1);

        // Time travel: the oldest kept revision is viewable, the one before it is not, and the bar says so.
        TimeTravel &travel = w.timeTravel();
        const qint64 oldest = travel.oldestViewableRevision();
        QCOMPARE(oldest, bound->droppedBeforeRevision());
        QVERIFY(!travel.viewRevision(oldest - 1));
        QVERIFY(travel.viewRevision(oldest));
        QCOMPARE(bar->slider()->minimum(), int(oldest));
        const QString dropped = bar->droppedText();
        QVERIFY2(dropped.startsWith(QStringLiteral("history before t=00:00:")) && dropped.contains(QLatin1String("at most 60 watch events")),
                 qPrintable(dropped));
        travel.returnToLive();

        // New events still arrive after the compactions.
        QVERIFY(rollout::scale(source.client(), QStringLiteral("default"), QStringLiteral("web"), 2).ok());
        source.runUntilIdle();
        w.session().advance(0);
        w.refreshNow();
        QCOMPARE(objects->objectCount(ObjectTreeModel::Pods), 2);
        w.session().openLive(nullptr);
    }

    // At 1600×900 a live session's status bar shows all of its right end: revision, the
    // cluster's time, the object counts (two- and three-digit), also while paused; while a long
    // message is shown on its left only the revision stays (the window's rule), whole.
    void statusBarFitsAt1600()
    {
        Simulation source;
        MainWindow w(options());
        w.resize(1600, 900);
        w.show();
        auto *menu = w.panel<LiveMenu>(QStringLiteral("live"));
        live::LiveClusterInfo info{QStringLiteral("https://127.0.0.1:6443"), QStringLiteral("kind-kind"), QStringLiteral("default"),
                                   QStringLiteral("v1.31.0")};
        w.session().openLive(std::make_unique<live::LiveClusterSource>(
            std::shared_ptr<client::Interface>(&source.client(), [](client::Interface *) {}), info));
        for (int i = 0; i < 12; ++i)
            QVERIFY(source.client().create(test::makeDeployment(QStringLiteral("web-%1").arg(i), 9)).ok());
        source.runUntilIdle();
        source.advance(3'600'000 * 25);   // a long session: the clock passes a day
        w.session().setTimeRunning(false);
        w.session().advance(0);
        w.refreshNow();
        // No event loop pass: a screenshot taken now (as the tests' are) shows the labels as laid out now.
        QStatusBar *bar = w.statusBar();
        QCOMPARE(w.width(), 1600);
        const auto visibleLabelsFit = [&] {
            int shown = 0;
            for (QLabel *l : bar->findChildren<QLabel *>()) {
                // The bar's labels (each behind a LayoutBarrier: a new text every frame).
                if (l->parentWidget() != bar && !qobject_cast<LayoutBarrier *>(l->parentWidget()))
                    continue;
                if (!l->isVisible() || l->text().isEmpty())
                    continue;
                ++shown;
                const int x = l->mapTo(bar, QPoint()).x();
                qInfo("%d..%d (hint %d): %s", x, x + l->width(), l->sizeHint().width(), qPrintable(l->text()));
                if (l->width() < l->sizeHint().width() || x + l->width() > bar->width()) {
                    qWarning("cut or past the edge: %s", qPrintable(l->text()));
                    return -1;
                }
            }
            return shown;
        };
        QCOMPARE(visibleLabelsFit(), 3);   // revision, the cluster's time, the counts
        // A long message on the left: the time and counts step aside so that it is not cut (a
        // projector's 1280 px hold the message or them); the revision stays and still fits.
        emit menu->message(menu->banner()->headline() + QStringLiteral(" — kubectl set image deployment/web-1 app=nginx:1.26"));
        QCOMPARE(visibleLabelsFit(), 1);
        bar->clearMessage();
        QCOMPARE(visibleLabelsFit(), 3);
        QVERIFY2(w.minimumSizeHint().width() <= 1600, "the window fits a 1600-px screen");
        QVERIFY2(w.statusText().contains(QLatin1String("108 pods")), qPrintable(w.statusText()));
        QVERIFY(w.grab().save(QCoreApplication::applicationDirPath() + QStringLiteral("/tst_livepanels-status.png")));
        w.session().openLive(nullptr);
    }

    // A live session in a student's namespace: the Controls list its Deployments (read from
    // the mirror), and the Deployment chosen there is the one history, charts and arithmetic
    // explain, as "team-a/web".
    void namespaceOfALiveSession()
    {
        Simulation source;
        auto ns = std::make_shared<api::Namespace>();
        ns->metadata.name = QStringLiteral("team-a");
        QVERIFY(source.client().create(ns).ok());
        auto inTeam = test::makeDeployment(QStringLiteral("web"), 2);
        inTeam->metadata.namespace_ = QStringLiteral("team-a");
        QVERIFY(source.client().create(inTeam).ok());
        auto api = test::makeDeployment(QStringLiteral("api"), 1);
        api->metadata.namespace_ = QStringLiteral("team-a");
        QVERIFY(source.client().create(api).ok());
        QVERIFY(source.client().create(test::makeDeployment(QStringLiteral("elsewhere"), 1)).ok());   // default: not shown
        source.runUntilIdle();
        MainWindow w(options());
        w.resize(1600, 900);
        w.show();
        live::LiveClusterInfo info{QStringLiteral("https://127.0.0.1:6443"), QStringLiteral("classroom"), QStringLiteral("team-a"),
                                   QStringLiteral("v1.31.0")};
        w.session().openLive(std::make_unique<live::LiveClusterSource>(
            std::shared_ptr<client::Interface>(&source.client(), [](client::Interface *) {}), info));
        QCOMPARE(w.session().namespace_(), QStringLiteral("team-a"));
        w.session().advance(0);
        w.refreshNow();
        auto *controls = w.panel<ControlsPanel>(QStringLiteral("controls"));
        QStringList listed;
        for (int i = 0; i < controls->deploymentBox()->count(); ++i)
            listed << controls->deploymentBox()->itemText(i);
        QCOMPARE(listed, (QStringList{QStringLiteral("api"), QStringLiteral("web")}));
        controls->setCurrentDeployment(QStringLiteral("web"));
        QCOMPARE(w.panel<HistoryPanel>(QStringLiteral("history"))->deployment(), QStringLiteral("team-a/web"));
        QCOMPARE(w.panel<ArithmeticPanel>(QStringLiteral("arithmetic"))->deployment(), QStringLiteral("team-a/web"));
        QCOMPARE(w.panel<ChartsPanel>(QStringLiteral("charts"))->feeder().deployment(), QStringLiteral("team-a/web"));
        QCOMPARE(w.panel<HistoryPanel>(QStringLiteral("history"))->model()->rowCount(), 1);
        QVERIFY(w.panel<ArithmeticPanel>(QStringLiteral("arithmetic"))->summaryText().contains(QLatin1String("deployment/web")));
        w.session().openLive(nullptr);
        QCOMPARE(w.session().namespace_(), QStringLiteral("default"));
    }

    // Live mode's new strings are in Korean too (resources/translations/reconcile-lab_ko.ts).
    void koreanLiveStrings()
    {
        QVERIFY(Language::setLanguage(QStringLiteral("ko")));
        const QString refusal = LabOnly::refusal(LabOnly::Reason::Faults);
        const QString menu = LiveMenu::tr("Connect to cluster…");
        QVERIFY(Language::setLanguage(QStringLiteral("en")));
        QVERIFY2(refusal.startsWith(QStringLiteral("실습 전용: ")) && refusal.endsWith(QStringLiteral("(파일 → 실습으로 돌아가기)")),
                 qPrintable(refusal));
        QCOMPARE(menu, QStringLiteral("클러스터에 연결…"));
        QCOMPARE(LiveMenu::tr("Connect to cluster…"), QStringLiteral("Connect to cluster…"));
    }
};

QTEST_MAIN(TestLivePanels)
#include "tst_livepanels.moc"
