// SPDX-License-Identifier: Apache-2.0
// The real kubectl against `rlab serve`'s HTTP API (see tst_kubectl.cpp), rolling out: the nginx
// Deployment is applied and rolled out first, then the slots run in order on that one cluster
// like a lesson: apply a new image, set image, history, undo, scale, pause and resume, restart,
// a deleted pod replaced, create deployment, get -w, cascading delete. Skipped when kubectl is
// not installed.
#include "tests/e2e/kubectlharness.h"

#include <QRegularExpression>
#include <QTest>

using namespace rlab;
using namespace rlab::server;
using namespace rlab::test;
class TestKubectlRollout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!m_k.findKubectl())
            QSKIP("kubectl is not installed");
        QString error;
        QVERIFY2(m_k.start(&error), qPrintable(error));
        // Where tst_kubectl's applyCreates leaves the cluster: nginx:1.14.2 at revision 1, rolled out.
        const QString file = m_k.writeManifest(QStringLiteral("nginx.yaml"), QString::fromLatin1(kNginx).arg(QStringLiteral("nginx:1.14.2")));
        const KubectlRun r = m_k.kubectl({QStringLiteral("apply"), QStringLiteral("-f"), file});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QString status;
        QVERIFY2(m_k.rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
    }

    void cleanupTestCase() { m_k.stop(); }

    void applyConfiguresNewImage()
    {
        const QString file = m_k.writeManifest(QStringLiteral("nginx.yaml"), QString::fromLatin1(kNginx).arg(QStringLiteral("nginx:1.16.1")));
        const KubectlRun r = m_k.kubectl({QStringLiteral("apply"), QStringLiteral("-f"), file});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx configured"));
        QString status;
        QVERIFY2(m_k.rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        QCOMPARE(m_k.jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.spec.template.spec.containers[0].image}")), QStringLiteral("nginx:1.16.1"));
    }

    void setImage()
    {
        const KubectlRun r = m_k.kubectl({QStringLiteral("set"), QStringLiteral("image"), QStringLiteral("deployment/nginx"), QStringLiteral("nginx=nginx:1.25")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx image updated"));
        QString status;
        QVERIFY2(m_k.rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        const KubectlRun pods = m_k.kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app=nginx"),
                                         QStringLiteral("-o"), QStringLiteral("jsonpath={.items[*].spec.containers[0].image}")});
        QCOMPARE(pods.out.split(QLatin1Char(' ')), QStringList(3, QStringLiteral("nginx:1.25")));
    }

    void rolloutHistory()
    {
        KubectlRun r = m_k.kubectl({QStringLiteral("rollout"), QStringLiteral("history"), QStringLiteral("deployment/nginx")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("deployment\\.apps/nginx\\s*\\nREVISION\\s+CHANGE-CAUSE\\n1\\s+<none>\\n2\\s+<none>\\n3\\s+<none>\\n"))),
                 qPrintable(r.show()));
        r = m_k.kubectl({QStringLiteral("rollout"), QStringLiteral("history"), QStringLiteral("deployment/nginx"), QStringLiteral("--revision=2")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QLatin1String("with revision #2")), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("Image:\\s+nginx:1.16.1"))), qPrintable(r.show()));
        r = m_k.kubectl({QStringLiteral("rollout"), QStringLiteral("history"), QStringLiteral("deployment/nginx"), QStringLiteral("--revision=9")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("unable to find the specified revision")), qPrintable(r.show()));
    }

    void rolloutUndo()
    {
        KubectlRun r = m_k.kubectl({QStringLiteral("rollout"), QStringLiteral("undo"), QStringLiteral("deployment/nginx")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx rolled back"));
        QString status;
        QVERIFY2(m_k.rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        QCOMPARE(m_k.jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.spec.template.spec.containers[0].image}")), QStringLiteral("nginx:1.16.1"));
        // The ReplicaSet of revision 2 was re-adopted and renumbered: 1 3 4.
        r = m_k.kubectl({QStringLiteral("rollout"), QStringLiteral("history"), QStringLiteral("deployment/nginx")});
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("REVISION\\s+CHANGE-CAUSE\\n1\\s+<none>\\n3\\s+<none>\\n4\\s+<none>\\n"))), qPrintable(r.show()));

        r = m_k.kubectl({QStringLiteral("rollout"), QStringLiteral("undo"), QStringLiteral("deployment/nginx"), QStringLiteral("--to-revision=1")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx rolled back"));
        QVERIFY2(m_k.rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        QCOMPARE(m_k.jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.spec.template.spec.containers[0].image}")), QStringLiteral("nginx:1.14.2"));

        r = m_k.kubectl({QStringLiteral("rollout"), QStringLiteral("undo"), QStringLiteral("deployment/nginx"), QStringLiteral("--to-revision=99")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("unable to find specified revision 99 in history")), qPrintable(r.show()));
    }

    void scale()
    {
        const KubectlRun r = m_k.kubectl({QStringLiteral("scale"), QStringLiteral("deployment"), QStringLiteral("nginx"), QStringLiteral("--replicas=5")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx scaled"));
        QString status;
        QVERIFY2(m_k.rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        const KubectlRun get = m_k.kubectl({QStringLiteral("get"), QStringLiteral("deployment"), QStringLiteral("nginx")});
        QVERIFY2(get.out.contains(QRegularExpression(QStringLiteral("\\nnginx\\s+5/5\\s+5\\s+5\\s"))), qPrintable(get.show()));
    }

    void pauseAndResume()
    {
        KubectlRun r = m_k.kubectl({QStringLiteral("rollout"), QStringLiteral("pause"), QStringLiteral("deployment/nginx")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx paused"));
        r = m_k.kubectl({QStringLiteral("set"), QStringLiteral("image"), QStringLiteral("deployment/nginx"), QStringLiteral("nginx=nginx:1.26")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        // Paused: the template changed but no new ReplicaSet appears. Wait until the Deployment
        // controller has observed the new generation, then look.
        QTRY_COMPARE_WITH_TIMEOUT(m_k.jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.status.observedGeneration}")),
                                  m_k.jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.metadata.generation}")), 30000);
        QCOMPARE(m_k.jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.spec.paused}")), QStringLiteral("true"));
        r = m_k.kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app=nginx"),
                     QStringLiteral("-o"), QStringLiteral("jsonpath={.items[*].spec.containers[0].image}")});
        QVERIFY2(!r.out.contains(QLatin1String("nginx:1.26")), qPrintable(r.show()));
        r = m_k.kubectl({QStringLiteral("rollout"), QStringLiteral("undo"), QStringLiteral("deployment/nginx")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("you cannot rollback a paused deployment")), qPrintable(r.show()));

        r = m_k.kubectl({QStringLiteral("rollout"), QStringLiteral("resume"), QStringLiteral("deployment/nginx")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx resumed"));
        QString status;
        QVERIFY2(m_k.rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        r = m_k.kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app=nginx"),
                     QStringLiteral("-o"), QStringLiteral("jsonpath={.items[*].spec.containers[0].image}")});
        QCOMPARE(r.out.split(QLatin1Char(' ')), QStringList(5, QStringLiteral("nginx:1.26")));
    }

    void restart()
    {
        const QString before = m_k.jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.metadata.annotations.deployment\\.kubernetes\\.io/revision}"));
        const KubectlRun r = m_k.kubectl({QStringLiteral("rollout"), QStringLiteral("restart"), QStringLiteral("deployment/nginx")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx restarted"));
        QString status;
        QVERIFY2(m_k.rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        const QString after = m_k.jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.metadata.annotations.deployment\\.kubernetes\\.io/revision}"));
        QCOMPARE(after.toInt(), before.toInt() + 1);
        QVERIFY(!m_k.jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.spec.template.metadata.annotations.kubectl\\.kubernetes\\.io/restartedAt}")).isEmpty());
    }

    void deletePodIsReplaced()
    {
        const QString victim = m_k.kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app=nginx"),
                                        QStringLiteral("-o"), QStringLiteral("jsonpath={.items[0].metadata.name}")})
                                   .out;
        QVERIFY(!victim.isEmpty());
        const KubectlRun r = m_k.kubectl({QStringLiteral("delete"), QStringLiteral("pod"), victim});   // waits for the DELETED event
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("pod \"%1\" deleted").arg(victim));
        QString names;
        QTRY_VERIFY_WITH_TIMEOUT((names = m_k.kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app=nginx"),
                                                   QStringLiteral("--field-selector=status.phase=Running"),
                                                   QStringLiteral("-o"), QStringLiteral("jsonpath={.items[*].metadata.name}")})
                                               .out,
                                  names.split(QLatin1Char(' '), Qt::SkipEmptyParts).size() == 5 && !names.contains(victim)),
                                 30000);
    }

    void createDeployment()
    {
        const KubectlRun r = m_k.kubectl({QStringLiteral("create"), QStringLiteral("deployment"), QStringLiteral("web"), QStringLiteral("--image=nginx"),
                                      QStringLiteral("--replicas=2")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/web created"));
        QString status;
        QVERIFY2(m_k.rolledOut(QStringLiteral("web"), &status), qPrintable(status));
        const KubectlRun again = m_k.kubectl({QStringLiteral("create"), QStringLiteral("deployment"), QStringLiteral("web"), QStringLiteral("--image=nginx")});
        QCOMPARE(again.exitCode, 1);
        // The typed client's wording (kubectl create), from the AlreadyExists Status.
        QCOMPARE(again.err.trimmed(), QStringLiteral("error: failed to create deployment: deployments.apps \"web\" already exists"));
    }

    void getPodsWatchSeesEvents()
    {
        QProcess watch;
        watch.setProcessEnvironment(m_k.env);
        watch.start(m_k.kubectlPath, {QStringLiteral("--kubeconfig"), m_k.kubeconfig, QStringLiteral("get"), QStringLiteral("pods"),
                                QStringLiteral("-l"), QStringLiteral("app=web"), QStringLiteral("-w")});
        QVERIFY(watch.waitForStarted(10000));
        QString seen;
        QTRY_VERIFY_WITH_TIMEOUT((seen += QString::fromUtf8(watch.readAllStandardOutput()), seen.count(QLatin1String("Running")) >= 2), 30000);
        QVERIFY2(seen.startsWith(QLatin1String("NAME")), qPrintable(seen));
        const KubectlRun scale = m_k.kubectl({QStringLiteral("scale"), QStringLiteral("deployment"), QStringLiteral("web"), QStringLiteral("--replicas=3")});
        QVERIFY2(scale.exitCode == 0, qPrintable(scale.show()));
        // A third pod appears and goes Pending -> ContainerCreating -> Running, one line per event.
        QTRY_VERIFY_WITH_TIMEOUT((seen += QString::fromUtf8(watch.readAllStandardOutput()), seen.count(QLatin1String("Running")) >= 3), 30000);
        QVERIFY2(seen.contains(QRegularExpression(QStringLiteral("\\nweb-\\w+-\\w+\\s+0/1\\s+(Pending|ContainerCreating)\\s+0\\s+\\d+s\\n"))), qPrintable(seen));
        QVERIFY2(watch.state() == QProcess::Running, "kubectl get -w must keep watching");
        watch.kill();
        watch.waitForFinished(5000);
    }

    void deleteDeploymentCascades()
    {
        const KubectlRun r = m_k.kubectl({QStringLiteral("delete"), QStringLiteral("deployment"), QStringLiteral("web")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps \"web\" deleted"));
        KubectlRun left;
        QTRY_VERIFY_WITH_TIMEOUT((left = m_k.kubectl({QStringLiteral("get"), QStringLiteral("rs,pods"), QStringLiteral("-l"), QStringLiteral("app=web")}),
                                  left.err.trimmed() == QLatin1String("No resources found in default namespace.")),
                                 30000);
        QVERIFY2(left.out.isEmpty(), qPrintable(left.show()));
    }

private:
    KubectlHarness m_k;
};

QTEST_GUILESS_MAIN(TestKubectlRollout)
#include "tst_kubectl_rollout.moc"
