// Saved labs in the window (issue #17): File → Save lab… / Open lab… (MainWindow::saveLab,
// openLab), a damaged file refused without touching the cluster, the autosave, and the offer to
// restore the autosave of a run that did not end cleanly (LabAutosave).
#include "core/api/deployment.h"
#include "core/sim/simulation.h"
#include "core/sim/view/clusterview.h"
#include "ui/backgroundpriority.h"
#include "ui/clustersession.h"
#include "ui/mainwindow.h"
#include "ui/models/objecttreemodel.h"
#include "ui/models/storemodels.h"
#include "ui/record/labautosave.h"
#include "ui/scene/canvasscene.h"
#include "ui/scene/clustercanvas.h"

#include <QAction>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace rlab;
using namespace rlab::ui;

class TestLabSave : public QObject
{
    Q_OBJECT

    static MainWindow::Options options(const QString &autosaveDir = {}, std::function<bool(const QString &)> confirm = {})
    {
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        o.autosaveDir = autosaveDir;
        o.confirm = std::move(confirm);
        return o;
    }

    static const char *deployment()
    {
        return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n"
               "  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n"
               "    spec:\n      containers:\n      - name: app\n        image: nginx:1.25\n";
    }

    // A window whose lab has a Deployment of 3 that is still rolling out.
    static void prepare(MainWindow &w)
    {
        QVERIFY(w.applyText(QString::fromLatin1(deployment()), QStringLiteral("web.yaml")).ok());
        w.session().advance(2000);
    }

    static int replicaSets(MainWindow &w)
    {
        const std::optional<view::Snapshot> s = w.session().view().objects(0, QByteArrayLiteral("/registry/replicasets/"));
        return s ? int(s->kvs.size()) : -1;
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void saveThenOpenInAnotherWindow()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("class.rlab"));
        MainWindow a(options());
        prepare(a);
        QVERIFY(a.findChild<QAction *>(QStringLiteral("saveLabAction")));
        QVERIFY(a.findChild<QAction *>(QStringLiteral("openLabAction")));
        QString error;
        QVERIFY2(a.saveLab(path, &error), qPrintable(error));
        const qint64 rev = a.session().view().revision();
        const qint64 elapsed = a.session().elapsedMs();

        MainWindow b(options());
        QSignalSpy reset(&b.session(), &ClusterSession::clusterReset);
        QVERIFY2(b.openLab(path, &error), qPrintable(error));
        QCOMPARE(reset.count(), 1);
        // The same lab: its revision (and a few more: the controllers start again, as after a
        // control-plane restart, and may write at once), its time since the lab began.
        QVERIFY(b.session().view().revision() >= rev);
        QCOMPARE(b.session().view().objects(rev)->kvs.size(), a.session().view().objects(rev)->kvs.size());
        QCOMPARE(b.session().elapsedMs(), elapsed);
        QCOMPARE(replicaSets(b), 1);
        // It goes on: the rollout completes in the restored window.
        b.session().advance(60'000);
        const auto d = b.session().simulation().api().getAs<api::Deployment>(QStringLiteral("default"), QStringLiteral("web"));
        QCOMPARE(d->status.availableReplicas, 3);
        // Reset afterwards gives a fresh cluster, not the lab again.
        b.session().reset();
        QCOMPARE(replicaSets(b), 0);
    }

    // A lab above the canvas's slice threshold is handed over in frames' slices and off-thread
    // builds; refreshNow() (what a screenshot calls, with no frames running) runs frames until
    // every panel has it: `reconcile-lab --screenshot lab.rlab` grabbed an empty canvas.
    void refreshNowWaitsForABigLabsHandover()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.rlab"));
        MainWindow a(options());
        QString yaml = QString::fromLatin1(deployment());
        yaml.replace(QStringLiteral("replicas: 3"), QStringLiteral("replicas: 500"));
        QVERIFY(a.applyText(yaml, QStringLiteral("web.yaml")).ok());
        a.session().advance(120'000);
        QString error;
        QVERIFY2(a.saveLab(path, &error), qPrintable(error));
        QVERIFY(a.session().view().objects()->kvs.size() >= std::size_t(CanvasScene::kSliceKeys));

        MainWindow b(options());
        QVERIFY2(b.openLab(path, &error), qPrintable(error));
        const CanvasScene &scene = *b.panel<ClusterCanvas>(QStringLiteral("canvas"))->canvasScene();
        QVERIFY(scene.isResetting());   // sliced: nothing shown yet
        b.refreshNow();
        QVERIFY(!scene.isResetting());
        QVERIFY(!b.session().isIntakeGated());
        QCOMPARE(scene.podItems().size(), qsizetype(500));
        QCOMPARE(b.models().objects()->objectCount(ObjectTreeModel::Pods), 500);
    }

