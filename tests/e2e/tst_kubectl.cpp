// SPDX-License-Identifier: Apache-2.0
// The real kubectl against `rlab serve`'s HTTP API (issue 7): a threaded Simulation with a fast
// clock (x50) behind an HttpApiServer on a free loopback port, kubectl run as a process with its
// own kubeconfig and an empty HOME (so its discovery cache is cold). Every test asserts on what
// kubectl prints. The slots run in order and share one cluster: discovery, apply, inspect (get,
// describe, events), errors, server-side apply, a bearer token over TLS. Rollouts:
// tst_kubectl_rollout.cpp. Skipped when kubectl is not installed.
#include "core/server/tlsidentity.h"
#include "tests/e2e/kubectlharness.h"

#include <QRegularExpression>
#include <QTest>

using namespace rlab;
using namespace rlab::server;
using namespace rlab::test;
class TestKubectl : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!m_k.findKubectl())
            QSKIP("kubectl is not installed");
        QString error;
        QVERIFY2(m_k.start(&error), qPrintable(error));
    }

    void cleanupTestCase() { m_k.stop(); }

    void version()
    {
        const KubectlRun r = m_k.kubectl({QStringLiteral("version")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QLatin1String("Server Version: v1.31")), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QLatin1String("Client Version: v1.31")), qPrintable(r.show()));   // the dispatcher chose 1.31
    }

    void apiResources()
    {
        const KubectlRun r = m_k.kubectl({QStringLiteral("api-resources")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\ndeployments\\s+deploy\\s+apps/v1\\s+true\\s+Deployment\\n"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\npods\\s+po\\s+v1\\s+true\\s+Pod\\n"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\nreplicasets\\s+rs\\s+apps/v1\\s+true\\s+ReplicaSet\\n"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\nnodes\\s+no\\s+v1\\s+false\\s+Node\\n"))), qPrintable(r.show()));
    }

    void getNodesWide()
    {
        const KubectlRun r = m_k.kubectl({QStringLiteral("get"), QStringLiteral("nodes"), QStringLiteral("-o"), QStringLiteral("wide")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("^NAME\\s+STATUS\\s+ROLES\\s+AGE\\s+VERSION\\s+INTERNAL-IP\\s+EXTERNAL-IP\\s+OS-IMAGE"))), qPrintable(r.show()));
        QCOMPARE(r.out.count(QRegularExpression(QStringLiteral("\\nnode-\\d\\s+Ready\\s"))), 3);
    }

    void applyCreates()
    {
        const QString file = m_k.writeManifest(QStringLiteral("nginx.yaml"), QString::fromLatin1(kNginx).arg(QStringLiteral("nginx:1.14.2")));
        const KubectlRun r = m_k.kubectl({QStringLiteral("apply"), QStringLiteral("-f"), file});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx created"));
        QString status;
        QVERIFY2(m_k.rolledOut(QStringLiteral("nginx"), &status), qPrintable(status));
    }

    void applyUnchanged()
    {
        const KubectlRun r = m_k.kubectl({QStringLiteral("apply"), QStringLiteral("-f"), m_k.dir.filePath(QStringLiteral("nginx.yaml"))});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/nginx unchanged"));
    }

    void getDeployRsPods()
    {
        const KubectlRun r = m_k.kubectl({QStringLiteral("get"), QStringLiteral("deploy,rs,pods")});
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
        const KubectlRun all = m_k.kubectl({QStringLiteral("get"), QStringLiteral("all")});
        QVERIFY2(all.exitCode == 0, qPrintable(all.show()));
        QVERIFY2(all.out.contains(QLatin1String("deployment.apps/nginx")) && all.out.contains(QLatin1String("replicaset.apps/nginx-"))
                     && all.out.contains(QLatin1String("pod/nginx-")),
                 qPrintable(all.show()));
    }

    void getPodsWide()
    {
        const KubectlRun r = m_k.kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-o"), QStringLiteral("wide")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("^NAME\\s+READY\\s+STATUS\\s+RESTARTS\\s+AGE\\s+IP\\s+NODE\\s+NOMINATED NODE\\s+READINESS GATES\\n"))),
                 qPrintable(r.show()));
        QCOMPARE(r.out.count(QRegularExpression(QStringLiteral("\\nnginx-\\w+-\\w+\\s+1/1\\s+Running\\s+0\\s+\\S+\\s+\\d+\\.\\d+\\.\\d+\\.\\d+\\s+node-\\d\\s+<none>\\s+<none>"))), 3);
    }

    void getYaml()
    {
        const KubectlRun r = m_k.kubectl({QStringLiteral("get"), QStringLiteral("deployment"), QStringLiteral("nginx"), QStringLiteral("-o"), QStringLiteral("yaml")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        for (const char *needle : {"apiVersion: apps/v1", "kind: Deployment", "  name: nginx", "image: nginx:1.14.2",
                                   "deployment.kubernetes.io/revision: \"1\"", "kubectl.kubernetes.io/last-applied-configuration",
                                   "observedGeneration: 1", "availableReplicas: 3", "type: Available"})
            QVERIFY2(r.out.contains(QLatin1String(needle)), qPrintable(QStringLiteral("missing \"%1\" in\n%2").arg(QLatin1String(needle), r.show())));
    }

    void getLabelSelectorAndShowLabels()
    {
        KubectlRun r = m_k.kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app=nginx"), QStringLiteral("--show-labels")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("^NAME\\s+READY\\s+STATUS\\s+RESTARTS\\s+AGE\\s+LABELS\\n"))), qPrintable(r.show()));
        QCOMPARE(r.out.count(QRegularExpression(QStringLiteral("\\sapp=nginx,pod-template-hash=\\w+\\n"))), 3);
        r = m_k.kubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"), QStringLiteral("app in (web, db)")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.err.trimmed(), QStringLiteral("No resources found in default namespace."));
    }

    void describeDeployment()
    {
        const KubectlRun r = m_k.kubectl({QStringLiteral("describe"), QStringLiteral("deployment"), QStringLiteral("nginx")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("Replicas:\\s+3 desired \\| 3 updated \\| 3 total \\| 3 available \\| 0 unavailable"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("StrategyType:\\s+RollingUpdate"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("Image:\\s+nginx:1.14.2"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("Available\\s+True\\s+MinimumReplicasAvailable"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("NewReplicaSet:\\s+nginx-\\w+ \\(3/3 replicas created\\)"))), qPrintable(r.show()));
        QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("Normal\\s+ScalingReplicaSet\\s+\\S+\\s+deployment-controller\\s+Scaled up replica set nginx-\\w+ (to|from 0 to) 3"))),
                 qPrintable(r.show()));

        const KubectlRun events = m_k.kubectl({QStringLiteral("get"), QStringLiteral("events")});
        QVERIFY2(events.exitCode == 0, qPrintable(events.show()));
        QVERIFY2(events.out.contains(QRegularExpression(QStringLiteral("^LAST SEEN\\s+TYPE\\s+REASON\\s+OBJECT\\s+MESSAGE\\n"))), qPrintable(events.show()));
        QVERIFY2(events.out.contains(QRegularExpression(QStringLiteral("\\sNormal\\s+ScalingReplicaSet\\s+deployment/nginx\\s+Scaled up replica set nginx-"))),
                 qPrintable(events.show()));
    }

    void errorsReadLikeARealCluster()
    {
        KubectlRun r = m_k.kubectl({QStringLiteral("get"), QStringLiteral("deployment"), QStringLiteral("nope")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err.trimmed(), QStringLiteral("Error from server (NotFound): deployments.apps \"nope\" not found"));

        QString manifest = QString::fromLatin1(kNginx).arg(QStringLiteral("nginx:1.25"));
        manifest.replace(QLatin1String("name: nginx\n  labels"), QLatin1String("name: strict\n  labels"));
        manifest.replace(QLatin1String("  replicas: 3\n"), QLatin1String("  replicas: 1\n  foo: bar\n"));
        const QString file = m_k.writeManifest(QStringLiteral("strict.yaml"), manifest);
        r = m_k.kubectl({QStringLiteral("apply"), QStringLiteral("-f"), file});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("Error from server (BadRequest): error when creating")), qPrintable(r.show()));
        QVERIFY2(r.err.contains(QLatin1String("strict decoding error: unknown field \"spec.foo\"")), qPrintable(r.show()));

        r = m_k.kubectl({QStringLiteral("apply"), QStringLiteral("--validate=warn"), QStringLiteral("-f"), file});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(r.err.contains(QLatin1String("Warning: unknown field \"spec.foo\"")), qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/strict created"));

        manifest.replace(QLatin1String("  replicas: 1\n  foo: bar\n"), QLatin1String("  replicas: -1\n"));
        manifest.replace(QLatin1String("name: strict\n"), QLatin1String("name: invalid\n"));
        r = m_k.kubectl({QStringLiteral("apply"), QStringLiteral("-f"), m_k.writeManifest(QStringLiteral("invalid.yaml"), manifest)});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("The Deployment \"invalid\" is invalid:")), qPrintable(r.show()));
        QVERIFY2(r.err.contains(QLatin1String("spec.replicas: Invalid value: -1: must be greater than or equal to 0")), qPrintable(r.show()));
    }

    void serverSideApply()
    {
        QString manifest = QString::fromLatin1(kNginx).arg(QStringLiteral("nginx:1.25"));
        manifest.replace(QLatin1String("name: nginx\n  labels"), QLatin1String("name: ssa\n  labels"));
        const QString file = m_k.writeManifest(QStringLiteral("ssa.yaml"), manifest);
        KubectlRun r = m_k.kubectl({QStringLiteral("apply"), QStringLiteral("--server-side"), QStringLiteral("-f"), file});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(r.out.trimmed(), QStringLiteral("deployment.apps/ssa serverside-applied"));
        manifest.replace(QLatin1String("replicas: 3"), QLatin1String("replicas: 2"));
        r = m_k.kubectl({QStringLiteral("apply"), QStringLiteral("--server-side"), QStringLiteral("-f"), m_k.writeManifest(QStringLiteral("ssa.yaml"), manifest)});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QCOMPARE(m_k.jsonpath(QStringLiteral("deployment/ssa"), QStringLiteral("{.spec.replicas}")), QStringLiteral("2"));
    }

    void bearerToken()
    {
        // As `rlab serve --allow-remote` does it: HTTPS with a self-signed certificate (kubectl
        // sends bearer tokens only over TLS) and the token.
        QString error;
        const std::optional<TlsIdentity> tls = TlsIdentity::createSelfSigned({QStringLiteral("127.0.0.1")}, {QStringLiteral("localhost")}, &error);
        if (!tls)
            QSKIP(qPrintable(error));
        HttpApiServer secured(m_k.sim->api(), m_k.sim->clock());
        secured.setBearerToken("0123456789abcdef");
        secured.setTlsConfiguration(tls->configuration);
        QVERIFY(secured.listen());
        QVERIFY(secured.url().startsWith(QLatin1String("https://127.0.0.1:")));
        const QString withToken = m_k.dir.filePath(QStringLiteral("token.kubeconfig"));
        const QString without = m_k.dir.filePath(QStringLiteral("wrongtoken.kubeconfig"));
        QVERIFY(Kubeconfig::write(withToken, secured.url(), "0123456789abcdef", nullptr, tls->certificatePem));
        QVERIFY(Kubeconfig::write(without, secured.url(), "not-the-token", nullptr, tls->certificatePem));
        const QString saved = m_k.kubeconfig;
        m_k.kubeconfig = without;
        const KubectlRun denied = m_k.kubectl({QStringLiteral("get"), QStringLiteral("nodes")});
        m_k.kubeconfig = withToken;
        const KubectlRun allowed = m_k.kubectl({QStringLiteral("get"), QStringLiteral("nodes")});
        m_k.kubeconfig = saved;
        QCOMPARE(denied.exitCode, 1);
        // What kubectl prints against a real cluster with a wrong token (discovery gets the 401).
        QCOMPARE(denied.err.trimmed().section(QLatin1Char('\n'), -1), QStringLiteral("error: You must be logged in to the server (the server has asked for the client to provide credentials)"));
        QVERIFY2(allowed.exitCode == 0, qPrintable(allowed.err.right(600)));
        QCOMPARE(allowed.out.count(QRegularExpression(QStringLiteral("\\nnode-\\d\\s+Ready\\s"))), 3);
    }

private:
    KubectlHarness m_k;
};

QTEST_GUILESS_MAIN(TestKubectl)
#include "tst_kubectl.moc"
