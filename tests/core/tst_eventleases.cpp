// SPDX-License-Identifier: Apache-2.0
// EventLeases: kube-apiserver --event-ttl as etcd leases. Leases granted in deadline order queue,
// the others go to a heap beside the queue; due(now) pops every lease whose deadline has come,
// earliest first (deadline, then revision), from both.
#include "core/apiserver/eventleases.h"

#include <QTest>

#include <algorithm>
#include <limits>
#include <tuple>

using namespace rlab::apiserver;

namespace {
// "deadline/revision" of each lease, in the order given.
QStringList texts(const std::vector<EventLeases::Lease> &leases)
{
    QStringList out;
    for (const EventLeases::Lease &l : leases)
        out << QStringLiteral("%1/%2").arg(l.deadline).arg(l.revision);
    return out;
}
} // namespace

class TestEventLeases : public QObject
{
    Q_OBJECT

private slots:
    void due_data()
    {
        QTest::addColumn<QList<qint64>>("deadlines");   // granted at revisions 1, 2, …
        QTest::addColumn<qint64>("now");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<QStringList>("later");          // due(infinity) afterwards
        QTest::newRow("in order, some due") << QList<qint64>{10, 20, 30} << qint64(20) << QStringList{"10/1", "20/2"}
                                           << QStringList{"30/3"};
        QTest::newRow("none due") << QList<qint64>{10, 20} << qint64(9) << QStringList{} << QStringList{"10/1", "20/2"};
        QTest::newRow("equal deadlines by revision") << QList<qint64>{10, 10, 10} << qint64(10)
                                                     << QStringList{"10/1", "10/2", "10/3"} << QStringList{};
        QTest::newRow("an older Event's lease comes first") << QList<qint64>{30, 10, 20, 40} << qint64(30)
                                                           << QStringList{"10/2", "20/3", "30/1"} << QStringList{"40/4"};
        QTest::newRow("interleaved") << QList<qint64>{10, 5, 20, 15, 25, 1} << qint64(16)
                                     << QStringList{"1/6", "5/2", "10/1", "15/4"} << QStringList{"20/3", "25/5"};
    }
    void due()
    {
        QFETCH(QList<qint64>, deadlines);
        QFETCH(qint64, now);
        QFETCH(QStringList, expected);
        QFETCH(QStringList, later);
        EventLeases leases;
        for (qsizetype i = 0; i < deadlines.size(); ++i)
            leases.grant(deadlines[i], i + 1, QByteArray("/registry/events/default/e") + QByteArray::number(i + 1));
        QCOMPARE(texts(leases.due(now)), expected);
        QCOMPARE(texts(leases.due(now)), QStringList{});   // popped once
        QCOMPARE(texts(leases.due(std::numeric_limits<qint64>::max())), later);
    }

    // Random grants (mostly in order, some earlier) and passes: each pass pops exactly the
    // leases a sorted model holds up to `now`, in (deadline, revision) order, keys included.
    void matchesASortedModel()
    {
        quint64 seed = 42;
        const auto next = [&seed](quint64 n) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            return qint64((seed >> 33) % n);
        };
        EventLeases leases;
        std::vector<std::tuple<qint64, qint64, QByteArray>> model;
        qint64 clock = 0, revision = 0;
        for (int op = 0; op < 20'000; ++op) {
            if (next(4) != 0) {
                clock += next(3);
                const qint64 deadline = next(10) == 0 ? clock - next(500) : clock + 1000;
                const QByteArray key = QByteArray::number(++revision);
                leases.grant(deadline, revision, key);
                model.emplace_back(deadline, revision, key);
            } else {
                const qint64 now = clock + next(1000);
                std::sort(model.begin(), model.end());
                const auto end = std::find_if(model.begin(), model.end(), [now](const auto &m) { return std::get<0>(m) > now; });
                const std::vector<EventLeases::Lease> got = leases.due(now);
                QCOMPARE(got.size(), std::size_t(end - model.begin()));
                for (std::size_t i = 0; i < got.size(); ++i) {
                    QCOMPARE(got[i].deadline, std::get<0>(model[i]));
                    QCOMPARE(got[i].revision, std::get<1>(model[i]));
                    QCOMPARE(got[i].key, std::get<2>(model[i]));
                }
                model.erase(model.begin(), end);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestEventLeases)
#include "tst_eventleases.moc"