    void damagedFileChangesNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.rlab"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"kind":"ReconcileLab","apiVersion":"rlab/v1","config":{}})");
        f.close();
        MainWindow w(options());
        prepare(w);
        const qint64 rev = w.session().view().revision();
        const qint64 epoch = w.session().clusterEpoch();
        QString error;
        QVERIFY(!w.openLab(path, &error));
        QVERIFY2(error.startsWith(path + QStringLiteral(": config.cluster: missing")), qPrintable(error));
        QCOMPARE(w.session().clusterEpoch(), epoch);
        QCOMPARE(w.session().view().revision(), rev);
        QCOMPARE(replicaSets(w), 1);
    }

    void autosaveAndCrashRestore()
    {
        QTemporaryDir dir;
        qint64 savedRev = 0;
        {
            MainWindow w(options(dir.path()));
            QVERIFY(w.autosave());
            QVERIFY(!w.offerCrashRestore());   // nothing to restore; autosaving starts
            QVERIFY(QFile::exists(w.autosave()->markerPath()));
            prepare(w);
            QSignalSpy saved(w.autosave(), &LabAutosave::saved);
            QVERIFY(w.autosave()->saveIfChanged());   // written on a worker thread
            QVERIFY(!w.autosave()->saveIfChanged());  // one in flight: not twice
            QTRY_COMPARE(saved.count(), 1);
            QVERIFY(!w.autosave()->isSaving());
            // The write ran below the GUI thread (QThread::LowPriority changes nothing on Linux).
            QCOMPARE(w.autosave()->lastWorkerNice(), std::min(BackgroundPriority::currentNice() + BackgroundPriority::kNiceSteps, 19));
            QVERIFY(!w.autosave()->saveIfChanged());  // nothing changed: no second save
            w.session().advance(1000);
            QVERIFY(w.autosave()->saveIfChanged());   // the lab moved on: saved again
            QTRY_COMPARE(saved.count(), 2);
            savedRev = saved.first().at(1).toLongLong();
            // This window is still running: not a crash.
            QVERIFY(!LabAutosave::crashedAutosave(dir.path()));
            // A crash: the window never finishes (no closeEvent), and its process is gone. The
            // marker is rewritten with the id of a process that has exited.
            QProcess gone;
            gone.start(QStringLiteral("true"), {});
            QVERIFY(gone.waitForFinished());
            QFile marker(w.autosave()->markerPath());
            QVERIFY(marker.open(QIODevice::WriteOnly));
            marker.write(QByteArray::number(gone.processId() > 0 ? gone.processId() : 999'999'99) + '\n');
        }
        QCOMPARE(LabAutosave::crashedAutosave(dir.path()), std::optional<QString>(dir.filePath(QStringLiteral("autosave.rlab"))));
        QString asked;
        MainWindow next(options(dir.path(), [&](const QString &q) { asked = q; return true; }));
        QVERIFY(next.offerCrashRestore());
        QVERIFY2(asked.contains(QLatin1String("did not close normally")), qPrintable(asked));
        QVERIFY(next.session().view().revision() >= savedRev);
        QCOMPARE(replicaSets(next), 1);
        // A clean exit removes the marker: nothing is offered next time.
        next.close();
        QVERIFY(!QFile::exists(next.autosave()->markerPath()));
        QVERIFY(!LabAutosave::crashedAutosave(dir.path()));
        bool askedAgain = false;
        MainWindow third(options(dir.path(), [&](const QString &) { askedAgain = true; return true; }));
        QVERIFY(!third.offerCrashRestore());
        QVERIFY(!askedAgain);
        third.close();
    }

    // The window's command line (issue #17 item 8): a refused manifest or lab exits 1 and says
    // why on stderr, file:line first; a saved lab given as a file opens.
    void commandLineRefusalsSayWhy_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("stderrHas");
        QTest::newRow("invalid manifest") << QByteArray("bad.yaml")
                                          << QByteArray("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: Bad_Name\n")
                                          << 1 << QStringLiteral("bad.yaml:4:");
        QTest::newRow("damaged lab") << QByteArray("broken.rlab") << QByteArray("{\"kind\": \"ReconcileLab\"")
                                     << 1 << QStringLiteral("broken.rlab: not a saved Reconcile Lab (JSON error");
        QTest::newRow("a saved lab") << QByteArray("good.rlab") << QByteArray() << 0 << QString();
    }

    void commandLineRefusalsSayWhy()
    {
        QFETCH(QByteArray, name);
        QFETCH(QByteArray, content);
        QFETCH(int, exitCode);
        QFETCH(QString, stderrHas);
        QTemporaryDir dir;
        const QString path = dir.filePath(QString::fromLatin1(name));
        if (content.isEmpty()) {
            MainWindow w(options());
            prepare(w);
            QVERIFY(w.saveLab(path));
        } else {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        const QByteArray bin = qgetenv("RLAB_BINARY_DIR");
        QProcess p;
        p.setProcessEnvironment([] { auto e = QProcessEnvironment::systemEnvironment(); e.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen")); return e; }());
        p.start((bin.isEmpty() ? QCoreApplication::applicationDirPath() + QStringLiteral("/..") : QString::fromLocal8Bit(bin))
                    + QStringLiteral("/app/reconcile-lab"),
                {QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("shot.png")), path});
        QVERIFY(p.waitForFinished(120'000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), exitCode);
        if (!stderrHas.isEmpty())
            QVERIFY2(err.contains(path.left(path.size() - name.size()) + stderrHas), qPrintable(err));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("shot.png"))));
    }

    void declinedRestoreStartsFresh()
    {
        QTemporaryDir dir;
        {
            MainWindow w(options(dir.path()));
            w.offerCrashRestore();
            prepare(w);
            QVERIFY(w.autosave()->saveIfChanged());
            QFile marker(w.autosave()->markerPath());
            QVERIFY(marker.open(QIODevice::WriteOnly));
            marker.write("999999999\n");   // beyond pid_max: no such process
        }
        MainWindow next(options(dir.path(), [](const QString &) { return false; }));
        QVERIFY(!next.offerCrashRestore());
        QCOMPARE(replicaSets(next), 0);
        next.close();
    }
};

QTEST_MAIN(TestLabSave)
#include "tst_labsave.moc"
