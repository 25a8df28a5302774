// SPDX-License-Identifier: Apache-2.0
// `rlab watch` (issue #15), in process against a lab served as `rlab serve` serves it (HTTPS, a
// bearer token in the kubeconfig): the recording holds the header and every watch event of a
// rollout that happens while it runs, the shadow controller's verdicts are printed, and neither
// the token nor the CA's key material reaches the file. Bad usage is exit 2.
#include "core/live/recording.h"
#include "core/live/watchcommand.h"
#include "tests/e2e/httplab.h"
#include "tests/testutil/fixtures.h"

#include <QFile>
#include <QTest>
#include <QTimer>

using namespace rlab;

class TestLiveWatchCommand : public QObject
{
    Q_OBJECT

private slots:
    void recordsARolloutOverHttps()
    {
        test::HttpLab lab;
        QString error;
        QVERIFY2(lab.start(true, &error), qPrintable(error));
        const QString path = lab.dir.filePath(QStringLiteral("rollout.jsonl"));
        // The rollout starts once the recorder is watching.
        QTimer::singleShot(300, [&] { QVERIFY(lab.inProcess().create(test::makeDeployment(QStringLiteral("web"), 3)).ok()); });
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        const int code = live::watchCommand({QStringLiteral("--kubeconfig"), lab.kubeconfig, QStringLiteral("--record"), path,
                                             QStringLiteral("--exit-after"), QStringLiteral("2.5")},
                                            out, err);
        out.flush();
        err.flush();
        lab.stop();
        QVERIFY2(code == 0, qPrintable(errText));
        QVERIFY2(outText.startsWith(QStringLiteral("Watching https://127.0.0.1:")), qPrintable(outText));
        QVERIFY2(outText.contains(QLatin1String("namespace default")), qPrintable(outText));
        QVERIFY2(outText.contains(QLatin1String("ADDED deployments default/web")), qPrintable(outText));
        QVERIFY2(outText.contains(QLatin1String("shadow syncDeployment default/web will: create ReplicaSet web-")), qPrintable(outText));
        QVERIFY2(outText.contains(QLatin1String("shadow matched: create ReplicaSet web-")), qPrintable(outText));
        QVERIFY2(!outText.contains(QLatin1String("shadow mismatched")), qPrintable(outText));

        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(!lab.token.isEmpty());
        QVERIFY(!bytes.contains(lab.token));
        QVERIFY(!bytes.contains("BEGIN"));   // no PEM of any kind
        live::Recording rec;
        QVERIFY2(live::Recording::read(path, &rec, &error), qPrintable(error));
        QVERIFY(rec.header.server.startsWith(QLatin1String("https://127.0.0.1:")));
        QCOMPARE(rec.header.context, QStringLiteral("reconcile-lab"));   // the context rlab serve writes
        QCOMPARE(rec.header.namespace_, QStringLiteral("default"));
        QVERIFY(rec.header.serverVersion.startsWith(QLatin1Char('v')));
        int pods = 0, replicaSets = 0;
        for (const live::LiveEvent &e : rec.events) {
            pods += e.resource == QLatin1String("pods") && e.type == live::LiveEvent::Type::Added ? 1 : 0;
            replicaSets += e.resource == QLatin1String("replicasets") ? 1 : 0;
        }
        QCOMPARE(pods, 3);
        QVERIFY(replicaSets >= 3);   // created, then its status as pods come up
        QVERIFY2(outText.contains(QStringLiteral("Recorded %1 watch events").arg(rec.events.size())), qPrintable(outText));
    }

    void badUsage()
    {
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        QCOMPARE(live::watchCommand({QStringLiteral("--kubeconfig"), QStringLiteral("x")}, out, err), 2);
        err.flush();
        QVERIFY(errText.contains(QLatin1String("--record FILE is required")));
        QCOMPARE(live::watchCommand({QStringLiteral("--bogus")}, out, err), 2);
        test::HttpLab lab;
        QCOMPARE(live::watchCommand({QStringLiteral("--kubeconfig"), lab.dir.filePath(QStringLiteral("missing")), QStringLiteral("--record"),
                                     lab.dir.filePath(QStringLiteral("r.jsonl"))},
                                    out, err),
                 1);
    }
};

QTEST_GUILESS_MAIN(TestLiveWatchCommand)
#include "tst_live_watchcommand.moc"
