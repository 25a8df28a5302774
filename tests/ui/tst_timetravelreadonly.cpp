#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/commands/clustercommands.h"
#include "ui/history/historymodel.h"
#include "ui/history/historypanel.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/mainwindow.h"
#include "ui/models/workqueuemodel.h"
#include "ui/presenter/presentermode.h"
#include "ui/timetravel/queuereplay.h"
#include "ui/timetravel/timetravel.h"
#include "ui/widgets/controlspanel.h"
#include "ui/widgets/manifesteditor.h"
#include "ui/widgets/timecontrols.h"
#include "ui/widgets/workqueuepanel.h"

#ifdef RLAB_TEST_SERVE
#include "core/server/labapiendpoint.h"
#include "ui/serve/servecontroller.h"
#include "ui/widgets/servepanel.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QJsonDocument>
#include <QSslConfiguration>
#include <QTemporaryDir>
#endif

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// Time travel cannot write (issue 14): while the window views a past revision every command
// path — the Controls' buttons, "Roll back to this revision", Apply / Open / drops, Reset, Play
// and the steps, the mode, the lesson's steps — is disabled AND refused when invoked anyway, and
// the live store's revision is the same before and after. The Workqueues panel and the clocks
// show the past too. Frames are not started: time moves only by session.advance().
class TestTimeTravelReadOnly : public QObject
{
    Q_OBJECT

    static MainWindow::Options options()
    {
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        return o;
    }

