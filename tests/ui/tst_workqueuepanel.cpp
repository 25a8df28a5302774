#include "core/sim/view/clusterview.h"
#include "core/controller/controller.h"
#include "core/kubectl/rollout.h"
#include "core/sim/simulation.h"
#include "ui/clustersession.h"
#include "ui/models/workqueuemodel.h"
#include "ui/theme.h"
#include "ui/widgets/workqueuelane.h"
#include "ui/widgets/workqueuelanelayout.h"
#include "ui/widgets/workqueuepanel.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// The workqueue panel on a real ClusterSession: keys added, deduplicated, taken, re-added and
// parked on the real controllers' queues (Simulation::controllers()) show up in the model after
// one frame; the layout arithmetic in tables; a screenshot to look at.
class TestWorkQueuePanel : public QObject
{
    Q_OBJECT

private:
    static controller::Controller *controllerNamed(ClusterSession &s, const QString &name)
    {
        for (controller::Controller *c : s.simulation().controllers())
            if (c->name() == name)
                return c;
        return nullptr;
    }
    static QModelIndex item(WorkQueueModel *m, int row, WorkQueueModel::Section s, int i)
    {
        return m->index(i, 0, m->sectionIndex(row, s));
    }
    static bool hasNote(WorkQueueModel *m, int row, WorkQueueModel::Note::Kind kind, const QString &key)
    {
        for (const WorkQueueModel::Note &n : m->notes(row))
            if (n.kind == kind && n.key == key)
                return true;
        return false;
    }
    static QString outputPath(const QString &name)
    {
        const QByteArray dir = qgetenv("RLAB_BINARY_DIR");
        return (dir.isEmpty() ? QCoreApplication::applicationDirPath() : QString::fromLocal8Bit(dir)) + QLatin1Char('/') + name;
    }
    static const QByteArray kNginx;

private slots:
    void initTestCase()
    {
        theme::applyTo(*qobject_cast<QApplication *>(QCoreApplication::instance()));
    }

    void testFitCount_data()
    {
        QTest::addColumn<QList<int>>("widths");
        QTest::addColumn<int>("available");
        QTest::addColumn<int>("fit");
        QTest::newRow("all fit") << QList<int>{100, 80, 120} << 400 << 3;
        QTest::newRow("exactly") << QList<int>{100, 80, 120} << 316 << 3;
        QTest::newRow("keeps room for +N") << QList<int>{100, 80, 120} << 250 << 2;
        QTest::newRow("one") << QList<int>{100, 80, 120} << 150 << 1;
        QTest::newRow("none") << QList<int>{100, 80, 120} << 60 << 0;
        QTest::newRow("empty") << QList<int>{} << 10 << 0;
    }
    void testFitCount()
    {
        QFETCH(QList<int>, widths);
        QFETCH(int, available);
        QFETCH(int, fit);
        QCOMPARE(WorkQueueLaneLayout::fitCount(widths, available, 8, 40), fit);
    }

    void testHeaderLines_data()
    {
        QTest::addColumn<int>("title");
        QTest::addColumn<int>("counters");
        QTest::addColumn<int>("available");
        QTest::addColumn<int>("lines");
        QTest::newRow("the comment's example: fits") << 120 << 300 << 500 << 1;
        QTest::newRow("the comment's example: second line") << 120 << 300 << 400 << 2;
        QTest::newRow("exactly") << 120 << 300 << 436 << 1;
        QTest::newRow("one px short") << 120 << 300 << 435 << 2;
    }
    void testHeaderLines()
    {
        QFETCH(int, title);
        QFETCH(int, counters);
        QFETCH(int, available);
        QFETCH(int, lines);
        QCOMPARE(WorkQueueLaneLayout::headerLines(title, counters, available), lines);
    }

    void testWrap_data()
    {
        QTest::addColumn<QList<int>>("widths");
        QTest::addColumn<int>("available");
        QTest::addColumn<QList<int>>("lines");
        QTest::newRow("the comment's: one a line") << QList<int>{70, 120, 80} << 200 << QList<int>{1, 1, 1};
        QTest::newRow("the comment's: two then one") << QList<int>{60, 100, 80} << 200 << QList<int>{2, 1};
        QTest::newRow("all on one") << QList<int>{60, 100, 80} << 280 << QList<int>{3};
        QTest::newRow("wider than the line: alone") << QList<int>{300, 50} << 200 << QList<int>{1, 1};
    }
    void testWrap()
    {
        QFETCH(QList<int>, widths);
        QFETCH(int, available);
        QFETCH(QList<int>, lines);
        QCOMPARE(WorkQueueLaneLayout::wrap(widths, 20, available), lines);
    }

