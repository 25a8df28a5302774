#include "core/sim/view/clusterview.h"
#include "core/api/deployment.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/apiserver/apiserver.h"
#include "core/controller/replicafloor/replicafloorreconciler.h"
#include "tests/testutil/fixtures.h"
#include "ui/clustersession.h"
#include "ui/controls/clustercontrols.h"
#include "ui/controls/deploymentcontrols.h"
#include "ui/controls/podcontrols.h"
#include "ui/commands/clustercommands.h"
#include "ui/commands/clusterqueries.h"
#include "ui/commands/rolloutstatus.h"
#include "ui/theme.h"
#include "ui/timetravel/timetravel.h"
#include "ui/widgets/controlspanel.h"
#include "ui/widgets/manifesteditor.h"
#include "ui/widgets/speedscale.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// The command façade (kubectl's verbs through the ApiServer), its queries, the rollout-status
// and speed-scale arithmetic, and the Controls panel driving them with real clicks.
class TestControls : public QObject
{
    Q_OBJECT

private:
    static void applySample(ClusterSession &session)
    {
        const ApplyReport r = session.apply({ManifestSource{ManifestEditor::sampleName(), ManifestEditor::sampleManifest().toUtf8(), {}}});
        QVERIFY2(r.ok(), qPrintable(r.results.join('\n')));
    }
    static std::shared_ptr<const api::Deployment> nginx(ClusterSession &s)
    {
        return s.client().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("nginx"));
    }
    static QStringList liveNginxPods(ClusterSession &s)
    {
        QStringList names;
        for (const ClusterQueries::Pod &p : ClusterQueries::podsOf(s.client(), QStringLiteral("default"), QStringLiteral("nginx")))
            if (!p.terminating)
                names << p.name;
        return names;
    }
    static QString nodeReady(ClusterSession &s, const QString &node)
    {
        for (const ClusterQueries::Node &n : ClusterQueries::nodes(s.client()))
            if (n.name == node)
                return n.ready;
        return QStringLiteral("absent");
    }