    static QString sample()
    {
        QFile f(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

    static QString sampleFile() { return QStringLiteral(RLAB_TEST_DATA "/../../resources/manifests/nginx-deployment.yaml"); }
    static QString lessonFile() { return QStringLiteral(RLAB_TEST_DATA "/../../resources/lessons/01-apply-journey.yaml"); }

    // For a human to look at: written when RLAB_SCREENSHOT_DIR is set.
    static void screenshot(QWidget *w, const QString &name)
    {
        const QString dir = qEnvironmentVariable("RLAB_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            QVERIFY(w->grab().save(dir + QLatin1Char('/') + name));
    }

    static QStringList keys(const QList<QueuedItem> &items)
    {
        QStringList out;
        for (const QueuedItem &i : items)
            out << i.key;
        return out;
    }
    static QStringList keys(const QList<ProcessingItem> &items)
    {
        QStringList out;
        for (const ProcessingItem &i : items)
            out << QStringLiteral("%1@%2").arg(i.key).arg(i.worker);
        return out;
    }
    static QStringList keys(const QList<WaitingItem> &items)
    {
        QStringList out;
        for (const WaitingItem &i : items)
            out << i.key;
        return out;
    }

#ifdef RLAB_TEST_SERVE
    struct Http
    {
        int status = 0;
        QJsonObject json;
    };
    // One request as kubectl sends it with the served lab's kubeconfig (bearer token, HTTPS),
    // answered while the GUI thread's event loop runs.
    static Http request(const QString &kubeconfig, const QByteArray &verb, const QString &url, const QByteArray &body = {},
                        const QByteArray &contentType = "application/json")
    {
        QFile file(kubeconfig);
        const QByteArray config = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        const qsizetype t = config.indexOf("token: ");
        const QByteArray token = t < 0 ? QByteArray() : config.mid(t + 7, config.indexOf('\n', t) - t - 7);
        QNetworkRequest r{QUrl(url)};
        r.setRawHeader("Authorization", "Bearer " + token);
        r.setHeader(QNetworkRequest::ContentTypeHeader, contentType);
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setPeerVerifyMode(QSslSocket::VerifyNone);
        r.setSslConfiguration(tls);
        QNetworkAccessManager nam;
        QNetworkReply *reply = nam.sendCustomRequest(r, verb, body);
        QSignalSpy finished(reply, &QNetworkReply::finished);
        Http out;
        if (!finished.wait(10000))
            return out;
        out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        out.json = QJsonDocument::fromJson(reply->readAll()).object();
        reply->deleteLater();
        return out;
    }
#endif

private slots:
    void everyCommandPathIsRefusedInThePast()
    {
        MainWindow w(options());
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ClusterSession &session = w.session();
        auto *lesson = w.panel<LessonPanel>(QStringLiteral("lesson"));
        auto *controls = w.panel<ControlsPanel>(QStringLiteral("controls"));
        auto *history = w.panel<HistoryPanel>(QStringLiteral("history"));
        auto *editor = w.panel<ManifestEditor>(QStringLiteral("editor"));
        auto *time = w.panel<TimeControls>(QStringLiteral("timeControls"));

        // A lesson waiting at its first step, and a Deployment with two rollout revisions.
        QStringList errors;
        QVERIFY2(lesson->openLesson(lessonFile(), &errors), qPrintable(errors.join(QLatin1Char('\n'))));
        const int lessonStep = lesson->player().stepIndex();
        const LessonPlayer::State lessonState = lesson->player().state();
        QVERIFY(w.applyText(sample(), QStringLiteral("nginx-deployment.yaml")).ok());
        const qint64 afterApply = session.view().revision();
        session.advance(30'000);
        w.refreshNow();
        QVERIFY(controls->commands()->setImage(QStringLiteral("nginx"), QStringLiteral("nginx"), QStringLiteral("nginx:1.26")).ok());
        session.advance(30'000);
        w.refreshNow();
        history->setDeployment(QStringLiteral("default/nginx"));
        QCOMPARE(history->model()->rowCount(), 2);
        auto *rollback = history->findChild<QPushButton *>(QStringLiteral("rollback"));
        QVERIFY(rollback && rollback->isEnabled());

        const qint64 live = session.view().revision();
        const qint64 epoch = session.clusterEpoch();
        QVERIFY(w.timeTravel().viewRevision(afterApply));
        QVERIFY(session.isFrozen());
        const QString refusal = session.readOnlyError();
        QVERIFY(refusal.contains(QStringLiteral("read-only")));

        // Disabled: every button that writes.
        QVERIFY(!controls->commandBox()->isEnabled());
        const QList<QAbstractButton *> commandButtons = controls->commandBox()->findChildren<QAbstractButton *>();
        QVERIFY(commandButtons.size() >= 10);
        for (QAbstractButton *b : commandButtons)
            QVERIFY2(!b->isEnabled(), qPrintable(b->text()));
        auto *note = controls->findChild<QLabel *>(QStringLiteral("readOnlyNote"));
        QVERIFY(note && note->isVisibleTo(controls));
        QVERIFY(!rollback->isEnabled());
        QVERIFY(!editor->applyButton()->isEnabled());
        QVERIFY(!w.applyAction()->isEnabled());
        QVERIFY(!w.openAction()->isEnabled());
        QVERIFY(!w.resetAction()->isEnabled());
        for (QAction *a : {time->playAction(), time->stepAction(), time->nextEventAction(), time->runUntilAction()})
            QVERIFY2(!a->isEnabled(), qPrintable(a->text()));
        QVERIFY(!time->modeBox()->isEnabled());
        QVERIFY(!lesson->nextButton()->isEnabled());
        QVERIFY(!lesson->revealButton()->isEnabled());
        w.raiseDock(QStringLiteral("controls"));
        w.raiseDock(QStringLiteral("history"));
        w.refreshNow();
        QApplication::processEvents();
        screenshot(&w, QStringLiteral("timetravel-readonly-1280x720.png"));

        // Refused when invoked anyway.
        ClusterCommands *commands = controls->commands();
        const QList<ClusterCommands::Result> results{
            commands->scale(QStringLiteral("nginx"), 7),
            commands->setImage(QStringLiteral("nginx"), QStringLiteral("nginx"), QStringLiteral("nginx:1.27")),
            commands->rolloutUndo(QStringLiteral("nginx")),
            commands->pause(QStringLiteral("nginx")),
            commands->resume(QStringLiteral("nginx")),
            commands->restart(QStringLiteral("nginx")),
            commands->deleteRandomPod(QStringLiteral("nginx")),
            commands->failNode(QStringLiteral("node-1")),
            commands->recoverNode(QStringLiteral("node-1")),
            commands->setReplicaFloorEnabled(true),
            commands->resetCluster(),
        };
        for (const ClusterCommands::Result &r : results)
            QVERIFY2(!r.ok() && r.error == refusal, qPrintable(r.output));
        QVERIFY(!history->rollBackTo(1).ok());
        QVERIFY(history->rollbackOutput().contains(refusal));
        const QString editorText = editor->text();
        QVERIFY(!w.applyText(QStringLiteral("apiVersion: v1\nkind: Namespace\nmetadata: {name: past}\n"), QStringLiteral("past.yaml")).ok());
        QVERIFY(!w.applyFiles({sampleFile()}).ok());
        QCOMPARE(editor->text(), editorText);   // refused before the editor was touched
        QVERIFY(!w.applyEditor().ok());
        {
            QMimeData mime;
            mime.setText(QStringLiteral("apiVersion: v1\nkind: Namespace\nmetadata: {name: dropped}\n"));
            QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
            QCoreApplication::sendEvent(&w, &enter);
            QVERIFY(!enter.isAccepted());
            QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
            QCoreApplication::sendEvent(&w, &drop);
            QVERIFY(!drop.isAccepted());
        }
        w.resetCluster();
        w.resetAction()->trigger();
        QCOMPARE(session.clusterEpoch(), epoch);
        time->togglePlay();
        time->playAction()->trigger();
        w.panel<PresenterMode>(QStringLiteral("presenter"))->playPauseAction()->trigger();
        QVERIFY(!session.isTimeRunning());
        QVERIFY(!time->stepOneReconcile().ok);
        QVERIFY(!time->stepToNextEvent().ok);
        QVERIFY(!time->runUntilComplete().ok);
        QCOMPARE(time->lastReport().text, refusal);
        emit time->modeBox()->activated(1);   // Live threads would reconcile on their own
        QCOMPARE(session.mode(), ClusterSession::Mode::Deterministic);
        QVERIFY(!lesson->player().next());
        lesson->nextButton()->click();
        QCOMPARE(lesson->player().stepIndex(), lessonStep);
        QCOMPARE(lesson->player().state(), lessonState);
        QVERIFY(!lesson->player().start(lesson->player().lesson(), &errors));
        QVERIFY(errors.contains(refusal));

        // The live state did not move, and the window still shows the past.
        QCOMPARE(session.view().revision(), live);
        QCOMPARE(session.clusterEpoch(), epoch);
        QVERIFY(session.isFrozen());
        QCOMPARE(session.snapshot().revision, afterApply);

        // Live again: the same revision, and every path open again.
        w.timeTravel().returnToLive();
        QCOMPARE(session.view().revision(), live);
        QVERIFY(controls->commandBox()->isEnabled());
        QVERIFY(!note->isVisibleTo(controls));
        QVERIFY(rollback->isEnabled());
        QVERIFY(editor->applyButton()->isEnabled());
        QVERIFY(w.resetAction()->isEnabled());
        QVERIFY(time->playAction()->isEnabled());
        QVERIFY(time->modeBox()->isEnabled());
        QVERIFY(lesson->nextButton()->isEnabled());
        QVERIFY(controls->commands()->scale(QStringLiteral("nginx"), 4).ok());
        QVERIFY(session.view().revision() > live);
    }

#ifdef RLAB_TEST_SERVE
    // kubectl through the Serve dock: while the window views the past, every write over HTTP
    // (create, replace, patch, the scale subresource, delete) is 403 Forbidden with the
    // window's read-only reason and the live revision does not move; reads still answer.
    // Live again, the same server (re-served on its port after the thaw) takes writes.
    void servedWritesAreRefusedInThePast()
    {
        QTemporaryDir dir;
        MainWindow::Options o = options();
        o.serveEndpoints = server::LabApiEndpoint::factory();
        MainWindow w(o);
        ClusterSession &session = w.session();
        ServeController *serve = w.panel<ServePanel>(QStringLiteral("serve"))->controller();
        const QString kubeconfig = dir.filePath(QStringLiteral("kubeconfig"));
        serve->setKubeconfigPath(kubeconfig);
        QVERIFY(w.applyText(sample(), QStringLiteral("nginx-deployment.yaml")).ok());
        const qint64 afterApply = session.view().revision();
        session.advance(30'000);
        w.refreshNow();
        QVERIFY2(serve->start(), qPrintable(serve->errorString()));
        const QString deployments = serve->url() + QStringLiteral("/apis/apps/v1/namespaces/default/deployments");
        QCOMPARE(request(kubeconfig, "GET", deployments + QStringLiteral("/nginx")).status, 200);

        const qint64 live = session.view().revision();
        QVERIFY(w.timeTravel().viewRevision(afterApply));
        QVERIFY(serve->isServing());
        const QString refusal = session.readOnlyError();
        const QByteArray created = R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"past"},"spec":{"replicas":1,)"
                                   R"("selector":{"matchLabels":{"app":"past"}},"template":{"metadata":{"labels":{"app":"past"}},)"
                                   R"("spec":{"containers":[{"name":"c","image":"nginx"}]}}}})";
        Http current = request(kubeconfig, "GET", deployments + QStringLiteral("/nginx"));
        QCOMPARE(current.status, 200);   // reads go on
        const QByteArray replaced = QJsonDocument(current.json).toJson(QJsonDocument::Compact);
        const QList<Http> writes{
            request(kubeconfig, "POST", deployments, created),
            request(kubeconfig, "PUT", deployments + QStringLiteral("/nginx"), replaced),
            request(kubeconfig, "PATCH", deployments + QStringLiteral("/nginx"), R"({"spec":{"replicas":9}})",
                    "application/strategic-merge-patch+json"),
            request(kubeconfig, "PATCH", deployments + QStringLiteral("/nginx/scale"), R"({"spec":{"replicas":9}})",
                    "application/merge-patch+json"),
            request(kubeconfig, "DELETE", deployments + QStringLiteral("/nginx")),
            request(kubeconfig, "DELETE", serve->url() + QStringLiteral("/api/v1/namespaces/default/pods")),
        };
        for (const Http &h : writes) {
            QCOMPARE(h.status, 403);
            QCOMPARE(h.json.value(QStringLiteral("reason")).toString(), QStringLiteral("Forbidden"));
            QVERIFY2(h.json.value(QStringLiteral("message")).toString().contains(refusal),
                     qPrintable(h.json.value(QStringLiteral("message")).toString()));
        }
        QCOMPARE(session.view().revision(), live);
        QVERIFY(session.isFrozen());

        w.timeTravel().returnToLive();
        QVERIFY(serve->isServing());
        const QString scaleUrl = serve->url() + QStringLiteral("/apis/apps/v1/namespaces/default/deployments/nginx/scale");
        QCOMPARE(request(kubeconfig, "PATCH", scaleUrl, R"({"spec":{"replicas":4}})", "application/merge-patch+json").status, 200);
        QVERIFY(session.view().revision() > live);
    }
#endif

    // The queues replayed from the trace are the queues: at the present revision the replay
    // equals the live snapshots, moment after moment of a rollout under the classroom latency.
    void replayEqualsTheLiveQueues()
    {
        ClusterSession session;
        session.setLatency(QStringLiteral("classroom"));
        QVERIFY(session.apply({ManifestSource::fromFile(sampleFile())}).ok());
        const view::ClusterView &v = session.view();
        int busyMoments = 0;
        for (int i = 0; i < 400; ++i) {
            session.advance(50);
            const std::vector<view::QueueView> live = v.queues();
            const std::vector<view::QueueView> replayed =
                QueueReplay::at(v.trace(0), live, v.startTime(), session.elapsedMs());
            QCOMPARE(replayed.size(), live.size());
            for (std::size_t q = 0; q < live.size(); ++q) {
                const WorkQueueSnapshot &a = live[q].snapshot, &b = replayed[q].snapshot;
                const QByteArray where = QStringLiteral("%1 at %2 ms").arg(live[q].controller).arg(session.elapsedMs()).toUtf8();
                QVERIFY2(keys(a.queued) == keys(b.queued), where + " queued " + keys(b.queued).join(u',').toUtf8());
                QVERIFY2(keys(a.processing) == keys(b.processing), where + " processing " + keys(b.processing).join(u',').toUtf8());
                QVERIFY2(keys(a.waiting) == keys(b.waiting), where + " waiting " + keys(b.waiting).join(u',').toUtf8());
                QCOMPARE(replayed[q].syncs, live[q].syncs);
                busyMoments += a.queued.size() + a.processing.size() > 0 ? 1 : 0;
            }
        }
        QVERIFY(busyMoments > 5);   // the rollout was seen in the queues, not only idle ones
    }

    // Frozen at the Deployment's creation, the Workqueues panel shows default/nginx held by a
    // deployment worker (the sync that creates its ReplicaSet), although the live queues are
    // empty by then; the clocks show that revision's time.
    void workqueuesAndClocksShowThePast()
    {
        MainWindow w(options());
        ClusterSession &session = w.session();
        auto *queues = w.panel<WorkQueuePanel>(QStringLiteral("workqueue"));
        QAbstractItemModelTester tester(queues->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(w.applyText(sample(), QStringLiteral("nginx-deployment.yaml")).ok());
        const qint64 created = session.view().revision();
        session.advance(60'000);
        w.refreshNow();
        queues->poll();
        const int row = queues->model()->controllerRow(QStringLiteral("deployment"));
        QVERIFY(row >= 0);
        QVERIFY(queues->model()->queue(row).snapshot.processing.isEmpty());   // live: settled
        const qint64 liveElapsed = session.elapsedMs();
        auto *clock = w.panel<TimeControls>(QStringLiteral("timeControls"))->clockLabel();
        const QString liveClock = clock->text();

        QVERIFY(w.timeTravel().viewRevision(created));
        queues->poll();   // a frame while frozen keeps showing the past
        const WorkQueueSnapshot past = queues->model()->queue(queues->model()->controllerRow(QStringLiteral("deployment"))).snapshot;
        QStringList held = keys(past.processing);
        QCOMPARE(held.size(), 1);
        QVERIFY2(held.first().startsWith(QStringLiteral("default/nginx@")), qPrintable(held.join(u',')));
        QVERIFY(session.viewedElapsedMs() < liveElapsed);
        QVERIFY(clock->text() != liveClock);
        QVERIFY2(w.statusText().contains(QStringLiteral("Virtual time 00:00:0")), qPrintable(w.statusText()));

        w.timeTravel().returnToLive();
        queues->poll();
        QVERIFY(queues->model()->queue(queues->model()->controllerRow(QStringLiteral("deployment"))).snapshot.processing.isEmpty());
        QCOMPARE(clock->text(), liveClock);
    }
};

QTEST_MAIN(TestTimeTravelReadOnly)
#include "tst_timetravelreadonly.moc"