    void testWrapWords_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("available");
        QTest::addColumn<QStringList>("lines");
        const QString note = QStringLiteral("add(default/nginx): already queued");
        QTest::newRow("the comment's: long word at its separators")
            << note << 100 << QStringList{QStringLiteral("add("), QStringLiteral("default/"), QStringLiteral("nginx):"),
                                         QStringLiteral("already"), QStringLiteral("queued")};
        QTest::newRow("the comment's: at spaces") << note << 200 << QStringList{QStringLiteral("add(default/nginx):"), QStringLiteral("already queued")};
        QTest::newRow("fits") << note << 400 << QStringList{note};
        QTest::newRow("no separator: between characters")
            << QStringLiteral("abcdefghijkl") << 50 << QStringList{QStringLiteral("abcde"), QStringLiteral("fghij"), QStringLiteral("kl")};
        QTest::newRow("empty") << QString() << 50 << QStringList{};
    }
    // Greedy at spaces; a word wider than the line breaks after '/', '-', '(' or ',' (10 px a
    // character here), never cut.
    void testWrapWords()
    {
        QFETCH(QString, text);
        QFETCH(int, available);
        QFETCH(QStringList, lines);
        const QStringList got = WorkQueueLaneLayout::wrapWords(text, available, [](const QString &s) { return int(s.size()) * 10; });
        QCOMPARE(got, lines);
        for (const QString &line : got)
            QVERIFY(line.size() * 10 <= available);
    }

    // A narrow lane (presenter mode's column at 1280 px) puts its counters on a second header
    // line and grows by that line instead of cutting "depth 0 · processing 0 · waiting 1".
    void testNarrowLaneTakesASecondHeaderLine()
    {
        ClusterSession session;
        WorkQueuePanel panel(session);
        session.frame();
        WorkQueueLane *lane = panel.lanes().at(0);
        QCOMPARE(lane->headerLines(800), 1);
        QVERIFY(lane->headerLines(260) >= 2);
        for (const QString &line : lane->counterLines(260))   // each wrapped line fits the lane
            QVERIFY2(lane->fontMetrics().horizontalAdvance(line) <= 260 - 20, qPrintable(line));
        QVERIFY(lane->heightForWidth(260) > lane->heightForWidth(800));
        panel.resize(280, 900);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTRY_VERIFY2(lane->height() >= lane->heightForWidth(lane->width()), qPrintable(QStringLiteral("%1x%2 < %3, lines %4").arg(lane->width()).arg(lane->height()).arg(lane->heightForWidth(lane->width())).arg(lane->headerLines(lane->width()))));
    }

    void testCountdown_data()
    {
        QTest::addColumn<qint64>("ms");
        QTest::addColumn<QString>("text");
        QTest::newRow("due") << qint64(0) << "now";
        QTest::newRow("overdue") << qint64(-20) << "now";
        QTest::newRow("rounds up") << qint64(50) << "0.1 s";
        QTest::newRow("tenths") << qint64(4201) << "4.3 s";
        QTest::newRow("ten seconds") << qint64(9999) << "10 s";
        QTest::newRow("seconds") << qint64(61000) << "61 s";
        QTest::newRow("minutes") << qint64(125000) << "2m05s";
    }
    void testCountdown()
    {
        QFETCH(qint64, ms);
        QFETCH(QString, text);
        QCOMPARE(WorkQueueLaneLayout::countdown(ms), text);
    }

    void testDurationAndFade_data()
    {
        QTest::addColumn<qint64>("ms");
        QTest::addColumn<QString>("duration");
        QTest::addColumn<double>("fade");   // life 1000
        QTest::newRow("0") << qint64(0) << "0 ms" << 1.0;
        QTest::newRow("hold") << qint64(340) << "340 ms" << 1.0;
        QTest::newRow("half") << qint64(750) << "750 ms" << 0.5;
        QTest::newRow("gone") << qint64(1234) << "1.2 s" << 0.0;
        QTest::newRow("long") << qint64(75000) << "75 s" << 0.0;
    }
    void testDurationAndFade()
    {
        QFETCH(qint64, ms);
        QFETCH(QString, duration);
        QFETCH(double, fade);
        QCOMPARE(WorkQueueLaneLayout::duration(ms), duration);
        QCOMPARE(WorkQueueLaneLayout::fade(ms, 1000), fade);
    }

    void testControllersAndLanes()
    {
        ClusterSession session;
        WorkQueuePanel panel(session);
        QAbstractItemModelTester tester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        WorkQueueModel *m = panel.model();
        QCOMPARE(m->controllerCount(), int(session.view().queues().size()));
        const int dep = m->controllerRow(QStringLiteral("deployment"));
        QVERIFY(dep >= 0);
        // Deterministic mode draws the configured --concurrent-deployment-syncs lanes.
        QCOMPARE(m->rowCount(m->sectionIndex(dep, WorkQueueModel::WorkersSection)), 5);
        QCOMPARE(m->rowCount(m->controllerIndex(dep)), int(WorkQueueModel::SectionCount));
        QCOMPARE(panel.lanes().size(), 2);
        QCOMPARE(panel.lanes().at(0)->controller(), QStringLiteral("deployment"));
        QCOMPARE(panel.lanes().at(1)->controller(), QStringLiteral("replicaset"));
        panel.showControllers({QStringLiteral("scheduler")});
        QCOMPARE(panel.lanes().size(), 1);
        QCOMPARE(panel.lanes().at(0)->controller(), QStringLiteral("scheduler"));
        panel.chooser()->setCurrentIndex(panel.chooser()->count() - 1);
        QCOMPARE(panel.lanes().size(), m->controllerCount());
        session.reset();
        QTRY_COMPARE(m->controllerCount(), int(session.view().queues().size()));   // on the next turn (tst_restoreframe)
    }

    void testQueuedDedupProcessingReAdd()
    {
        ClusterSession session;   // frame timer not started: frame() does not move time
        WorkQueuePanel panel(session);
        WorkQueueModel *m = panel.model();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        controller::Controller *c = controllerNamed(session, QStringLiteral("deployment"));
        QVERIFY(c);
        const int row = m->controllerRow(QStringLiteral("deployment"));
        const QString key = QStringLiteral("default/demo");

        c->queue().add(key);
        session.frame();
        QCOMPARE(m->rowCount(m->sectionIndex(row, WorkQueueModel::QueuedSection)), 1);
        QModelIndex q = item(m, row, WorkQueueModel::QueuedSection, 0);
        QCOMPARE(q.data(WorkQueueModel::KeyRole).toString(), key);
        QCOMPARE(q.data(WorkQueueModel::DedupsRole).toInt(), 0);
        QCOMPARE(QueuedVia(q.data(WorkQueueModel::ViaRole).toInt()), QueuedVia::Add);
        QVERIFY(!hasNote(m, row, WorkQueueModel::Note::Dedup, key));

        c->queue().add(key);   // collapses into the queued entry
        session.frame();
        QCOMPARE(m->rowCount(m->sectionIndex(row, WorkQueueModel::QueuedSection)), 1);
        q = item(m, row, WorkQueueModel::QueuedSection, 0);
        QCOMPARE(q.data(WorkQueueModel::DedupsRole).toInt(), 1);
        QCOMPARE(m->index(0, WorkQueueModel::InfoColumn, q.parent()).data().toString(), QStringLiteral("×2 · add"));
        QVERIFY(hasNote(m, row, WorkQueueModel::Note::Dedup, key));
        QCOMPARE(m->queue(row).snapshot.metrics.dedups, quint64(1));

        QCOMPARE(c->queue().tryGet(2), std::optional<QString>(key));
        session.frame();
        QCOMPARE(m->rowCount(m->sectionIndex(row, WorkQueueModel::QueuedSection)), 0);
        QModelIndex lane = item(m, row, WorkQueueModel::WorkersSection, 2);
        QCOMPARE(lane.data(WorkQueueModel::WorkerRole).toInt(), 2);
        QCOMPARE(lane.data(WorkQueueModel::KeyRole).toString(), key);
        QCOMPARE(lane.data(WorkQueueModel::ReAddedRole).toBool(), false);
        QVERIFY(item(m, row, WorkQueueModel::WorkersSection, 0).data(WorkQueueModel::KeyRole).toString().isEmpty());

        c->queue().add(key);   // while worker 2 holds it: dirty, not queued
        session.frame();
        lane = item(m, row, WorkQueueModel::WorkersSection, 2);
        QCOMPARE(lane.data(WorkQueueModel::ReAddedRole).toBool(), true);
        QVERIFY(m->index(2, WorkQueueModel::InfoColumn, lane.parent()).data().toString().contains(QStringLiteral("dirty")));
        QCOMPARE(m->rowCount(m->sectionIndex(row, WorkQueueModel::QueuedSection)), 0);
        QVERIFY(hasNote(m, row, WorkQueueModel::Note::ReAdded, key));

        c->queue().done(key);  // requeues it
        session.frame();
        QCOMPARE(m->rowCount(m->sectionIndex(row, WorkQueueModel::QueuedSection)), 1);
        q = item(m, row, WorkQueueModel::QueuedSection, 0);
        QCOMPARE(QueuedVia(q.data(WorkQueueModel::ViaRole).toInt()), QueuedVia::Done);
        QVERIFY(hasNote(m, row, WorkQueueModel::Note::Requeued, key));
        lane = item(m, row, WorkQueueModel::WorkersSection, 2);
        QVERIFY(lane.data(WorkQueueModel::KeyRole).toString().isEmpty());
        QCOMPARE(lane.data(WorkQueueModel::LastKeyRole).toString(), key);   // just finished it

        // The runner's own processNextWorkItem empties it again.
        session.advance(0);
        session.frame();
        QCOMPARE(m->rowCount(m->sectionIndex(row, WorkQueueModel::QueuedSection)), 0);
    }

    void testWaitingCountdown()
    {
        ClusterSession session;
        WorkQueuePanel panel(session);
        WorkQueueModel *m = panel.model();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        controller::Controller *c = controllerNamed(session, QStringLiteral("replicaset"));
        QVERIFY(c);
        const int row = m->controllerRow(QStringLiteral("replicaset"));
        c->queue().addAfter(QStringLiteral("default/later"), 5000);
        c->queue().addRateLimited(QStringLiteral("default/failing"));
        session.frame();
        const QModelIndex waiting = m->sectionIndex(row, WorkQueueModel::WaitingSection);
        QCOMPARE(m->rowCount(waiting), 2);
        // Sorted by ready time: the rate-limited retry (5 ms) first.
        QCOMPARE(m->index(0, 0, waiting).data(WorkQueueModel::KeyRole).toString(), QStringLiteral("default/failing"));
        QCOMPARE(m->index(0, 0, waiting).data(WorkQueueModel::RequeuesRole).toInt(), 1);
        QCOMPARE(m->index(1, 0, waiting).data(WorkQueueModel::KeyRole).toString(), QStringLiteral("default/later"));
        QCOMPARE(m->index(1, 0, waiting).data(WorkQueueModel::TimeMsRole).toLongLong(), qint64(5000));
        session.advance(2000);
        session.frame();
        QCOMPARE(m->rowCount(waiting), 1);
        QCOMPARE(m->index(0, 0, waiting).data(WorkQueueModel::TimeMsRole).toLongLong(), qint64(3000));
        QCOMPARE(m->index(0, WorkQueueModel::TimeColumn, waiting).data().toString(), QStringLiteral("ready in 3000 ms"));
        session.advance(3000);
        session.frame();
        QCOMPARE(m->rowCount(waiting), 0);
    }

    // A poll copies only the changed queues (WorkQueue::generation(), #17); the others are retimed.
    void testOnlyChangedQueuesAreCopied()
    {
        ClusterSession session;
        controller::Controller *c = controllerNamed(session, QStringLiteral("replicaset"));
        QVERIFY(c);
        const std::vector<controller::Controller *> all = session.simulation().controllers();
        const std::size_t i = std::size_t(std::find(all.cbegin(), all.cend(), c) - all.cbegin());
        WorkQueue &queue = c->queue();
        quint64 g = queue.generation();
        queue.add(QStringLiteral("default/a"));
        QVERIFY(queue.generation() > g && (g = queue.generation()));
        QCOMPARE(queue.tryGet(1), std::optional<QString>(QStringLiteral("default/a")));
        QVERIFY(queue.generation() > g && (g = queue.generation()));
        c->queue().addAfter(QStringLiteral("default/later"), 5000);
        QVERIFY(queue.generation() > g && (g = queue.generation()));
        std::vector<quint64> known, again;
        const std::vector<view::QueueView> first = session.view().queues({}, {}, &known);
        session.simulation().clock().advance(1000);   // only time passes: the same generations
        const std::vector<view::QueueView> second = session.view().queues(first, known, &again);
        const view::QueueView fresh = session.view().queues()[i];
        QCOMPARE(again, known);
        QVERIFY(second[i].snapshot.waiting.constData() == first[i].snapshot.waiting.constData());   // not copied
        QCOMPARE(second[i].snapshot.atMs, fresh.snapshot.atMs);
        QCOMPARE(second[i].snapshot.metrics.longestRunningProcessorMs, qint64(1000));
        QCOMPARE(second[i].snapshot.metrics.unfinishedWorkMs, fresh.snapshot.metrics.unfinishedWorkMs);
        queue.done(QStringLiteral("default/a"));
        QVERIFY(queue.generation() > g && (g = queue.generation()));
        session.simulation().clock().advance(4000);   // "later" comes due
        QVERIFY(queue.generation() > g);
        const std::vector<view::QueueView> third = session.view().queues(second, again, nullptr);
        QVERIFY(third[i].snapshot.waiting.isEmpty() && third[i].snapshot.queued.size() == 1);
    }

    void testFifoAndWaitingOrderChanges()
    {
        ClusterSession session;
        WorkQueuePanel panel(session);
        WorkQueueModel *m = panel.model();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        RateLimitingQueue &q = controllerNamed(session, QStringLiteral("scheduler"))->queue();
        const int row = m->controllerRow(QStringLiteral("scheduler"));
        auto keys = [&](WorkQueueModel::Section s) {
            QStringList out;
            const QModelIndex parent = m->sectionIndex(row, s);
            for (int i = 0; i < m->rowCount(parent); ++i)
                out << m->index(i, 0, parent).data(WorkQueueModel::KeyRole).toString();
            return out;
        };
        q.add(QStringLiteral("default/a"));
        q.add(QStringLiteral("default/b"));
        session.frame();
        QCOMPARE(keys(WorkQueueModel::QueuedSection), (QStringList{"default/a", "default/b"}));
        QCOMPARE(q.tryGet(0), std::optional<QString>(QStringLiteral("default/a")));   // the front leaves
        q.add(QStringLiteral("default/c"));                                          // a new back
        session.frame();
        QCOMPARE(keys(WorkQueueModel::QueuedSection), (QStringList{"default/b", "default/c"}));
        QCOMPARE(item(m, row, WorkQueueModel::WorkersSection, 0).data(WorkQueueModel::KeyRole).toString(), QStringLiteral("default/a"));

        q.addAfter(QStringLiteral("default/x"), 5000);
        q.addAfter(QStringLiteral("default/y"), 6000);
        session.frame();
        QCOMPARE(keys(WorkQueueModel::WaitingSection), (QStringList{"default/x", "default/y"}));
        q.addAfter(QStringLiteral("default/y"), 1000);   // keeps the earlier time: y moves first
        session.frame();
        QCOMPARE(keys(WorkQueueModel::WaitingSection), (QStringList{"default/y", "default/x"}));
        QCOMPARE(item(m, row, WorkQueueModel::WaitingSection, 0).data(WorkQueueModel::AddAfterCountRole).toInt(), 2);
    }

    void testLiveFrames()
    {
        // The frame timer running, as in the window: the deterministic runner empties the queues
        // inside each frame, so what stays visible is the counters and each lane's last key.
        ClusterSession session;
        WorkQueuePanel panel(session);
        WorkQueueModel *m = panel.model();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        session.setSpeed(20.0);
        session.start();
        QVERIFY(session.apply({ManifestSource{QStringLiteral("nginx.yaml"), kNginx, {}}}).ok());
        const int row = m->controllerRow(QStringLiteral("deployment"));
        QTRY_VERIFY_WITH_TIMEOUT(m->queue(row).snapshot.metrics.gets > 0, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(item(m, row, WorkQueueModel::WorkersSection, 0).data(WorkQueueModel::LastKeyRole).toString(),
                                  QStringLiteral("default/nginx"), 10000);
        session.stop();
    }

    void benchSetQueues()
    {
        // Nine controllers with 1,000 queued and 200 waiting keys each; every frame one key
        // leaves the front of each FIFO and one joins the back.
        WorkQueueModel model;
        auto views = [](int shift) {
            std::vector<WorkQueueView> out;
            for (int c = 0; c < 9; ++c) {
                WorkQueueView v{QStringLiteral("controller-%1").arg(c), 5, false, 0, {}};
                for (int i = shift; i < shift + 1000; ++i)
                    v.snapshot.queued.append(QueuedItem{QStringLiteral("default/key-%1").arg(i), 0, i % 3, QueuedVia::Add, 0});
                for (int i = 0; i < 200; ++i)
                    v.snapshot.waiting.append(WaitingItem{QStringLiteral("default/wait-%1").arg(i), 1000 + i, 0, 1, i % 4});
                out.push_back(std::move(v));
            }
            return out;
        };
        std::vector<std::vector<WorkQueueView>> frames;
        for (int f = 0; f < 8; ++f)
            frames.push_back(views(f));
        model.setQueues(frames[0], 0);
        int f = 0;
        QBENCHMARK {
            f = (f + 1) % 8;
            model.setQueues(frames[std::size_t(f)], f);
        }
        QCOMPARE(model.controllerCount(), 9);
    }

    void benchPaintLane()
    {
        ClusterSession session;
        WorkQueuePanel panel(session);
        RateLimitingQueue &q = controllerNamed(session, QStringLiteral("deployment"))->queue();
        for (int i = 0; i < 1000; ++i)
            q.add(QStringLiteral("default/key-%1").arg(i));
        session.frame();
        WorkQueueLane *lane = panel.lanes().at(0);
        lane->resize(800, lane->sizeHint().height());
        QImage image(lane->size(), QImage::Format_ARGB32_Premultiplied);
        QBENCHMARK {
            lane->render(&image);
        }
        const int row = panel.model()->controllerRow(QStringLiteral("deployment"));
        QCOMPARE(panel.model()->rowCount(panel.model()->sectionIndex(row, WorkQueueModel::QueuedSection)), int(WorkQueueModel::kMaxListed));
        QCOMPARE(panel.model()->queue(row).snapshot.metrics.depth, 1000);
    }

    void testScreenshot_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("dock at 1280x720") << QSize(560, 640);
        QTest::newRow("dock at 1920x1080") << QSize(820, 900);
    }
    void testScreenshot()
    {
        QFETCH(QSize, size);
        ClusterSession session;
        WorkQueuePanel panel(session);
        QVERIFY(session.apply({ManifestSource{QStringLiteral("nginx.yaml"), kNginx, {}}}).ok());
        session.advance(6000);
        // Stage what the deterministic runner never leaves standing at a frame boundary.
        controller::Controller *dep = controllerNamed(session, QStringLiteral("deployment"));
        controller::Controller *rs = controllerNamed(session, QStringLiteral("replicaset"));
        dep->queue().add(QStringLiteral("default/nginx"));
        QVERIFY(dep->queue().tryGet(0));
        dep->queue().add(QStringLiteral("default/nginx"));
        dep->queue().add(QStringLiteral("default/web"));
        dep->queue().add(QStringLiteral("default/web"));
        dep->queue().add(QStringLiteral("default/api"));
        dep->queue().addAfter(QStringLiteral("default/nginx"), 4200);
        rs->queue().add(QStringLiteral("default/nginx-5f7799dff"));
        QVERIFY(rs->queue().tryGet(1));
        rs->queue().add(QStringLiteral("default/nginx-6c8b9d4f7"));
        rs->queue().addRateLimited(QStringLiteral("default/web-7d9f8c6b5"));
        rs->queue().addRateLimited(QStringLiteral("default/web-7d9f8c6b5"));
        session.frame();
        panel.resize(size);
        panel.setAttribute(Qt::WA_DontShowOnScreen);
        panel.show();
        // Let the scroll area lay out again once its scroll bar appeared (the event loop would).
        QCoreApplication::sendPostedEvents();
        QCoreApplication::sendPostedEvents();
        const QString path = outputPath(QStringLiteral("workqueuepanel-%1x%2.png").arg(size.width()).arg(size.height()));
        QVERIFY(panel.grab().save(path));
        qInfo("screenshot: %s", qPrintable(path));
    }
};

const QByteArray TestWorkQueuePanel::kNginx = QByteArrayLiteral(
    "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\nspec:\n  replicas: 3\n"
    "  selector:\n    matchLabels: {app: nginx}\n  template:\n    metadata:\n      labels: {app: nginx}\n"
    "    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.25\n");

QTEST_MAIN(TestWorkQueuePanel)
#include "tst_workqueuepanel.moc"