private slots:
    void initTestCase()
    {
        theme::applyTo(*qobject_cast<QApplication *>(QCoreApplication::instance()));
    }

    void speedScale_data()
    {
        QTest::addColumn<int>("position");
        QTest::addColumn<double>("speed");
        QTest::addColumn<QString>("label");
        QTest::newRow("slowest") << 0 << 0.1 << "×0.1";
        QTest::newRow("half") << 70 << 0.501187 << "×0.5";
        QTest::newRow("real time") << 100 << 1.0 << "×1";
        QTest::newRow("about two") << 130 << 1.995262 << "×2";
        QTest::newRow("two and a half") << 140 << 2.511886 << "×2.5";
        QTest::newRow("ten") << 200 << 10.0 << "×10";
        QTest::newRow("twenty-two") << 235 << 22.387211 << "×22";
        QTest::newRow("fastest") << 300 << 100.0 << "×100";
        QTest::newRow("clamped below") << -5 << 0.1 << "×0.1";
        QTest::newRow("clamped above") << 999 << 100.0 << "×100";
    }

    void speedScale()
    {
        QFETCH(int, position);
        QFETCH(double, speed);
        QFETCH(QString, label);
        QVERIFY2(qAbs(SpeedScale::speedAt(position) - speed) < 1e-5, qPrintable(QString::number(SpeedScale::speedAt(position))));
        QCOMPARE(SpeedScale::label(SpeedScale::speedAt(position)), label);
        QCOMPARE(SpeedScale::positionOf(speed), qBound(0, position, SpeedScale::kSteps));
    }

    void rolloutStatus_data()
    {
        QTest::addColumn<int>("generation");
        QTest::addColumn<int>("observed");
        QTest::addColumn<int>("replicas");
        QTest::addColumn<int>("statusReplicas");
        QTest::addColumn<int>("updated");
        QTest::addColumn<int>("available");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<int>("state");
        QTest::addColumn<QString>("message");
        QTest::newRow("not observed") << 2 << 1 << 3 << 3 << 3 << 3 << "NewReplicaSetAvailable" << int(RolloutStatus::NotObserved)
                                      << "Waiting for deployment spec update to be observed...";
        QTest::newRow("updating") << 2 << 2 << 3 << 4 << 1 << 3 << "ReplicaSetUpdated" << int(RolloutStatus::Waiting)
                                  << "Waiting for deployment \"web\" rollout to finish: 1 out of 3 new replicas have been updated...";
        QTest::newRow("old pending") << 2 << 2 << 3 << 4 << 3 << 2 << "ReplicaSetUpdated" << int(RolloutStatus::Waiting)
                                     << "Waiting for deployment \"web\" rollout to finish: 1 old replicas are pending termination...";
        QTest::newRow("not available") << 2 << 2 << 3 << 3 << 3 << 2 << "ReplicaSetUpdated" << int(RolloutStatus::Waiting)
                                       << "Waiting for deployment \"web\" rollout to finish: 2 of 3 updated replicas are available...";
        QTest::newRow("condition lags") << 2 << 2 << 3 << 3 << 3 << 3 << "ReplicaSetUpdated" << int(RolloutStatus::Waiting)
                                        << "Waiting for deployment \"web\": the Progressing condition does not say NewReplicaSetAvailable yet...";
        QTest::newRow("complete") << 2 << 2 << 3 << 3 << 3 << 3 << "NewReplicaSetAvailable" << int(RolloutStatus::Complete)
                                  << "deployment \"web\" successfully rolled out";
        QTest::newRow("deadline") << 2 << 2 << 3 << 4 << 1 << 3 << "ProgressDeadlineExceeded" << int(RolloutStatus::Failed)
                                  << "error: deployment \"web\" exceeded its progress deadline";
        QTest::newRow("scaled to zero") << 3 << 3 << 0 << 0 << 0 << 0 << "NewReplicaSetAvailable" << int(RolloutStatus::Complete)
                                        << "deployment \"web\" successfully rolled out";
    }

    void rolloutStatus()
    {
        QFETCH(int, generation);
        QFETCH(int, observed);
        QFETCH(int, replicas);
        QFETCH(int, statusReplicas);
        QFETCH(int, updated);
        QFETCH(int, available);
        QFETCH(QString, reason);
        QFETCH(int, state);
        QFETCH(QString, message);
        auto d = test::makeDeployment(QStringLiteral("web"), replicas);
        d->metadata.generation = generation;
        d->status.observedGeneration = observed;
        d->status.replicas = statusReplicas;
        d->status.updatedReplicas = updated;
        d->status.availableReplicas = available;
        api::Condition progressing;
        progressing.type = QStringLiteral("Progressing");
        progressing.status = reason == QLatin1String("ProgressDeadlineExceeded") ? QStringLiteral("False") : QStringLiteral("True");
        progressing.reason = reason;
        d->status.conditions = {progressing};
        const RolloutStatus s = RolloutStatus::of(*d);
        QCOMPARE(s.message, message);
        QCOMPARE(int(s.state), state);
        QCOMPARE(s.isComplete(), state == RolloutStatus::Complete);
    }

    void commandsScaleSetImageAndRollBack()
    {
        ClusterSession session;
        ClusterCommands commands(session);
        QSignalSpy performed(&commands, &ClusterCommands::performed);
        applySample(session);
        session.advance(20000);
        QCOMPARE(nginx(session)->status.availableReplicas, 3);

        ClusterCommands::Result r = commands.scale(QStringLiteral("nginx"), 5);
        QCOMPARE(r.output, QStringLiteral("deployment.apps/nginx scaled"));
        QCOMPARE(commands.lastCommandLine(), QStringLiteral("kubectl scale deployment/nginx --replicas=5"));
        QCOMPARE(performed.count(), 1);
        QCOMPARE(performed.at(0).at(0).toString(), QStringLiteral("kubectl scale deployment/nginx --replicas=5"));
        QCOMPARE(nginx(session)->replicas(), 5);
        session.advance(20000);
        QCOMPARE(nginx(session)->status.availableReplicas, 5);

        r = commands.scale(QStringLiteral("nginx"), -1);
        QVERIFY(!r.ok());
        QCOMPARE(r.errorLine(), QStringLiteral("error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0"));
        r = commands.scale(QStringLiteral("web"), 2);
        QCOMPARE(r.errorLine(), QStringLiteral("Error from server (NotFound): deployments.apps \"web\" not found"));

        r = commands.setImage(QStringLiteral("nginx"), QStringLiteral("nginx"), QStringLiteral("nginx:1.26"));
        QCOMPARE(r.output, QStringLiteral("deployment.apps/nginx image updated"));
        QCOMPARE(commands.lastCommandLine(), QStringLiteral("kubectl set image deployment/nginx nginx=nginx:1.26"));
        session.advance(60000);
        QList<ClusterQueries::Revision> history = ClusterQueries::revisions(session.client(), QStringLiteral("default"), QStringLiteral("nginx"));
        QCOMPARE(history.size(), 2);
        QCOMPARE(history.at(0).revision, qint64(1));
        QCOMPARE(history.at(0).images, QStringLiteral("nginx:1.25"));
        QVERIFY(!history.at(0).current);
        QCOMPARE(history.at(1).label(), QStringLiteral("2 · nginx:1.26  (current)"));

        r = commands.rolloutUndo(QStringLiteral("nginx"), 9);
        QCOMPARE(r.errorLine(), QStringLiteral("error: unable to find specified revision 9 in history"));
        r = commands.rolloutUndo(QStringLiteral("nginx"), 1);
        QCOMPARE(r.output, QStringLiteral("deployment.apps/nginx rolled back"));
        QCOMPARE(commands.lastCommandLine(), QStringLiteral("kubectl rollout undo deployment/nginx --to-revision=1"));
        QCOMPARE(nginx(session)->spec.template_.spec.containers.at(0).image, QStringLiteral("nginx:1.25"));
        session.advance(60000);
        history = ClusterQueries::revisions(session.client(), QStringLiteral("default"), QStringLiteral("nginx"));
        QCOMPARE(history.size(), 2);   // revision 1 became 3
        QCOMPARE(history.at(1).revision, qint64(3));
        QVERIFY(history.at(1).current);
        QCOMPARE(history.at(1).images, QStringLiteral("nginx:1.25"));
    }

    void commandsPauseResumeRestart()
    {
        ClusterSession session;
        ClusterCommands commands(session);
        applySample(session);
        session.advance(20000);
        QCOMPARE(commands.pause(QStringLiteral("nginx")).output, QStringLiteral("deployment.apps/nginx paused"));
        QVERIFY(nginx(session)->spec.paused);
        QCOMPARE(commands.pause(QStringLiteral("nginx")).errorLine(), QStringLiteral("error: deployments.apps \"nginx\" is already paused"));
        QCOMPARE(commands.restart(QStringLiteral("nginx")).errorLine(),
                 QStringLiteral("error: deployments.apps \"nginx\" can't restart paused deployment (run rollout resume first)"));
        QCOMPARE(commands.resume(QStringLiteral("nginx")).output, QStringLiteral("deployment.apps/nginx resumed"));
        QVERIFY(!nginx(session)->spec.paused);
        QCOMPARE(commands.restart(QStringLiteral("nginx")).output, QStringLiteral("deployment.apps/nginx restarted"));
        QVERIFY(nginx(session)->spec.template_.metadata.annotations.contains(QStringLiteral("kubectl.kubernetes.io/restartedAt")));
        QCOMPARE(commands.lastCommandLine(), QStringLiteral("kubectl rollout restart deployment/nginx"));
    }

    void commandsDeletePodsAndFailNodes()
    {
        ClusterSession session;
        ClusterCommands commands(session);
        applySample(session);
        session.advance(20000);
        const QStringList before = liveNginxPods(session);
        QCOMPARE(before.size(), 3);

        ClusterCommands::Result r = commands.deletePod(before.first());
        QCOMPARE(r.output, QStringLiteral("pod \"%1\" deleted").arg(before.first()));
        QCOMPARE(commands.lastCommandLine(), QStringLiteral("kubectl delete pod %1").arg(before.first()));
        QVERIFY(!liveNginxPods(session).contains(before.first()));   // Terminating at once (graceful)
        session.advance(30000);
        QStringList after = liveNginxPods(session);
        QCOMPARE(after.size(), 3);   // the ReplicaSet replaced it
        QVERIFY(!after.contains(before.first()));

        r = commands.deleteRandomPod(QStringLiteral("nginx"));
        QVERIFY2(r.ok(), qPrintable(r.errorLine()));
        QVERIFY(commands.lastCommandLine().startsWith(QStringLiteral("kubectl delete pod nginx-")));
        QCOMPARE(liveNginxPods(session).size(), 2);
        r = commands.deletePod(QStringLiteral("nope"));
        QCOMPARE(r.errorLine(), QStringLiteral("Error from server (NotFound): pods \"nope\" not found"));
        r = commands.deleteRandomPod(QStringLiteral("web"));
        QCOMPARE(r.errorLine(), QStringLiteral("error: deployment \"web\" has no running pod to delete"));

        QCOMPARE(nodeReady(session, QStringLiteral("node-2")), QStringLiteral("True"));
        r = commands.failNode(QStringLiteral("node-2"));
        QVERIFY2(r.ok(), qPrintable(r.errorLine()));
        session.advance(1000);
        QCOMPARE(nodeReady(session, QStringLiteral("node-2")), QStringLiteral("Unknown"));
        QVERIFY(!commands.failNode(QStringLiteral("node-9")).ok());
        QVERIFY(commands.recoverNode(QStringLiteral("node-2")).ok());
        session.advance(1000);
        QCOMPARE(nodeReady(session, QStringLiteral("node-2")), QStringLiteral("True"));
    }

    void podsOfReadsPagesUpToTheLimit()
    {
        // The chooser's query (issue #17): the first maxPods of the Deployment's pods by name,
        // read in pages of its selector; a pod with its labels but no owner is not one of them.
        ClusterSession session;
        ClusterCommands commands(session);
        applySample(session);
        QVERIFY(commands.scale(QStringLiteral("nginx"), 40).ok());
        session.advance(60000);
        auto stray = std::make_shared<api::Pod>();
        stray->metadata.name = QStringLiteral("nginx-0-stray");   // sorts first by name
        stray->metadata.namespace_ = QStringLiteral("default");
        stray->metadata.labels = nginx(session)->spec.selector->matchLabels;
        stray->spec.containers.append(api::Container{});
        stray->spec.containers[0].name = QStringLiteral("c");
        stray->spec.containers[0].image = QStringLiteral("nginx");
        QVERIFY(session.client().create(stray).ok());
        const QList<ClusterQueries::Pod> all = ClusterQueries::podsOf(session.client(), QStringLiteral("default"), QStringLiteral("nginx"));
        QCOMPARE(all.size(), 40);
        QStringList byName;
        for (const ClusterQueries::Pod &p : all)
            byName << p.name;
        byName.sort();
        for (const int maxPods : {1, 7, 39, 40, 100}) {
            const QList<ClusterQueries::Pod> first = ClusterQueries::podsOf(session.client(), QStringLiteral("default"), QStringLiteral("nginx"), maxPods);
            QStringList names;
            for (const ClusterQueries::Pod &p : first)
                names << p.name;
            QCOMPARE(names, byName.mid(0, maxPods));
        }
    }

    void commandsReplicaFloorAndReset()
    {
        ClusterSession session;
        ClusterCommands commands(session);
        applySample(session);
        session.advance(20000);
        QVERIFY(commands.setReplicaFloorEnabled(true).ok());
        QVERIFY(session.view().replicaFloorEnabled());
        QVERIFY(commands.scale(QStringLiteral("nginx"), 1).ok());
        session.advance(20000);
        QCOMPARE(nginx(session)->replicas(), 3);   // raised back to the floor
        QVERIFY(commands.setReplicaFloorEnabled(false).ok());
        QVERIFY(commands.scale(QStringLiteral("nginx"), 1).ok());
        session.advance(20000);
        QCOMPARE(nginx(session)->replicas(), 1);

        QSignalSpy reset(&session, &ClusterSession::clusterReset);
        QVERIFY(commands.resetCluster().ok());
        QCOMPARE(reset.count(), 1);
        QVERIFY(!nginx(session));
        QCOMPARE(ClusterQueries::nodes(session.client()).size(), 3);
    }

    void commandsRecordStepsAndRefuseThePast()
    {
        ClusterSession session;
        TimeTravel travel(session);
        ClusterCommands commands(session);
        QSignalSpy steps(&session, &ClusterSession::stepPerformed);
        applySample(session);
        session.advance(20000);
        QCOMPARE(steps.count(), 1);   // the apply
        auto last = [&] { return steps.last().at(0).toMap(); };

        QVERIFY(commands.scale(QStringLiteral("nginx"), 5).ok());
        QCOMPARE(last(), (QVariantMap{{QStringLiteral("scale"), QVariantMap{{QStringLiteral("deployment"), QStringLiteral("nginx")},
                                                                             {QStringLiteral("replicas"), 5}}}}));
        QVERIFY(!commands.scale(QStringLiteral("web"), 5).ok());
        QCOMPARE(steps.count(), 2);   // refused commands are not steps
        QVERIFY(commands.failNode(QStringLiteral("node-2")).ok());
        QCOMPARE(last(), (QVariantMap{{QStringLiteral("failNode"), QVariantMap{{QStringLiteral("node"), QStringLiteral("node-2")}}}}));
        QVERIFY(commands.setReplicaFloorEnabled(true).ok());
        QCOMPARE(last(), (QVariantMap{{QStringLiteral("enableController"),
                                       QVariantMap{{QStringLiteral("controller"), QStringLiteral("replicafloor")}}}}));
        const QStringList pods = liveNginxPods(session);
        QVERIFY(commands.deletePod(pods.first()).ok());
        QCOMPARE(last(), (QVariantMap{{QStringLiteral("delete"), QVariantMap{{QStringLiteral("kind"), QStringLiteral("Pod")},
                                                                              {QStringLiteral("name"), pods.first()}}}}));

        // Viewing an old revision: every command is refused and nothing is written.
        const qint64 rev = session.view().revision();
        QVERIFY(travel.viewRevision(rev - 5));
        const int recorded = steps.count();
        const ClusterCommands::Result r = commands.scale(QStringLiteral("nginx"), 7);
        QVERIFY(!r.ok());
        QCOMPARE(r.error, session.readOnlyError());
        QCOMPARE(session.view().revision(), rev);
        QVERIFY(!commands.deleteRandomPod(QStringLiteral("nginx")).ok());
        QCOMPARE(session.view().revision(), rev);
        QCOMPARE(steps.count(), recorded);
        travel.returnToLive();
        QVERIFY(commands.scale(QStringLiteral("nginx"), 7).ok());
        QCOMPARE(nginx(session)->replicas(), 7);
    }

    void panelFollowsTheStoreAndClicks()
    {
        ClusterSession session;
        ControlsPanel panel(session);
        panel.resize(460, 800);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        // No Deployment: its controls are off, the cluster's are on.
        QCOMPARE(panel.deploymentBox()->count(), 0);
        QVERIFY(!panel.deploymentControls()->scaleButton()->isEnabled());
        QVERIFY(!panel.deploymentControls()->setImageButton()->isEnabled());
        QVERIFY(!panel.podControls()->deletePodButton()->isEnabled());
        QVERIFY(panel.clusterControls()->failNodeButton()->isEnabled());
        QVERIFY(panel.clusterControls()->resetButton()->isEnabled());
        QCOMPARE(panel.clusterControls()->nodeBox()->count(), 3);
        QCOMPARE(panel.clusterControls()->nodeBox()->itemText(0), QStringLiteral("node-1 · Ready"));

        QSignalSpy chosen(&panel, &ControlsPanel::currentDeploymentChanged);
        applySample(session);
        session.advance(20000);
        session.frame();
        QCOMPARE(panel.currentDeployment(), QStringLiteral("nginx"));
        QCOMPARE(chosen.count(), 1);
        QVERIFY(panel.deploymentControls()->scaleButton()->isEnabled());
        QCOMPARE(panel.deploymentControls()->replicasBox()->value(), 3);
        QCOMPARE(panel.deploymentControls()->containerBox()->currentText(), QStringLiteral("nginx"));
        QCOMPARE(panel.deploymentControls()->imageEdit()->text(), QStringLiteral("nginx:1.25"));
        QCOMPARE(panel.deploymentControls()->revisionBox()->itemText(0), QStringLiteral("previous revision"));
        QVERIFY(!panel.deploymentControls()->rollBackButton()->isEnabled());   // one revision: nothing to go back to
        QVERIFY(panel.deploymentControls()->pauseButton()->isEnabled());
        QVERIFY(!panel.deploymentControls()->resumeButton()->isEnabled());
        panel.refresh();
        QCOMPARE(panel.podControls()->podBox()->count(), 3);

        // + scales at once; the spin box then drives Scale.
        QTest::mouseClick(panel.deploymentControls()->scaleUpButton(), Qt::LeftButton);
        QCOMPARE(nginx(session)->replicas(), 4);
        QCOMPARE(panel.outputText(), QStringLiteral("$ kubectl scale deployment/nginx --replicas=4\ndeployment.apps/nginx scaled"));
        panel.deploymentControls()->replicasBox()->setValue(6);
        QTest::mouseClick(panel.deploymentControls()->scaleButton(), Qt::LeftButton);
        QCOMPARE(nginx(session)->replicas(), 6);
        session.frame();
        QCOMPARE(panel.deploymentControls()->replicasBox()->value(), 6);
        QTest::mouseClick(panel.deploymentControls()->scaleDownButton(), Qt::LeftButton);
        QCOMPARE(nginx(session)->replicas(), 5);

        // Pause / Resume swap places.
        QTest::mouseClick(panel.deploymentControls()->pauseButton(), Qt::LeftButton);
        QVERIFY(nginx(session)->spec.paused);
        QVERIFY(!panel.deploymentControls()->pauseButton()->isEnabled());
        QVERIFY(panel.deploymentControls()->resumeButton()->isEnabled());
        QTest::mouseClick(panel.deploymentControls()->resumeButton(), Qt::LeftButton);
        QVERIFY(!nginx(session)->spec.paused);

        // A refused command is shown as kubectl shows it.
        panel.deploymentControls()->imageEdit()->setText(QString());
        QTest::mouseClick(panel.deploymentControls()->setImageButton(), Qt::LeftButton);
        QVERIFY2(panel.outputText().contains(QStringLiteral("Error from server")) || panel.outputText().contains(QStringLiteral("error:")),
                 qPrintable(panel.outputText()));

        // The replica-floor box switches the controller; Reset unchecks it with the new cluster.
        panel.clusterControls()->replicaFloorBox()->setChecked(true);
        QVERIFY(session.view().replicaFloorEnabled());
        QTest::mouseClick(panel.clusterControls()->resetButton(), Qt::LeftButton);
        QVERIFY(!panel.clusterControls()->replicaFloorBox()->isChecked());
        QVERIFY(!session.view().replicaFloorEnabled());
        QCOMPARE(panel.deploymentBox()->count(), 0);
        QVERIFY(!panel.deploymentControls()->scaleButton()->isEnabled());
    }
};

QTEST_MAIN(TestControls)
#include "tst_controls.moc"
