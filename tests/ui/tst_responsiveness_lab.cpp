// The window stays responsive when a big saved lab is opened (issue #17): File → Open lab reads
// and builds the lab's Simulation on a worker thread (LabOpen) and hands it over; the longest
// GUI-thread block is reported before/after (RLAB_HOSTILE=full for the 20,000-pod lab), and what
// is asserted is structural: built on a worker, both phases reported, Cancel changes nothing.
#include "core/sim/labfile.h"
#include "core/sim/simulation.h"
#include "core/sim/view/clusterview.h"
#include "ui/apply/manifestapplier.h"
#include "ui/clustersession.h"
#include "ui/mainwindow.h"
#include "ui/record/labopen.h"
#include "tests/ui/hostileinputs.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <memory>
#include <optional>

using namespace rlab;
using namespace rlab::ui;
using namespace rlab::ui::hostile;

class TestResponsivenessLab : public QObject
{
    Q_OBJECT
    QTemporaryDir m_labDir;   // bigLabOpen's saved lab

private slots:
    // (d) a big saved lab: File → Open lab.
    void bigLabOpen_data()
    {
        QTest::addColumn<bool>("worker");
        QTest::addColumn<bool>("buildOnWorker");
        QTest::newRow("before: load + restore on the GUI thread") << false << false;
        QTest::newRow("session 5: load on a worker, build here") << true << false;
        QTest::newRow("after: openLab (load + build on a worker)") << true << true;
    }
    void bigLabOpen()
    {
        QFETCH(bool, worker);
        QFETCH(bool, buildOnWorker);
        const int deployments = full() ? 200 : 20;
        const int replicas = full() ? 100 : 20;
        // Made once for every row (20,000 pods take minutes to create in a Debug build);
        // RLAB_HOSTILE_LAB=FILE keeps it between runs (made there when missing).
        const QString path = qEnvironmentVariable("RLAB_HOSTILE_LAB", m_labDir.filePath(QStringLiteral("big.rlab")));
        if (!QFileInfo::exists(path)) {
            Simulation sim;
            for (int i = 0; i < deployments; ++i) {
                ManifestApplier::apply(sim.client(), {ManifestSource{QStringLiteral("d"), deployment(QStringLiteral("lab-%1").arg(i), replicas), {}}});
            }
            sim.runUntilIdle();
            QString error;
            QVERIFY2(LabFile::save(sim, path, &error), qPrintable(error));
        }
        MainWindow window(windowOptions());
        window.show();
        Watchdog dog;
        QElapsedTimer wall;
        wall.start();
        dog.start();
        if (worker && buildOnWorker) {
            QString error;
            QVERIFY2(window.openLab(path, &error), qPrintable(error));
        } else if (worker) {
            // What openLab did before LabOpen: LabFile::load on a worker, restore() here.
            std::optional<SimulationConfig> config;
            QString error;
            QEventLoop wait;
            std::unique_ptr<QThread> loader(QThread::create([&] { config = LabFile::load(path, &error); }));
            connect(loader.get(), &QThread::finished, &wait, &QEventLoop::quit);
            loader->start();
            wait.exec();
            loader->wait();
            QVERIFY2(config, qPrintable(error));
            window.session().restore(*config);
        } else {
            QString error;
            const std::optional<SimulationConfig> config = LabFile::load(path, &error);
            QVERIFY2(config, qPrintable(error));
            window.session().restore(*config);
        }
        const qint64 block = dog.stop();
        report("(d) saved lab", QTest::currentDataTag(), block,
               QStringLiteral("(%1 bytes, %2 pods, revision %3, %4 ms wall)")
                   .arg(QFileInfo(path).size())
                   .arg(deployments * replicas)
                   .arg(window.session().view().revision())
                   .arg(wall.elapsed()));
    }

    // LabOpen builds the lab's Simulation on a worker thread and hands over the lab as saved;
    // cancelled, it hands over nothing and the window's lab stays as it was.
    void labOpenBuildsOnAWorkerThread()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lab.rlab"));
        qint64 savedRevision = 0;
        {
            Simulation sim;
            ManifestApplier::apply(sim.client(), {ManifestSource{QStringLiteral("d"), deployment(QStringLiteral("web"), 5), {}}});
            sim.runUntilIdle();
            savedRevision = sim.api().currentRevision();
            QString error;
            QVERIFY2(LabFile::save(sim, path, &error), qPrintable(error));
        }
        {
            LabOpen open(path);
            QSignalSpy finished(&open, &LabOpen::finished);
            QSignalSpy phases(&open, &LabOpen::phaseChanged);
            open.start();
            QVERIFY(open.isRunning());
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60'000);
            QCOMPARE(finished.at(0).at(0).toBool(), true);
            QVERIFY(open.builtOnWorkerThread());
            QCOMPARE(phases.count(), 2);   // Reading, Building
            std::unique_ptr<Simulation> sim = open.takeSimulation();
            QVERIFY(sim);
            QVERIFY(sim->api().currentRevision() >= savedRevision);
            QCOMPARE(view::ClusterView(*sim).objects()->revision, sim->api().currentRevision());
        }
        MainWindow window(windowOptions());
        const qint64 before = revision(window.session());
        {
            LabOpen open(path);
            QSignalSpy finished(&open, &LabOpen::finished);
            open.start();
            open.cancel();
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60'000);
            QCOMPARE(finished.at(0).at(0).toBool(), false);
            QCOMPARE(open.error(), QStringLiteral("cancelled"));
            QVERIFY(!open.takeSimulation());
        }
        QCOMPARE(revision(window.session()), before);
        QString error;
        QVERIFY2(window.openLab(path, &error), qPrintable(error));
        QVERIFY(revision(window.session()) >= savedRevision);
    }
};

QTEST_MAIN(TestResponsivenessLab)
#include "tst_responsiveness_lab.moc"
