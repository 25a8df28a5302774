#include "core/sim/view/clusterview.h"
#include "core/api/deployment.h"
#include "core/api/replicaset.h"
#include "core/apiserver/apiserver.h"
#include "core/controller/controller.h"
#include "core/store/kvstore.h"
#include "ui/clustersession.h"
#include "ui/controls/clustercontrols.h"
#include "ui/controls/deploymentcontrols.h"
#include "ui/controls/podcontrols.h"
#include "ui/commands/clusterqueries.h"
#include "ui/mainwindow.h"
#include "ui/models/storemodels.h"
#include "ui/models/objecttreemodel.h"
#include "ui/theme.h"
#include "ui/widgets/controlspanel.h"
#include "ui/widgets/manifesteditor.h"
#include "ui/widgets/speedslider.h"
#include "ui/widgets/timecontrols.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// The window end to end, offscreen, as a teacher uses it: drop a manifest, watch it become
// Available, then scale, set the image, roll back, pause/resume, delete a pod, fail a node and
// drive time — through the real widgets, checking the store and the object tree each time.
// Time moves only by session.advance() and the time toolbar (frames are not started).
class TestGuiE2e : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString writeFile(const QString &name, const QByteArray &text)
    {
        QFile f(m_dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(text);
        return f.fileName();
    }

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

    static bool drop(MainWindow &w, QMimeData &mime)
    {
        const QPoint at(w.width() / 2, w.height() / 2);
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        if (!enter.isAccepted())
            return false;
        QDropEvent dropped(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &dropped);
        return dropped.isAccepted();
    }

    static bool dropFile(MainWindow &w, const QString &path)
    {
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        return drop(w, mime);
    }

    static std::shared_ptr<const api::Deployment> deployment(MainWindow &w, const QString &name = QStringLiteral("nginx"))
    {
        return w.session().client().getAs<api::Deployment>(QStringLiteral("default"), name);
    }

    // The ReplicaSet of `d` whose template runs `image` (nullptr if none).
    static std::shared_ptr<const api::ReplicaSet> replicaSetWith(MainWindow &w, const QString &image)
    {
        const auto list = w.session().client().list(apiserver::resources::byKind(api::Kind::ReplicaSet), QStringLiteral("default"));
        for (const api::ObjectPtr &o : list.value.items) {
            const auto rs = api::objectCast<api::ReplicaSet>(o);
            if (rs && rs->spec.template_.spec.containers.value(0).image == image)
                return rs;
        }
        return nullptr;
    }

    static QString treeStatus(MainWindow &w, const QString &kind, const QString &name)
    {
        return w.models().objects()->indexOf({kind, QStringLiteral("default"), name}, ObjectTreeModel::StatusColumn).data().toString();
    }

    static void advance(MainWindow &w, qint64 ms)
    {
        w.session().advance(ms);
        w.refreshNow();
    }

    // A window with the sample dropped and rolled out (3/3 Available).
    void startWithNginx(MainWindow &w)
    {
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString file = writeFile(QStringLiteral("nginx-deployment.yaml"), ManifestEditor::sampleManifest().toUtf8());
        QVERIFY(dropFile(w, file));
        advance(w, 20000);
        QCOMPARE(deployment(w)->status.availableReplicas, 3);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        theme::applyTo(*qobject_cast<QApplication *>(QCoreApplication::instance()));
        QVERIFY(m_dir.isValid());
    }

    void windowHasControlsAndTime()
    {
        MainWindow w(options());
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *dock = w.findChild<QDockWidget *>(QStringLiteral("controlsDock"));
        QVERIFY(dock);
        QCOMPARE(dock->windowTitle(), QStringLiteral("Controls"));
        QCOMPARE(dock->widget(), w.panel<ControlsPanel>(QStringLiteral("controls")));
        QVERIFY(w.panel<TimeControls>(QStringLiteral("timeControls"))->isVisible());
        QVERIFY(w.panel<TimeControls>(QStringLiteral("timeControls"))->stepAction()->isEnabled());
        QVERIFY(!w.panel<ControlsPanel>(QStringLiteral("controls"))->deploymentControls()->scaleButton()->isEnabled());   // nothing to scale yet
        QVERIFY(!w.panel<TimeControls>(QStringLiteral("timeControls"))->runUntilAction()->isEnabled());
    }

    void dropManifestBecomesAvailable()
    {
        MainWindow w(options());
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const qint64 rev0 = w.session().view().revision();
        const QString file = writeFile(QStringLiteral("nginx-deployment.yaml"), ManifestEditor::sampleManifest().toUtf8());
        QVERIFY(dropFile(w, file));
        QVERIFY(w.session().view().revision() > rev0);
        w.refreshNow();
        QVERIFY(w.models().objects()->indexOf({QStringLiteral("Deployment"), QStringLiteral("default"), QStringLiteral("nginx")}).isValid());
        QCOMPARE(w.panel<ControlsPanel>(QStringLiteral("controls"))->currentDeployment(), QStringLiteral("nginx"));
        QCOMPARE(w.panel<TimeControls>(QStringLiteral("timeControls"))->deployment(), QStringLiteral("nginx"));

        // Run until complete from the toolbar: the Deployment is Available.
        w.panel<TimeControls>(QStringLiteral("timeControls"))->runUntilAction()->trigger();
        w.refreshNow();
        QVERIFY2(w.panel<TimeControls>(QStringLiteral("timeControls"))->lastReport().ok, qPrintable(w.panel<TimeControls>(QStringLiteral("timeControls"))->lastReport().text));
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("successfully rolled out")));
        QCOMPARE(deployment(w)->status.availableReplicas, 3);
        QCOMPARE(treeStatus(w, QStringLiteral("Deployment"), QStringLiteral("nginx")), QStringLiteral("3/3 ready"));
        QCOMPARE(w.models().objects()->objectCount(ObjectTreeModel::Pods), 3);
        bool availableTrue = false;
        for (const api::Condition &c : deployment(w)->status.conditions)
            availableTrue |= c.type == QLatin1String("Available") && c.status == QLatin1String("True");
        QVERIFY(availableTrue);
    }

    void scaleFromThePanel()
    {
        MainWindow w(options());
        startWithNginx(w);
        const auto rs = replicaSetWith(w, QStringLiteral("nginx:1.25"));
        QVERIFY(rs);
        QCOMPARE(treeStatus(w, QStringLiteral("ReplicaSet"), rs->metadata.name), QStringLiteral("3/3 ready"));

        ControlsPanel *panel = w.panel<ControlsPanel>(QStringLiteral("controls"));
        panel->deploymentControls()->replicasBox()->setValue(5);
        QTest::mouseClick(panel->deploymentControls()->scaleButton(), Qt::LeftButton);
        QVERIFY(w.statusBar()->currentMessage().startsWith(QStringLiteral("kubectl scale deployment/nginx --replicas=5")));
        advance(w, 20000);
        QCOMPARE(w.session().client().getAs<api::ReplicaSet>(QStringLiteral("default"), rs->metadata.name)->replicas(), 5);
        QCOMPARE(treeStatus(w, QStringLiteral("ReplicaSet"), rs->metadata.name), QStringLiteral("5/5 ready"));
        QCOMPARE(treeStatus(w, QStringLiteral("Deployment"), QStringLiteral("nginx")), QStringLiteral("5/5 ready"));
        QCOMPARE(w.models().objects()->objectCount(ObjectTreeModel::Pods), 5);

        QTest::mouseClick(panel->deploymentControls()->scaleDownButton(), Qt::LeftButton);
        QTest::mouseClick(panel->deploymentControls()->scaleDownButton(), Qt::LeftButton);
        advance(w, 20000);
        QCOMPARE(treeStatus(w, QStringLiteral("ReplicaSet"), rs->metadata.name), QStringLiteral("3/3 ready"));
        QCOMPARE(w.models().objects()->objectCount(ObjectTreeModel::Pods), 3);
    }

    void setImageThenRollBack()
    {
        MainWindow w(options());
        startWithNginx(w);
        ControlsPanel *panel = w.panel<ControlsPanel>(QStringLiteral("controls"));
        QCOMPARE(panel->deploymentControls()->imageEdit()->text(), QStringLiteral("nginx:1.25"));   // prefilled
        panel->deploymentControls()->imageEdit()->setText(QStringLiteral("nginx:1.26"));
        QTest::mouseClick(panel->deploymentControls()->setImageButton(), Qt::LeftButton);
        QCOMPARE(deployment(w)->spec.template_.spec.containers.at(0).image, QStringLiteral("nginx:1.26"));
        w.panel<TimeControls>(QStringLiteral("timeControls"))->runUntilComplete();
        w.refreshNow();
        QVERIFY2(w.panel<TimeControls>(QStringLiteral("timeControls"))->lastReport().ok, qPrintable(w.panel<TimeControls>(QStringLiteral("timeControls"))->lastReport().text));
        QCOMPARE(panel->deploymentControls()->imageEdit()->text(), QStringLiteral("nginx:1.26"));
        const auto oldRs = replicaSetWith(w, QStringLiteral("nginx:1.25"));
        const auto newRs = replicaSetWith(w, QStringLiteral("nginx:1.26"));
        QVERIFY(oldRs && newRs);
        QCOMPARE(treeStatus(w, QStringLiteral("ReplicaSet"), oldRs->metadata.name), QStringLiteral("0/0 ready"));
        QCOMPARE(treeStatus(w, QStringLiteral("ReplicaSet"), newRs->metadata.name), QStringLiteral("3/3 ready"));

        // The history lists both revisions, newest first after "previous revision".
        QComboBox *history = panel->deploymentControls()->revisionBox();
        QCOMPARE(history->count(), 3);
        QCOMPARE(history->itemText(1), QStringLiteral("2 · nginx:1.26  (current)"));
        QCOMPARE(history->itemText(2), QStringLiteral("1 · nginx:1.25"));
        history->setCurrentIndex(2);
        QVERIFY(panel->deploymentControls()->rollBackButton()->isEnabled());
        QTest::mouseClick(panel->deploymentControls()->rollBackButton(), Qt::LeftButton);
        QCOMPARE(panel->outputText(), QStringLiteral("$ kubectl rollout undo deployment/nginx --to-revision=1\ndeployment.apps/nginx rolled back"));
        // The old template is back on the Deployment, and the old ReplicaSet scales up again.
        QCOMPARE(deployment(w)->spec.template_.spec.containers.at(0).image, QStringLiteral("nginx:1.25"));
        w.panel<TimeControls>(QStringLiteral("timeControls"))->runUntilComplete();
        w.refreshNow();
        QCOMPARE(treeStatus(w, QStringLiteral("ReplicaSet"), oldRs->metadata.name), QStringLiteral("3/3 ready"));
        QCOMPARE(treeStatus(w, QStringLiteral("ReplicaSet"), newRs->metadata.name), QStringLiteral("0/0 ready"));
        QCOMPARE(deployment(w)->metadata.annotations.value(QStringLiteral("deployment.kubernetes.io/revision")), QStringLiteral("3"));
        QCOMPARE(panel->deploymentControls()->imageEdit()->text(), QStringLiteral("nginx:1.25"));

        // What a teacher sees: the Controls tab raised, at projector and full-HD sizes.
        w.findChild<QDockWidget *>(QStringLiteral("controlsDock"))->raise();
        for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
            w.resize(size);
            w.restoreDefaultLayout();
            w.findChild<QDockWidget *>(QStringLiteral("controlsDock"))->raise();
            QApplication::processEvents();
            QVERIFY(w.grab().save(outputPath(QStringLiteral("tst_guie2e-controls-%1.png").arg(size.width()))));
        }
    }

    void badDropChangesNothingAndTextDropApplies()
    {
        MainWindow w(options());
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.refreshNow();
        const qint64 rev0 = w.session().view().revision();
        const QString bad = writeFile(QStringLiteral("broken.yaml"), "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: [oops\n");
        QVERIFY(dropFile(w, bad));
        w.refreshNow();
        QCOMPARE(w.session().view().revision(), rev0);
        // The error is on screen: in the editor's message list and in the status bar.
        ManifestEditor *editor = w.panel<ManifestEditor>(QStringLiteral("editor"));
        QVERIFY(editor->hasErrors());
        QVERIFY2(editor->messages().value(0).startsWith(bad + QStringLiteral(":4:")), qPrintable(editor->messages().join('\n')));
        auto *list = editor->findChild<QListWidget *>();
        QVERIFY(list && list->isVisible() && list->count() > 0);
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Refused, nothing changed"));
        QVERIFY(!w.panel<ControlsPanel>(QStringLiteral("controls"))->deploymentControls()->scaleButton()->isEnabled());

        // YAML text dropped (text/plain) applies.
        QMimeData text;
        text.setText(ManifestEditor::sampleManifest().replace(QStringLiteral("name: nginx\n  labels"), QStringLiteral("name: web\n  labels")));
        QVERIFY(drop(w, text));
        QVERIFY(!editor->hasErrors());
        QCOMPARE(w.session().view().revision(), rev0 + 1);
        w.refreshNow();
        QVERIFY(deployment(w, QStringLiteral("web")));
        QCOMPARE(w.panel<ControlsPanel>(QStringLiteral("controls"))->currentDeployment(), QStringLiteral("web"));
    }

    void pauseResumeDeletePodFailNode()
    {
        MainWindow w(options());
        startWithNginx(w);
        ControlsPanel *panel = w.panel<ControlsPanel>(QStringLiteral("controls"));

        QTest::mouseClick(panel->deploymentControls()->pauseButton(), Qt::LeftButton);
        QVERIFY(deployment(w)->spec.paused);
        panel->deploymentControls()->imageEdit()->setText(QStringLiteral("nginx:1.26"));
        QTest::mouseClick(panel->deploymentControls()->setImageButton(), Qt::LeftButton);
        advance(w, 30000);
        QVERIFY(!replicaSetWith(w, QStringLiteral("nginx:1.26")));   // paused: no new ReplicaSet
        QTest::mouseClick(panel->deploymentControls()->resumeButton(), Qt::LeftButton);
        QVERIFY(!deployment(w)->spec.paused);
        advance(w, 60000);
        QVERIFY(replicaSetWith(w, QStringLiteral("nginx:1.26")));
        QCOMPARE(deployment(w)->status.updatedReplicas, 3);

        // Delete the pod chosen in the panel: it turns Terminating and is replaced.
        panel->refresh();
        QCOMPARE(panel->podControls()->podBox()->count(), 3);
        const QString victim = panel->podControls()->podBox()->currentData().toString();
        QTest::mouseClick(panel->podControls()->deletePodButton(), Qt::LeftButton);
        QCOMPARE(panel->outputText(), QStringLiteral("$ kubectl delete pod %1\npod \"%1\" deleted").arg(victim));
        advance(w, 30000);
        panel->refresh();
        QStringList live;
        for (const ClusterQueries::Pod &p : ClusterQueries::podsOf(w.session().client(), QStringLiteral("default"), QStringLiteral("nginx")))
            live << p.name;
        QCOMPARE(live.size(), 3);
        QVERIFY(!live.contains(victim));
        QCOMPARE(w.models().objects()->objectCount(ObjectTreeModel::Pods), 3);
        QTest::mouseClick(panel->podControls()->deleteRandomPodButton(), Qt::LeftButton);
        QVERIFY(panel->outputText().contains(QStringLiteral("deleted")));

        // Fail node-2, then recover it; the node chooser shows its state.
        panel->clusterControls()->nodeBox()->setCurrentIndex(panel->clusterControls()->nodeBox()->findData(QStringLiteral("node-2")));
        QTest::mouseClick(panel->clusterControls()->failNodeButton(), Qt::LeftButton);
        advance(w, 1000);
        QCOMPARE(panel->clusterControls()->nodeBox()->itemText(1), QStringLiteral("node-2 · NotReady (Unknown)"));
        const ObjectRef node2{QStringLiteral("Node"), QString(), QStringLiteral("node-2")};
        QCOMPARE(w.models().objects()->indexOf(node2, ObjectTreeModel::StatusColumn).data().toString(), QStringLiteral("NotReady"));
        QTest::mouseClick(panel->clusterControls()->recoverNodeButton(), Qt::LeftButton);
        advance(w, 1000);
        QCOMPARE(panel->clusterControls()->nodeBox()->itemText(1), QStringLiteral("node-2 · Ready"));
        QCOMPARE(w.models().objects()->indexOf(node2, ObjectTreeModel::StatusColumn).data().toString(), QStringLiteral("Ready"));
    }

    void liveThreadsFromTheToolbar()
    {
        MainWindow w(options());
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QComboBox *mode = w.panel<TimeControls>(QStringLiteral("timeControls"))->modeBox();
        mode->setCurrentIndex(1);
        emit mode->activated(1);
        QCOMPARE(w.session().mode(), ClusterSession::Mode::Live);
        QVERIFY(w.session().view().isThreaded());
        QVERIFY(w.applyEditor().ok());
        w.panel<TimeControls>(QStringLiteral("timeControls"))->speedSlider()->slider()->setValue(300);   // ×100
        w.session().start();
        // Worker threads reconcile; the window only moves the clock and drains each frame.
        QTRY_COMPARE_WITH_TIMEOUT(treeStatus(w, QStringLiteral("Deployment"), QStringLiteral("nginx")), QStringLiteral("3/3 ready"), 30000);
        ControlsPanel *panel = w.panel<ControlsPanel>(QStringLiteral("controls"));
        QTRY_COMPARE(panel->currentDeployment(), QStringLiteral("nginx"));
        panel->deploymentControls()->replicasBox()->setValue(5);
        QTest::mouseClick(panel->deploymentControls()->scaleButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(treeStatus(w, QStringLiteral("Deployment"), QStringLiteral("nginx")), QStringLiteral("5/5 ready"), 30000);
        QTRY_COMPARE(w.models().objects()->objectCount(ObjectTreeModel::Pods), 5);
        // Stepping switches back to Step-by-step and stops the threads.
        w.panel<TimeControls>(QStringLiteral("timeControls"))->stepAction()->trigger();
        QCOMPARE(w.session().mode(), ClusterSession::Mode::Deterministic);
        QVERIFY(!w.session().view().isThreaded());
        QCOMPARE(mode->currentIndex(), 0);
        w.session().stop();
    }

    void timeControlsStepAndSpeed()
    {
        MainWindow w(options());
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.applyEditor().ok());
        TimeControls *time = w.panel<TimeControls>(QStringLiteral("timeControls"));
        const qint64 syncs = w.session().view().reconciles();
        time->stepAction()->trigger();
        const qint64 after = w.session().view().reconciles();
        QCOMPARE(after, syncs + 1);
        QVERIFY(!w.session().isTimeRunning());
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral(" default/nginx")), qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(w.statusText().contains(QStringLiteral("paused")));
        w.refreshNow();
        QVERIFY(w.models().objects()->objectCount(ObjectTreeModel::ReplicaSets) == 1);   // the step's write is in the tree

        time->nextEventAction()->trigger();
        QVERIFY(time->lastReport().ok);

        time->speedSlider()->slider()->setValue(200);
        QCOMPARE(w.session().speed(), 10.0);
        QCOMPARE(time->speedSlider()->labelText(), QStringLiteral("×10"));
        time->playAction()->trigger();
        QVERIFY(w.session().isTimeRunning());
        // The frame timer now runs time ×10: a second of virtual time passes quickly.
        const qint64 t0 = w.session().elapsedMs();
        w.session().start();
        QTRY_VERIFY(w.session().elapsedMs() - t0 >= 1000);
        w.session().stop();
    }
};

QTEST_MAIN(TestGuiE2e)
#include "tst_guie2e.moc"
