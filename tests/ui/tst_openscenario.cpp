// SPDX-License-Identifier: Apache-2.0
// `reconcile-lab FILE` with a scenario file plays it on the scenario's own cluster, as `rlab run`
// builds it (spec.nodes, seed, kubelet delays, latency), not on the window's default three
// nodes: six pods that each need most of a node become available on six nodes (exit 0; on three
// nodes the wait times out); seven such pods on six nodes fail the expect with its file:line
// (exit 1).
#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestOpenScenario : public QObject
{
    Q_OBJECT

    static int screenshot(const QString &scenario, const QTemporaryDir &dir, QString *err)
    {
        const QByteArray bin = qgetenv("RLAB_BINARY_DIR");
        QProcess p;
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start((bin.isEmpty() ? QCoreApplication::applicationDirPath() + QStringLiteral("/..") : QString::fromLocal8Bit(bin))
                    + QStringLiteral("/app/reconcile-lab"),
                {QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("shot.png")), scenario});
        if (!p.waitForFinished(120'000)) {
            // Said, not lost: what the window wrote before it was stopped.
            p.kill();
            p.waitForFinished(5'000);
            *err = QStringLiteral("reconcile-lab --screenshot did not finish in 120 s; its stderr: ") + QString::fromUtf8(p.readAllStandardError());
            qWarning().noquote() << *err;
            return -1;
        }
        *err = QString::fromUtf8(p.readAllStandardError());
        return p.exitCode();
    }

    static QString write(const QTemporaryDir &dir, const QString &name, int nodes, int replicas)
    {
        const QString path = dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(QStringLiteral(R"(apiVersion: rlab.dev/v1alpha1
kind: Scenario
metadata: {name: wide}
spec:
  seed: 3
  nodes: %1
  steps:
  - apply:
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: wide}
      spec:
        replicas: %2
        selector: {matchLabels: {app: wide}}
        template:
          metadata: {labels: {app: wide}}
          spec:
            containers:
            - {name: app, image: "nginx:1.25", resources: {requests: {cpu: "3"}}}
  - waitFor: {deployment: wide, condition: Available, timeout: 120s}
  - expect: {deployment: wide, availableReplicas: %2}
)")
                    .arg(nodes)
                    .arg(replicas)
                    .toUtf8());
        return path;
    }

private slots:
    void playsOnTheScenariosOwnNodes()
    {
        QTemporaryDir dir;
        QString err;
        QCOMPARE(screenshot(write(dir, QStringLiteral("six.yaml"), 6, 6), dir, &err), 0);
        QVERIFY2(err.trimmed().isEmpty() || !err.contains(QLatin1String("six.yaml")), qPrintable(err));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("shot.png"))));
    }

    void anExpectThatFailsSaysWhere()
    {
        QTemporaryDir dir;
        QString err;
        const QString path = write(dir, QStringLiteral("seven.yaml"), 6, 7);   // one pod too many: 6 of 7 are Available
        QCOMPARE(screenshot(path, dir, &err), 1);
        QVERIFY2(err.contains(path + QStringLiteral(":21:")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestOpenScenario)
#include "tst_openscenario.moc"
