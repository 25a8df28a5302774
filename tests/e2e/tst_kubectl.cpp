// The real kubectl against `rlab serve`'s HTTP API (issue 7): a threaded Simulation with a fast
// clock (x50) behind an HttpApiServer on a free loopback port, kubectl run as a process with its
// own kubeconfig and an empty HOME (so its discovery cache is cold). Every test asserts on what
// kubectl prints. The slots run in order and share one cluster, like a lesson: apply, inspect,
// roll out, scale, undo, pause, delete. Skipped when kubectl is not installed.
#include "core/server/clusterdriver.h"
#include "core/server/httpapiserver.h"
#include "core/server/kubeconfig.h"
#include "core/server/tlsidentity.h"
#include "core/sim/simulation.h"

#include <QDir>
#include <QEventLoop>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace rlab;
using namespace rlab::server;

namespace {

struct KubectlRun
{
    int exitCode = -1;
    bool finished = false;
    QString out, err;
    QString all() const { return out + err; }
    QString show() const { return QStringLiteral("exit %1\n--- stdout\n%2--- stderr\n%3").arg(exitCode).arg(out, err); }
};

const char *kNginx = R"(apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: %1
        ports:
        - containerPort: 80
)";

} // namespace

class TestKubectl : public QObject
{
    Q_OBJECT

public:
    KubectlRun kubectl(const QStringList &args, int timeoutMs = 60000)
    {
        KubectlRun r;
        QProcess p;
        p.setProcessEnvironment(m_env);
        QEventLoop loop;
        connect(&p, &QProcess::finished, &loop, &QEventLoop::quit);
        connect(&p, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
        QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
        p.start(m_kubectl, QStringList{QStringLiteral("--kubeconfig"), m_kubeconfig} + args);
        p.closeWriteChannel();   // kubectl may prompt (e.g. for a username); it reads EOF, as in a script
        loop.exec();   // the cluster's clock and informers tick on this thread meanwhile
        if (p.state() != QProcess::NotRunning) {
            p.kill();
            p.waitForFinished(5000);
        } else {
            r.finished = p.exitStatus() == QProcess::NormalExit;
        }
        r.exitCode = p.exitCode();
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }

    QString writeManifest(const QString &name, const QString &text)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(text.toUtf8());
        return path;
    }

    QString jsonpath(const QString &target, const QString &expr)
    {
        return kubectl({QStringLiteral("get"), target, QStringLiteral("-o"), QStringLiteral("jsonpath=") + expr}).out;
    }

    // `kubectl rollout status` returns only when the controllers report the rollout complete.
    bool rolledOut(const QString &deployment, QString *output)
    {
        const KubectlRun r = kubectl({QStringLiteral("rollout"), QStringLiteral("status"), QStringLiteral("deployment/") + deployment,
                                      QStringLiteral("--timeout=90s")},
                                     100000);
        *output = r.show();
        return r.finished && r.exitCode == 0
               && r.out.contains(QStringLiteral("deployment \"%1\" successfully rolled out").arg(deployment));
    }

private slots:
    void initTestCase()
    {
        m_kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
        if (m_kubectl.isEmpty())
            QSKIP("kubectl is not installed");
        QVERIFY(m_dir.isValid());
        QDir(m_dir.path()).mkpath(QStringLiteral("home"));
        m_sim = std::make_unique<Simulation>();
        m_server = std::make_unique<HttpApiServer>(m_sim->api(), m_sim->clock());
        QString error;
        QVERIFY2(m_server->listen(QHostAddress(QHostAddress::LocalHost), 0, &error), qPrintable(error));
        m_kubeconfig = m_dir.filePath(QStringLiteral("kubeconfig"));
        QVERIFY2(Kubeconfig::write(m_kubeconfig, m_server->url(), {}, &error), qPrintable(error));
        m_driver = std::make_unique<ClusterDriver>(*m_sim);
        m_driver->setSpeed(50);
        m_driver->start();
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert(QStringLiteral("HOME"), m_dir.filePath(QStringLiteral("home")));
        m_env.remove(QStringLiteral("KUBECONFIG"));
    }

    void cleanupTestCase()
    {
        if (m_driver)
            m_driver->stop();
        if (m_server) {
            qInfo("served %lld requests, %lld watches, %lld watch events", m_server->counters().requests.load(),
                  m_server->counters().watchesOpened.load(), m_server->counters().watchEvents.load());
            m_server->close();
        }
        m_driver.reset();
        m_server.reset();
        m_sim.reset();
    }

