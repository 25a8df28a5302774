#include "core/controller/controller.h"
#include "core/sim/simulation.h"
#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/models/workqueuemodel.h"
#include "ui/widgets/workqueuelane.h"
#include "ui/widgets/workqueuepanel.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// A queue with more keys than the Workqueues panel lists (issue #17: a restored 20,000-pod lab
// parks ~20,000 unschedulable pods in the scheduler's backoff): each frame copies and lists only
// the first WorkQueueModel::kMaxListed queued and waiting keys, the soonest due first, and the
// section row says how many there are.
class TestWorkQueueBounds : public QObject
{
    Q_OBJECT

private:
    static RateLimitingQueue &schedulerQueue(ClusterSession &s)
    {
        for (controller::Controller *c : s.simulation().controllers())
            if (c->name() == QLatin1String("scheduler"))
                return c->queue();
        qFatal("no scheduler controller");
    }
    static QString key(int i) { return QStringLiteral("default/pod-%1").arg(i, 4, 10, QLatin1Char('0')); }

private slots:
    void manyKeysAreListedUpToTheBound()
    {
        constexpr int kWaiting = 1200, kQueued = 700;
        static_assert(kWaiting > WorkQueueModel::kMaxListed && kQueued > WorkQueueModel::kMaxListed);
        ClusterSession session;
        WorkQueuePanel panel(session);
        WorkQueueModel *m = panel.model();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        RateLimitingQueue &q = schedulerQueue(session);
        for (int i = 0; i < kWaiting; ++i)
            q.addAfter(key(i), 100'000 - 10 * i);   // the last key added is the soonest due
        for (int i = 0; i < kQueued; ++i)
            q.add(QStringLiteral("default/queued-%1").arg(i));
        session.frame();
        const int row = m->controllerRow(QStringLiteral("scheduler"));
        const QModelIndex waiting = m->sectionIndex(row, WorkQueueModel::WaitingSection);
        const QModelIndex queued = m->sectionIndex(row, WorkQueueModel::QueuedSection);
        QCOMPARE(m->rowCount(waiting), int(WorkQueueModel::kMaxListed));
        QCOMPARE(m->rowCount(queued), int(WorkQueueModel::kMaxListed));
        QCOMPARE(m->index(0, 0, waiting).data(WorkQueueModel::KeyRole).toString(), key(kWaiting - 1));
        QCOMPARE(m->index(int(WorkQueueModel::kMaxListed) - 1, 0, waiting).data(WorkQueueModel::KeyRole).toString(),
                 key(kWaiting - int(WorkQueueModel::kMaxListed)));
        QCOMPARE(m->index(0, 0, queued).data(WorkQueueModel::KeyRole).toString(), QStringLiteral("default/queued-0"));
        const QLocale locale;
        auto info = [&](const QModelIndex &section) {
            return m->index(section.row(), WorkQueueModel::InfoColumn, section.parent()).data().toString();
        };
        QCOMPARE(info(waiting), tr("first %1 of %2").arg(locale.toString(500), locale.toString(kWaiting)));
        QCOMPARE(info(queued), tr("first %1 of %2").arg(locale.toString(500), locale.toString(kQueued)));
        QCOMPARE(m->queue(row).snapshot.metrics.waiting, kWaiting);
        // The scheduler's lane: its chips end in "+N more" counted from all the keys (a PNG to look at).
        panel.showControllers({QStringLiteral("scheduler")});
        panel.resize(700, 600);
        QCOMPARE(panel.lanes().size(), 1);
        panel.lanes().first()->resize(680, panel.lanes().first()->sizeHint().height());
        const QString png = QCoreApplication::applicationDirPath() + QStringLiteral("/workqueuebounds-lane.png");
        QVERIFY(panel.lanes().first()->grab().save(png));
        qInfo("lane: %s", qPrintable(png));

        // The soonest 1,000 come due: the 200 left are all listed, with their plain count.
        session.advance(100'000 - 10 * (kWaiting - 1000) + 1);
        session.frame();
        QCOMPARE(m->rowCount(waiting), 200);
        QCOMPARE(info(waiting).toInt(), 200);
        QCOMPARE(m->index(0, 0, waiting).data(WorkQueueModel::KeyRole).toString(), key(199));
    }

    void snapshotCostFollowsTheBound()
    {
        // What the panel asks the view for each frame: kMaxListed keys, not the queue.
        ClusterSession session;
        RateLimitingQueue &q = schedulerQueue(session);
        for (int i = 0; i < 3000; ++i)
            q.addAfter(key(i), 1000 + i);
        const std::vector<view::QueueView> bounded = session.view().queues({}, {}, nullptr, WorkQueueModel::kMaxListed);
        const std::vector<view::QueueView> counts = session.view().queues({}, {}, nullptr, 0);
        for (std::size_t i = 0; i < bounded.size(); ++i) {
            QVERIFY(bounded[i].snapshot.waiting.size() <= WorkQueueModel::kMaxListed);
            QVERIFY(counts[i].snapshot.waiting.isEmpty() && counts[i].snapshot.queued.isEmpty());
            QCOMPARE(counts[i].snapshot.metrics.waiting, bounded[i].snapshot.metrics.waiting);
            if (bounded[i].controller == QLatin1String("scheduler"))
                QCOMPARE(counts[i].snapshot.metrics.waiting, 3000);
        }
    }
};

QTEST_MAIN(TestWorkQueueBounds)
#include "tst_workqueuebounds.moc"
