// DeterministicRunner's turns: one item per step, informers pumped before each; a controller
// registered with its queue length keeps its turn for what was queued when the turn began, so
// keys another controller re-adds meanwhile pile up as ONE queued key (workqueue dedup).
#include "core/sim/deterministicrunner.h"
#include "core/base/manualclock.h"

#include <QTest>

#include <algorithm>
#include <deque>
#include <optional>

using namespace rlab;

namespace {
// A toy controller: a FIFO of keys that, like WorkQueue, holds each key at most once.
struct ToyQueue
{
    std::deque<QString> keys;
    void add(const QString &k)
    {
        if (std::find(keys.begin(), keys.end(), k) == keys.end())
            keys.push_back(k);
    }
    std::optional<QString> pop()
    {
        if (keys.empty())
            return std::nullopt;
        QString k = keys.front();
        keys.pop_front();
        return k;
    }
};
} // namespace

class TestDeterministicRunner : public QObject
{
    Q_OBJECT

private slots:
    void withoutQueueLengthATurnIsOneItem()
    {
        ManualClock clock;
        DeterministicRunner r(clock);
        ToyQueue a, b;
        a.keys = {QStringLiteral("a1"), QStringLiteral("a2")};
        b.keys = {QStringLiteral("b1"), QStringLiteral("b2")};
        QStringList ran;
        auto item = [&ran](ToyQueue &q) {
            return [&ran, &q] {
                const std::optional<QString> k = q.pop();
                if (k)
                    ran << *k;
                return k.has_value();
            };
        };
        r.addController(QStringLiteral("a"), item(a));
        r.addController(QStringLiteral("b"), item(b));
        QCOMPARE(r.runUntilIdle(0), 4);
        QCOMPARE(ran, (QStringList{"a1", "b1", "a2", "b2"}));
    }

    // Worked example: the "scheduler" has 3 pods queued; binding each makes the "replicaset"
    // handler add the RS key. Round robin per item would sync the RS 3 times; with turns the
    // scheduler binds 3 back to back (pumps in between), the RS key stays one queued key and
    // the RS syncs once. A pod the scheduler re-adds during its turn waits for its next turn.
    void aTurnDrainsWhatWasQueuedAndKeysDedup()
    {
        ManualClock clock;
        DeterministicRunner r(clock);
        ToyQueue sched, rs;
        sched.keys = {QStringLiteral("p1"), QStringLiteral("p2"), QStringLiteral("p3")};
        QStringList ran;
        std::vector<QString> bound;   // "watch events" the pump delivers
        int pumps = 0;
        bool requeued = false;
        r.addPump(QStringLiteral("informers"), [&]() -> qsizetype {
            ++pumps;
            const qsizetype n = qsizetype(bound.size());
            for (qsizetype i = 0; i < n; ++i)
                rs.add(QStringLiteral("default/web"));   // the pod's update → its owner's key
            bound.clear();
            return n;
        });
        r.addController(QStringLiteral("replicaset"), [&] {
            const std::optional<QString> k = rs.pop();
            if (k)
                ran << QStringLiteral("sync ") + *k;
            return k.has_value();
        }, [&] { return qsizetype(rs.keys.size()); });
        r.addController(QStringLiteral("scheduler"), [&] {
            const std::optional<QString> k = sched.pop();
            if (!k)
                return false;
            ran << QStringLiteral("bind ") + *k;
            bound.push_back(*k);
            if (*k == QLatin1String("p2") && !requeued) {
                requeued = true;
                sched.add(QStringLiteral("p4"));   // arrives during the turn
            }
            return true;
        }, [&] { return qsizetype(sched.keys.size()); });
        r.runUntilIdle(0);
        QCOMPARE(ran, (QStringList{"bind p1", "bind p2", "bind p3", "sync default/web", "bind p4", "sync default/web"}));
        QVERIFY(pumps >= 6);   // before every item: each bind is seen before the next runs
        QCOMPARE(r.lastController(), QStringLiteral("replicaset"));
    }

    void anEmptiedQueueEndsTheTurnEarly()
    {
        ManualClock clock;
        DeterministicRunner r(clock);
        ToyQueue a, b;
        a.keys = {QStringLiteral("a1"), QStringLiteral("a2"), QStringLiteral("a3")};
        b.keys = {QStringLiteral("b1")};
        QStringList ran;
        r.addController(QStringLiteral("a"), [&] {
            const std::optional<QString> k = a.pop();
            if (k)
                ran << *k;
            if (k == QStringLiteral("a1"))
                a.keys.clear();   // a2, a3 vanish (e.g. the pods were deleted)
            return k.has_value();
        }, [&] { return qsizetype(a.keys.size()); });
        r.addController(QStringLiteral("b"), [&] {
            const std::optional<QString> k = b.pop();
            if (k)
                ran << *k;
            return k.has_value();
        }, [&] { return qsizetype(b.keys.size()); });
        QVERIFY(r.step());
        QVERIFY(r.step());
        QCOMPARE(ran, (QStringList{"a1", "b1"}));
        QVERIFY(!r.step());
    }
};

QTEST_GUILESS_MAIN(TestDeterministicRunner)
#include "tst_deterministicrunner.moc"