    void version()
    {
        const KubectlRun r = kubectl({QStringLiteral("version")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QLatin1String("Server Version: v1.31")), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QLatin1String("Client Version: v1.31")), qPrintable(r.show()));   // the dispatcher chose 1.31
    }

    void apiResources()
    {
        const KubectlRun r = kubectl({QStringLiteral("api-resources")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\ndeployments\\s+deploy\\s+apps/v1\\s+true\\s+Deployment\\n"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\npods\\s+po\\s+v1\\s+true\\s+Pod\\n"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\nreplicasets\\s+rs\\s+apps/v1\\s+true\\s+ReplicaSet\\n"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\nnodes\\s+no\\s+v1\\s+false\\s+Node\\n"))), qPrintable(r.show()));
    }

    void getNodesWide()
    {
        const KubectlRun r = kubectl({QStringLiteral("get"), QStringLiteral("nodes"), QStringLiteral("-o"), QStringLiteral("wide")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("^NAME\\s+STATUS\\s+ROLES\\s+AGE\\s+VERSION\\s+INTERNAL-IP\\s+EXTERNAL-IP\\s+OS-IMAGE"))), qPrintable(r.show()));
        QCOMPARE(r.out.count(QRegularExpression(QStringLiteral("\\nnode-\\d\\s+Ready\\s"))), 3);
    }

    void applyCreates()
    {
        const QString file = writeManifest(QStringLiteral("nginx.yaml"), QString::fromLatin1(kNginx).arg(QStringLiteral("nginx:1.14.2")));
        const KubectlRun r = kubectl({QStringLiteral("apply"), QStringLiteral("-f"), file});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx created"));
        QString status;
        QVERIFY2(rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
    }

    void applyUnchanged()
    {
        const KubectlRun r = kubectl({QStringLiteral("apply"), QStringLiteral("-f"), m_dir.filePath(QStringLiteral("nginx.yaml"))});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx unchanged"));
    }

    void getDeployRsPods()
    {
        const KubectlRun r = kubectl({QStringLiteral("get"), QStringLiteral("deploy,rs,pods")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("NAME\\s+READY\\s+UP-TO-DATE\\s+AVAILABLE\\s+AGE\\n"
                                                                  "deployment\\.apps/nginx\\s+3/3\\s+3\\s+3\\s+\\d+[smh]"))),
                 qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("NAME\\s+DESIRED\\s+CURRENT\\s+READY\\s+AGE\\n"
                                                                  "replicaset\\.apps/nginx-\\w+\\s+3\\s+3\\s+3\\s"))),
                 qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("NAME\\s+READY\\s+STATUS\\s+RESTARTS\\s+AGE\\n"))), qPrintable(r.show()));
        QCOMPARE(r.out.count(QRegularExpression(QStringLiteral("\\npod/nginx-\\w+-\\w+\\s+1/1\\s+Running\\s+0\\s"))), 3);

        // The "all" category: deployments, replicasets and pods.
        const KubectlRun all = kubectl({QStringLiteral("get"), QStringLiteral("all")});
        QVERIFY2(all.exitCode == 0, qPrintable(all.show()));
        QVERIFY2(all.out.contains(QLatin1String("deployment.apps/nginx")) && all.out.contains(QLatin1String("replicaset.apps/nginx-"))
                     && all.out.contains(QLatin1String("pod/nginx-")),
                 qPrintable(all.show()));
    }

    void getPodsWide()
    {
        const KubectlRun r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-o"), QStringLiteral("wide")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("^NAME\\s+READY\\s+STATUS\\s+RESTARTS\\s+AGE\\s+IP\\s+NODE\\s+NOMINATED NODE\\s+READINESS GATES\\n"))),
                 qPrintable(r.show()));
        QCOMPARE(r.out.count(QRegularExpression(QStringLiteral("\\nnginx-\\w+-\\w+\\s+1/1\\s+Running\\s+0\\s+\\S+\\s+\\d+\\.\\d+\\.\\d+\\.\\d+\\s+node-\\d\\s+<none>\\s+<none>"))), 3);
    }

    void getYaml()
    {
        const KubectlRun r = kubectl({QStringLiteral("get"), QStringLiteral("deployment"), QStringLiteral("nginx"), QStringLiteral("-o"), QStringLiteral("yaml")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        for (const char *needle : {"apiVersion: apps/v1", "kind: Deployment", "  name: nginx", "image: nginx:1.14.2",
                                   "deployment.kubernetes.io/revision: \"1\"", "kubectl.kubernetes.io/last-applied-configuration",
                                   "observedGeneration: 1", "availableReplicas: 3", "type: Available"})
            QVERIFY2(r.out.contains(QLatin1String(needle)), qPrintable(QStringLiteral("missing \"%1\" in\n%2").arg(QLatin1String(needle), r.show())));
    }

    void getLabelSelectorAndShowLabels()
    {
        KubectlRun r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app=nginx"), QStringLiteral("--show-labels")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("^NAME\\s+READY\\s+STATUS\\s+RESTARTS\\s+AGE\\s+LABELS\\n"))), qPrintable(r.show()));
        QCOMPARE(r.out.count(QRegularExpression(QStringLiteral("\\sapp=nginx,pod-template-hash=\\w+\\n"))), 3);
        r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app in (web, db)")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.err.trimmed(), QStringLiteral("No resources found in default namespace."));
    }

    void describeDeployment()
    {
        const KubectlRun r = kubectl({QStringLiteral("describe"), QStringLiteral("deployment"), QStringLiteral("nginx")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("Replicas:\\s+3 desired \\| 3 updated \\| 3 total \\| 3 available \\| 0 unavailable"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("StrategyType:\\s+RollingUpdate"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("Image:\\s+nginx:1.14.2"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("Available\\s+True\\s+MinimumReplicasAvailable"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("NewReplicaSet:\\s+nginx-\\w+ \\(3/3 replicas created\\)"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("Normal\\s+ScalingReplicaSet\\s+\\S+\\s+deployment-controller\\s+Scaled up replica set nginx-\\w+ (to|from 0 to) 3"))),
                 qPrintable(r.show()));

        const KubectlRun events = kubectl({QStringLiteral("get"), QStringLiteral("events")});
        QVERIFY2(events.exitCode == 0, qPrintable(events.show()));
        QVERIFY2(events.out.contains(QRegularExpression(QStringLiteral("^LAST SEEN\\s+TYPE\\s+REASON\\s+OBJECT\\s+MESSAGE\\n"))), qPrintable(events.show()));
        QVERIFY2(events.out.contains(QRegularExpression(QStringLiteral("\\sNormal\\s+ScalingReplicaSet\\s+deployment/nginx\\s+Scaled up replica set nginx-"))),
                 qPrintable(events.show()));
    }

    void applyConfiguresNewImage()
    {
        const QString file = writeManifest(QStringLiteral("nginx.yaml"), QString::fromLatin1(kNginx).arg(QStringLiteral("nginx:1.16.1")));
        const KubectlRun r = kubectl({QStringLiteral("apply"), QStringLiteral("-f"), file});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx configured"));
        QString status;
        QVERIFY2(rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        QCOMPARE(jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.spec.template.spec.containers[0].image}")), QStringLiteral("nginx:1.16.1"));
    }

    void setImage()
    {
        const KubectlRun r = kubectl({QStringLiteral("set"), QStringLiteral("image"), QStringLiteral("deployment/nginx"), QStringLiteral("nginx=nginx:1.25")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx image updated"));
        QString status;
        QVERIFY2(rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        const KubectlRun pods = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app=nginx"),
                                         QStringLiteral("-o"), QStringLiteral("jsonpath={.items[*].spec.containers[0].image}")});
        QCOMPARE(pods.out.split(QLatin1Char(' ')), QStringList(3, QStringLiteral("nginx:1.25")));
    }

    void rolloutHistory()
    {
        KubectlRun r = kubectl({QStringLiteral("rollout"), QStringLiteral("history"), QStringLiteral("deployment/nginx")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("deployment\\.apps/nginx\\s*\\nREVISION\\s+CHANGE-CAUSE\\n1\\s+<none>\\n2\\s+<none>\\n3\\s+<none>\\n"))),
                 qPrintable(r.show()));
        r = kubectl({QStringLiteral("rollout"), QStringLiteral("history"), QStringLiteral("deployment/nginx"), QStringLiteral("--revision=2")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QLatin1String("with revision #2")), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("Image:\\s+nginx:1.16.1"))), qPrintable(r.show()));
        r = kubectl({QStringLiteral("rollout"), QStringLiteral("history"), QStringLiteral("deployment/nginx"), QStringLiteral("--revision=9")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("unable to find the specified revision")), qPrintable(r.show()));
    }

    void rolloutUndo()
    {
        KubectlRun r = kubectl({QStringLiteral("rollout"), QStringLiteral("undo"), QStringLiteral("deployment/nginx")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx rolled back"));
        QString status;
        QVERIFY2(rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        QCOMPARE(jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.spec.template.spec.containers[0].image}")), QStringLiteral("nginx:1.16.1"));
        // The ReplicaSet of revision 2 was re-adopted and renumbered: 1 3 4.
        r = kubectl({QStringLiteral("rollout"), QStringLiteral("history"), QStringLiteral("deployment/nginx")});
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("REVISION\\s+CHANGE-CAUSE\\n1\\s+<none>\\n3\\s+<none>\\n4\\s+<none>\\n"))), qPrintable(r.show()));

        r = kubectl({QStringLiteral("rollout"), QStringLiteral("undo"), QStringLiteral("deployment/nginx"), QStringLiteral("--to-revision=1")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx rolled back"));
        QVERIFY2(rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        QCOMPARE(jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.spec.template.spec.containers[0].image}")), QStringLiteral("nginx:1.14.2"));

        r = kubectl({QStringLiteral("rollout"), QStringLiteral("undo"), QStringLiteral("deployment/nginx"), QStringLiteral("--to-revision=99")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("unable to find specified revision 99 in history")), qPrintable(r.show()));
    }

    void scale()
    {
        const KubectlRun r = kubectl({QStringLiteral("scale"), QStringLiteral("deployment"), QStringLiteral("nginx"), QStringLiteral("--replicas=5")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx scaled"));
        QString status;
        QVERIFY2(rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        const KubectlRun get = kubectl({QStringLiteral("get"), QStringLiteral("deployment"), QStringLiteral("nginx")});
        QVERIFY2(get.out.contains(QRegularExpression(QStringLiteral("\\nnginx\\s+5/5\\s+5\\s+5\\s"))), qPrintable(get.show()));
    }

    void pauseAndResume()
    {
        KubectlRun r = kubectl({QStringLiteral("rollout"), QStringLiteral("pause"), QStringLiteral("deployment/nginx")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx paused"));
        r = kubectl({QStringLiteral("set"), QStringLiteral("image"), QStringLiteral("deployment/nginx"), QStringLiteral("nginx=nginx:1.26")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        // Paused: the template changed but no new ReplicaSet appears. Wait until the Deployment
        // controller has observed the new generation, then look.
        QTRY_COMPARE_WITH_TIMEOUT(jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.status.observedGeneration}")),
                                  jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.metadata.generation}")), 30000);
        QCOMPARE(jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.spec.paused}")), QStringLiteral("true"));
        r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app=nginx"),
                     QStringLiteral("-o"), QStringLiteral("jsonpath={.items[*].spec.containers[0].image}")});
        QVERIFY2(!r.out.contains(QLatin1String("nginx:1.26")), qPrintable(r.show()));
        r = kubectl({QStringLiteral("rollout"), QStringLiteral("undo"), QStringLiteral("deployment/nginx")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("you cannot rollback a paused deployment")), qPrintable(r.show()));

        r = kubectl({QStringLiteral("rollout"), QStringLiteral("resume"), QStringLiteral("deployment/nginx")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx resumed"));
        QString status;
        QVERIFY2(rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        r = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app=nginx"),
                     QStringLiteral("-o"), QStringLiteral("jsonpath={.items[*].spec.containers[0].image}")});
        QCOMPARE(r.out.split(QLatin1Char(' ')), QStringList(5, QStringLiteral("nginx:1.26")));
    }

    void restart()
    {
        const QString before = jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.metadata.annotations.deployment\\.kubernetes\\.io/revision}"));
        const KubectlRun r = kubectl({QStringLiteral("rollout"), QStringLiteral("restart"), QStringLiteral("deployment/nginx")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx restarted"));
        QString status;
        QVERIFY2(rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
        const QString after = jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.metadata.annotations.deployment\\.kubernetes\\.io/revision}"));
        QCOMPARE(after.toInt(), before.toInt() + 1);
        QVERIFY(!jsonpath(QStringLiteral("deployment/nginx"), QStringLiteral("{.spec.template.metadata.annotations.kubectl\\.kubernetes\\.io/restartedAt}")).isEmpty());
    }

    void deletePodIsReplaced()
    {
        const QString victim = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app=nginx"),
                                        QStringLiteral("-o"), QStringLiteral("jsonpath={.items[0].metadata.name}")})
                                   .out;
        QVERIFY(!victim.isEmpty());
        const KubectlRun r = kubectl({QStringLiteral("delete"), QStringLiteral("pod"), victim});   // waits for the DELETED event
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("pod \"%1\" deleted").arg(victim));
        QString names;
        QTRY_VERIFY_WITH_TIMEOUT((names = kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app=nginx"),
                                                   QStringLiteral("--field-selector=status.phase=Running"),
                                                   QStringLiteral("-o"), QStringLiteral("jsonpath={.items[*].metadata.name}")})
                                               .out,
                                  names.split(QLatin1Char(' '), Qt::SkipEmptyParts).size() == 5 && !names.contains(victim)),
                                 30000);
    }

    void createDeployment()
    {
        const KubectlRun r = kubectl({QStringLiteral("create"), QStringLiteral("deployment"), QStringLiteral("web"), QStringLiteral("--image=nginx"),
                                      QStringLiteral("--replicas=2")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/web created"));
        QString status;
        QVERIFY2(rolledOut(QStringLiteral("web"), &status), qPrintable(status));
        const KubectlRun again = kubectl({QStringLiteral("create"), QStringLiteral("deployment"), QStringLiteral("web"), QStringLiteral("--image=nginx")});
        QCOMPARE(again.exitCode, 1);
        // The typed client's wording (kubectl create), from the AlreadyExists Status.
        QCOMPARE(again.err.trimmed(), QStringLiteral("error: failed to create deployment: deployments.apps \"web\" already exists"));
    }

    void getPodsWatchSeesEvents()
    {
        QProcess watch;
        watch.setProcessEnvironment(m_env);
        watch.start(m_kubectl, {QStringLiteral("--kubeconfig"), m_kubeconfig, QStringLiteral("get"), QStringLiteral("pods"),
                                QStringLiteral("-l"), QStringLiteral("app=web"), QStringLiteral("-w")});
        QVERIFY(watch.waitForStarted(10000));
        QString seen;
        QTRY_VERIFY_WITH_TIMEOUT((seen += QString::fromUtf8(watch.readAllStandardOutput()), seen.count(QLatin1String("Running")) >= 2), 30000);
        QVERIFY2(seen.startsWith(QLatin1String("NAME")), qPrintable(seen));
        const KubectlRun scale = kubectl({QStringLiteral("scale"), QStringLiteral("deployment"), QStringLiteral("web"), QStringLiteral("--replicas=3")});
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
        const KubectlRun r = kubectl({QStringLiteral("delete"), QStringLiteral("deployment"), QStringLiteral("web")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps \"web\" deleted"));
        KubectlRun left;
        QTRY_VERIFY_WITH_TIMEOUT((left = kubectl({QStringLiteral("get"), QStringLiteral("rs,pods"), QStringLiteral("-l"), QStringLiteral("app=web")}),
                                  left.err.trimmed() == QLatin1String("No resources found in default namespace.")),
                                 30000);
        QVERIFY2(left.out.isEmpty(), qPrintable(left.show()));
    }

    void errorsReadLikeARealCluster()
    {
        KubectlRun r = kubectl({QStringLiteral("get"), QStringLiteral("deployment"), QStringLiteral("nope")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err.trimmed(), QStringLiteral("Error from server (NotFound): deployments.apps \"nope\" not found"));

        QString manifest = QString::fromLatin1(kNginx).arg(QStringLiteral("nginx:1.25"));
        manifest.replace(QLatin1String("name: nginx\n  labels"), QLatin1String("name: strict\n  labels"));
        manifest.replace(QLatin1String("  replicas: 3\n"), QLatin1String("  replicas: 1\n  foo: bar\n"));
        const QString file = writeManifest(QStringLiteral("strict.yaml"), manifest);
        r = kubectl({QStringLiteral("apply"), QStringLiteral("-f"), file});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("Error from server (BadRequest): error when creating")), qPrintable(r.show()));
        QVERIFY2(r.err.contains(QLatin1String("strict decoding error: unknown field \"spec.foo\"")), qPrintable(r.show()));

        r = kubectl({QStringLiteral("apply"), QStringLiteral("--validate=warn"), QStringLiteral("-f"), file});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.err.contains(QLatin1String("Warning: unknown field \"spec.foo\"")), qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/strict created"));

        manifest.replace(QLatin1String("  replicas: 1\n  foo: bar\n"), QLatin1String("  replicas: -1\n"));
        manifest.replace(QLatin1String("name: strict\n"), QLatin1String("name: invalid\n"));
        r = kubectl({QStringLiteral("apply"), QStringLiteral("-f"), writeManifest(QStringLiteral("invalid.yaml"), manifest)});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("The Deployment \"invalid\" is invalid:")), qPrintable(r.show()));
        QVERIFY2(r.err.contains(QLatin1String("spec.replicas: Invalid value: -1: must be greater than or equal to 0")), qPrintable(r.show()));
    }

    void serverSideApply()
    {
        QString manifest = QString::fromLatin1(kNginx).arg(QStringLiteral("nginx:1.25"));
        manifest.replace(QLatin1String("name: nginx\n  labels"), QLatin1String("name: ssa\n  labels"));
        const QString file = writeManifest(QStringLiteral("ssa.yaml"), manifest);
        KubectlRun r = kubectl({QStringLiteral("apply"), QStringLiteral("--server-side"), QStringLiteral("-f"), file});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/ssa serverside-applied"));
        manifest.replace(QLatin1String("replicas: 3"), QLatin1String("replicas: 2"));
        r = kubectl({QStringLiteral("apply"), QStringLiteral("--server-side"), QStringLiteral("-f"), writeManifest(QStringLiteral("ssa.yaml"), manifest)});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(jsonpath(QStringLiteral("deployment/ssa"), QStringLiteral("{.spec.replicas}")), QStringLiteral("2"));
    }

    void bearerToken()
    {
        // As `rlab serve --allow-remote` does it: HTTPS with a self-signed certificate (kubectl
        // sends bearer tokens only over TLS) and the token.
        QString error;
        const std::optional<TlsIdentity> tls = TlsIdentity::createSelfSigned({QStringLiteral("127.0.0.1")}, {QStringLiteral("localhost")}, &error);
        if (!tls)
            QSKIP(qPrintable(error));
        HttpApiServer secured(m_sim->api(), m_sim->clock());
        secured.setBearerToken("0123456789abcdef");
        secured.setTlsConfiguration(tls->configuration);
        QVERIFY(secured.listen());
        QVERIFY(secured.url().startsWith(QLatin1String("https://127.0.0.1:")));
        const QString withToken = m_dir.filePath(QStringLiteral("token.kubeconfig"));
        const QString without = m_dir.filePath(QStringLiteral("wrongtoken.kubeconfig"));
        QVERIFY(Kubeconfig::write(withToken, secured.url(), "0123456789abcdef", nullptr, tls->certificatePem));
        QVERIFY(Kubeconfig::write(without, secured.url(), "not-the-token", nullptr, tls->certificatePem));
        const QString saved = m_kubeconfig;
        m_kubeconfig = without;
        const KubectlRun denied = kubectl({QStringLiteral("get"), QStringLiteral("nodes")});
        m_kubeconfig = withToken;
        const KubectlRun allowed = kubectl({QStringLiteral("get"), QStringLiteral("nodes")});
        m_kubeconfig = saved;
        QCOMPARE(denied.exitCode, 1);
        // What kubectl prints against a real cluster with a wrong token (discovery gets the 401).
        QCOMPARE(denied.err.trimmed().section(QLatin1Char('\n'), -1), QStringLiteral("error: You must be logged in to the server (the server has asked for the client to provide credentials)"));
        QVERIFY2(allowed.exitCode == 0, qPrintable(allowed.err.right(600)));
        QCOMPARE(allowed.out.count(QRegularExpression(QStringLiteral("\\nnode-\\d\\s+Ready\\s"))), 3);
    }

private:
    QString m_kubectl, m_kubeconfig;
    QTemporaryDir m_dir;
    QProcessEnvironment m_env;
    std::unique_ptr<Simulation> m_sim;
    std::unique_ptr<HttpApiServer> m_server;
    std::unique_ptr<ClusterDriver> m_driver;
};

QTEST_GUILESS_MAIN(TestKubectl)
#include "tst_kubectl.moc"
