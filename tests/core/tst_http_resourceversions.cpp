// SPDX-License-Identifier: Apache-2.0
// http::ResourceVersions: resourceVersions as the server sends them (opaque strings) ↔ the local
// numbers client::Interface carries. Decimals are themselves; anything else is numbered from
// 2^52 up in order of first arrival; the numbers round-trip to the strings; the oldest are
// forgotten beyond the capacity.
#include "core/http/resourceversions.h"

#include <QTest>

#include <thread>
#include <vector>

using namespace rlab;
using http::ResourceVersions;

namespace {
constexpr qint64 S = ResourceVersions::SyntheticBase;
}

class TestHttpResourceVersions : public QObject
{
    Q_OBJECT

private slots:
    void mapsInArrivalOrderAndRoundTrips_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<QStringList>("arrivals");      // toLocal() in this order
        QTest::addColumn<QList<qint64>>("numbers");     // what each arrival got
        QTest::addColumn<QList<qint64>>("forgotten");   // toServer() of these is nullopt

        QTest::newRow("decimal passthrough") << 8 << QStringList{"0", "1", "42", "48211", "9007199254"}
                                             << QList<qint64>{0, 1, 42, 48211, 9007199254} << QList<qint64>{};
        QTest::newRow("empty is 0") << 8 << QStringList{""} << QList<qint64>{0} << QList<qint64>{};
        QTest::newRow("opaque in arrival order") << 8 << QStringList{"abc:17", "abc:18", "abc:9", "abc:17"}
                                                 << QList<qint64>{S, S + 1, S + 2, S} << QList<qint64>{};
        QTest::newRow("non-canonical decimals are opaque") << 8 << QStringList{"017", "+5", "1e3", " 7", "-1"}
                                                           << QList<qint64>{S, S + 1, S + 2, S + 3, S + 4} << QList<qint64>{};
        QTest::newRow("a decimal from 2^52 up is opaque") << 8 << QStringList{"4503599627370496", "42", "4503599627370496"}
                                                          << QList<qint64>{S, 42, S} << QList<qint64>{};
        QTest::newRow("decimals and opaque mixed") << 8 << QStringList{"5", "abc", "6", "def", "5"}
                                                   << QList<qint64>{5, S, 6, S + 1, 5} << QList<qint64>{};
        // Capacity 2: "c" evicts "a" (S); "a" again is new (S+3) and evicts "b" (S+1).
        QTest::newRow("eviction of the first arrived") << 2 << QStringList{"a", "b", "c", "a"}
                                                       << QList<qint64>{S, S + 1, S + 2, S + 3} << QList<qint64>{S, S + 1};
        QTest::newRow("decimals take no room") << 1 << QStringList{"x", "1", "2", "3"}
                                               << QList<qint64>{S, 1, 2, 3} << QList<qint64>{};
    }

    void mapsInArrivalOrderAndRoundTrips()
    {
        QFETCH(int, capacity);
        QFETCH(QStringList, arrivals);
        QFETCH(QList<qint64>, numbers);
        QFETCH(QList<qint64>, forgotten);
        ResourceVersions rvs(capacity);
        QList<qint64> got;
        for (const QString &rv : arrivals)
            got << rvs.toLocal(rv);
        QCOMPARE(got, numbers);
        QVERIFY(rvs.size() <= capacity);
        for (qint64 n : forgotten)
            QCOMPARE(rvs.toServer(QString::number(n)), std::nullopt);
        // Every number still remembered goes back as its string (what a Reflector resumes from).
        for (qsizetype i = 0; i < arrivals.size(); ++i) {
            if (arrivals.at(i).isEmpty() || forgotten.contains(numbers.at(i)) || numbers.lastIndexOf(numbers.at(i)) != i)
                continue;
            const QString expected = numbers.at(i) < S ? QString::number(numbers.at(i)) : arrivals.at(i);
            QCOMPARE(rvs.toServer(QString::number(numbers.at(i))), std::optional<QString>(expected));
        }
    }

    void toServerPassesAnythingElseVerbatim_data()
    {
        QTest::addColumn<QString>("local");
        QTest::newRow("most recent") << QString();
        QTest::newRow("any") << QStringLiteral("0");
        QTest::newRow("decimal") << QStringLiteral("48211");
        QTest::newRow("an opaque string a caller passes itself") << QStringLiteral("abc:17");
        QTest::newRow("a non-canonical number") << QStringLiteral("04503599627370496");
    }

    void toServerPassesAnythingElseVerbatim()
    {
        QFETCH(QString, local);
        ResourceVersions rvs;
        QCOMPARE(rvs.toServer(local), std::optional<QString>(local));
    }

    void aSyntheticNumberNeverHandedOutIsUnknown()
    {
        ResourceVersions rvs;
        QCOMPARE(rvs.toServer(QString::number(S)), std::nullopt);
        QCOMPARE(rvs.toLocal(QStringLiteral("x")), S);
        QCOMPARE(rvs.toServer(QString::number(S + 1)), std::nullopt);
    }

    // RestClient numbers list answers on callers' threads and watch events on its network
    // thread: every string gets one number, distinct strings distinct numbers.
    void concurrentArrivalsGetOneNumberEach()
    {
        ResourceVersions rvs(100000);
        constexpr int threads = 4, perThread = 2000;
        std::vector<std::vector<qint64>> got(threads);
        std::vector<std::thread> workers;
        for (int t = 0; t < threads; ++t)
            workers.emplace_back([&rvs, &got, t] {
                for (int i = 0; i < perThread; ++i)
                    got[std::size_t(t)].push_back(rvs.toLocal(QStringLiteral("rv-%1").arg(i)));
            });
        for (std::thread &w : workers)
            w.join();
        QCOMPARE(rvs.size(), perThread);
        for (int i = 0; i < perThread; ++i) {
            for (int t = 1; t < threads; ++t)
                QCOMPARE(got[std::size_t(t)][std::size_t(i)], got[0][std::size_t(i)]);
            QCOMPARE(rvs.toServer(QString::number(got[0][std::size_t(i)])), std::optional<QString>(QStringLiteral("rv-%1").arg(i)));
        }
    }
};

QTEST_GUILESS_MAIN(TestHttpResourceVersions)
#include "tst_http_resourceversions.moc"
