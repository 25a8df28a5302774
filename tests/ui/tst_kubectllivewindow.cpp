// SPDX-License-Identifier: Apache-2.0
// Live mode end to end (issue #15): the window connects to a lab served as `rlab serve` serves it
// (HTTPS, its own CA, a bearer token, all in the kubeconfig), over core/http's client as it would
// to minikube, and follows a rollout that the real kubectl drives with the same kubeconfig; the
// shadow controller's predictions match what the served lab's Deployment controller then did.
// Skipped when kubectl is not on PATH. Leaves tst_kubectllivewindow.png next to the binary.
#include "core/live/livesource.h"
#include "core/live/shadowcontroller.h"
#include "tests/e2e/httplab.h"
#include "tests/e2e/kubectlharness.h"
#include "ui/clustersession.h"
#include "ui/live/livebanner.h"
#include "ui/live/livemenu.h"
#include "ui/mainwindow.h"
#include "ui/models/objecttreemodel.h"
#include "ui/models/storemodels.h"

#include <QtTest>

using namespace rlab;
using namespace rlab::ui;
using live::Prediction;

class TestKubectlLiveWindow : public QObject
{
    Q_OBJECT

private:
    static QString outputPath(const QString &name)
    {
        const QByteArray dir = qgetenv("RLAB_BINARY_DIR");
        return (dir.isEmpty() ? QCoreApplication::applicationDirPath() : QString::fromLocal8Bit(dir)) + QLatin1Char('/') + name;
    }

private slots:
    void windowFollowsAKubectlRollout()
    {
        test::KubectlHarness h;   // only its kubectl runner: the lab is HttpLab's (TLS + token)
        if (!h.findKubectl())
            QSKIP("kubectl is not on PATH");
        test::HttpLab lab;
        QString error;
        QVERIFY2(lab.start(true, &error), qPrintable(error));
        QVERIFY(QDir(h.dir.path()).mkpath(QStringLiteral("home")));
        h.kubeconfig = lab.kubeconfig;
        h.env = QProcessEnvironment::systemEnvironment();
        h.env.insert(QStringLiteral("HOME"), h.dir.filePath(QStringLiteral("home")));
        h.env.remove(QStringLiteral("KUBECONFIG"));

        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        MainWindow w(o);
        w.resize(1600, 900);
        w.show();
        auto *menu = w.panel<LiveMenu>(QStringLiteral("live"));
        QVERIFY2(menu->connectCluster({h.kubeconfig}, QString(), QStringLiteral("default"), &error), qPrintable(error));
        QCOMPARE(menu->banner()->headline(), QStringLiteral("Live: context reconcile-lab, namespace default, read-only"));
        QVERIFY(menu->banner()->headline().endsWith(QLatin1String("namespace default, read-only")));
        w.session().start();   // frames: the mirror takes what the watches brought while kubectl runs

        const QString manifest = h.writeManifest(QStringLiteral("nginx.yaml"), QString::fromUtf8(test::kNginx).arg(QStringLiteral("nginx:1.25")));
        test::KubectlRun r = h.kubectl({QStringLiteral("apply"), QStringLiteral("-f"), manifest});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QString out;
        QVERIFY2(h.rolledOut(QStringLiteral("nginx"), &out), qPrintable(out));
        r = h.kubectl({QStringLiteral("set"), QStringLiteral("image"), QStringLiteral("deployment/nginx"), QStringLiteral("nginx=nginx:1.26")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.show()));
        QVERIFY2(h.rolledOut(QStringLiteral("nginx"), &out), qPrintable(out));

        ObjectTreeModel *objects = w.models().objects();
        QTRY_COMPARE_WITH_TIMEOUT(objects->objectCount(ObjectTreeModel::ReplicaSets), 2, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(objects->objectCount(ObjectTreeModel::Pods), 3, 10000);
        live::LiveSource *src = w.session().liveSource();
        QVERIFY(src && src->shadow());
        const live::PredictionBook &book = src->shadow()->book();
        const auto rs = [&](Prediction::State s) {
            int n = 0;
            for (const Prediction &p : book.all())
                n += p.state == s && p.write.resource == QLatin1String("replicasets") ? 1 : 0;
            return n;
        };
        QStringList lines;
        for (const Prediction &p : book.all())
            if (p.write.resource == QLatin1String("replicasets"))
                lines << QStringLiteral("[%1] %2 | %3").arg(Prediction::stateName(p.state), p.text, p.outcome);
        qInfo().noquote() << "shadow ReplicaSet predictions:\n" + lines.join(QLatin1Char('\n'));
        QVERIFY2(rs(Prediction::State::Matched) >= 4, qPrintable(lines.join(QLatin1Char('\n'))));   // create + ups and downs
        QCOMPARE(rs(Prediction::State::Mismatched), 0);
        QCOMPARE(rs(Prediction::State::Pending), 0);
        w.refreshNow();
        QVERIFY(w.grab().save(outputPath(QStringLiteral("tst_kubectllivewindow.png"))));
        w.session().stop();
        w.session().openLive(nullptr);   // the HTTP client's watches close before the server goes
        lab.stop();
    }
};

QTEST_MAIN(TestKubectlLiveWindow)
#include "tst_kubectllivewindow.moc"
