// SPDX-License-Identifier: Apache-2.0
// setAllocatorPurgeDelay (core/base/allocatorpages.h): with mimalloc linked (this test links it,
// as rlab and reconcile-lab do) it sets mimalloc's decommit delay, unless the environment chose
// one; without mimalloc (sanitizer builds) it does nothing and says so. largeAllocatorPagesPay
// reads a sysfs laid out in a temporary directory: 2 MiB pages pay except under a bound balloon
// that reports freed blocks to the host, at any order; preferLargeAllocatorPages sets mimalloc's
// option then.
#include "core/base/allocatorpages.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>

// mimalloc's, weak: null without mimalloc. Option 15 is mi_option_decommit_delay (2.0) /
// mi_option_purge_delay (2.1).
extern "C" long mi_option_get(int option) __attribute__((weak));

namespace {
constexpr int kDecommitDelay = 15;
constexpr int kLargeOsPages = 6;

void writeFile(const QString &path, const QByteArray &text)
{
    QDir().mkpath(path.section(u'/', 0, -2));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text + '\n');
}

// A sysfs with a page_reporting_order (none when empty) and virtio devices as "id features
// bound" triples: e.g. {"0x0005", "0110010100...", true} is a bound balloon offering reporting.
struct Device
{
    QByteArray id, features;
    bool bound = true;
};
void makeSys(const QString &root, const QByteArray &order, const QList<Device> &devices)
{
    if (!order.isEmpty())
        writeFile(root + QStringLiteral("/module/page_reporting/parameters/page_reporting_order"), order);
    for (qsizetype i = 0; i < devices.size(); ++i) {
        const QString dev = root + QStringLiteral("/bus/virtio/devices/virtio%1").arg(i);
        writeFile(dev + QStringLiteral("/device"), devices[i].id);
        writeFile(dev + QStringLiteral("/features"), devices[i].features);
        if (devices[i].bound)
            QVERIFY(QDir().mkpath(dev + QStringLiteral("/driver")));
    }
}
} // namespace

Q_DECLARE_METATYPE(Device)

class TestAllocatorPages : public QObject
{
    Q_OBJECT
private slots:
    void init()
    {
        qunsetenv("MIMALLOC_DECOMMIT_DELAY");
        qunsetenv("MIMALLOC_PURGE_DELAY");
        qunsetenv("MIMALLOC_LARGE_OS_PAGES");
    }

    void largePagesPayUnlessTheBalloonReports_data()
    {
        // Bit 5 of the features (0 first) is VIRTIO_BALLOON_F_REPORTING; a balloon is 0x0005.
        const QByteArray reporting("0110010100000000000000000000000010");
        const QByteArray notReporting("0110000100000000000000000000000010");
        const QByteArray disk("0010001001100100000000000000000100");
        QTest::addColumn<QByteArray>("order");
        QTest::addColumn<QList<Device>>("devices");
        QTest::addColumn<bool>("pay");
        QTest::newRow("bare metal: no reporting, no virtio") << QByteArray() << QList<Device>{} << true;
        QTest::newRow("reporting built in, no balloon") << QByteArray("5") << QList<Device>{{"0x0002", disk}} << true;
        QTest::newRow("balloon reports 128 KiB blocks (order 5)")
            << QByteArray("5") << QList<Device>{{"0x0002", disk}, {"0x0005", reporting}} << false;
        QTest::newRow("balloon reports 2 MiB blocks (order 9)") << QByteArray("9") << QList<Device>{{"0x0005", reporting}} << false;
        QTest::newRow("balloon reports 4 MiB blocks (order 10)") << QByteArray("10") << QList<Device>{{"0x0005", reporting}} << false;
        QTest::newRow("reporting balloon, order unknown") << QByteArray() << QList<Device>{{"0x0005", reporting}} << false;
        QTest::newRow("balloon without reporting") << QByteArray("5") << QList<Device>{{"0x0005", notReporting}} << true;
        QTest::newRow("reporting balloon no driver holds") << QByteArray("5") << QList<Device>{{"0x0005", reporting, false}} << true;
        QTest::newRow("reporting bit on a disk") << QByteArray("5") << QList<Device>{{"0x0002", reporting}} << true;
    }
    void largePagesPayUnlessTheBalloonReports()
    {
        QFETCH(QByteArray, order);
        QFETCH(QList<Device>, devices);
        QFETCH(bool, pay);
        QTemporaryDir sys;
        QVERIFY(sys.isValid());
        makeSys(sys.path(), order, devices);
        QCOMPARE(rlab::largeAllocatorPagesPay(QFile::encodeName(sys.path()).constData()), pay);
    }

    void prefersLargePagesWhereTheyPay()
    {
        QTemporaryDir payDir, costDir;
        QVERIFY(payDir.isValid() && costDir.isValid());
        makeSys(payDir.path(), "9", {{"0x0005", "0110000100"}});   // a balloon, no reporting
        makeSys(costDir.path(), "9", {{"0x0005", "0110010100"}});
        const QByteArray pays = QFile::encodeName(payDir.path());
        const QByteArray costs = QFile::encodeName(costDir.path());
        QVERIFY2(!rlab::preferLargeAllocatorPages(costs.constData()), "a balloon reporting 2 MiB blocks");
        if (!mi_option_get) {
            QVERIFY2(!rlab::preferLargeAllocatorPages(pays.constData()), "without mimalloc there is nothing to set");
            QSKIP("this build does not link mimalloc (sanitizers)");
        }
        QCOMPARE(mi_option_get(kLargeOsPages), 0L);
        qputenv("MIMALLOC_LARGE_OS_PAGES", "0");
        QVERIFY2(!rlab::preferLargeAllocatorPages(pays.constData()), "the environment wins");
        QCOMPARE(mi_option_get(kLargeOsPages), 0L);
        qunsetenv("MIMALLOC_LARGE_OS_PAGES");
        QVERIFY(rlab::preferLargeAllocatorPages(pays.constData()));
        QCOMPARE(mi_option_get(kLargeOsPages), 1L);
        // The allocator works with them: a block bigger than a segment, freed and made again.
        for (int round = 0; round < 3; ++round) {
            void *p = std::malloc(std::size_t(8) << 20);
            QVERIFY(p);
            static_cast<char *>(p)[0] = 1;
            std::free(p);
        }
    }

    void setsTheDecommitDelay()
    {
        const bool set = rlab::setAllocatorPurgeDelay(1000);
        if (!mi_option_get) {
            QVERIFY2(!set, "without mimalloc there is nothing to set");
            QSKIP("this build does not link mimalloc (sanitizers)");
        }
        QVERIFY(set);
        QCOMPARE(mi_option_get(kDecommitDelay), 1000L);
        QVERIFY(rlab::setAllocatorPurgeDelay(250));
        QCOMPARE(mi_option_get(kDecommitDelay), 250L);
        // The allocator still works with it (a freed block's page is kept, then reused).
        for (int round = 0; round < 3; ++round) {
            void *p = std::malloc(1 << 20);
            QVERIFY(p);
            static_cast<char *>(p)[0] = 1;
            std::free(p);
        }
    }

    void theEnvironmentWins_data()
    {
        QTest::addColumn<QByteArray>("variable");
        QTest::newRow("mimalloc 2.0's name") << QByteArray("MIMALLOC_DECOMMIT_DELAY");
        QTest::newRow("mimalloc 2.1's name") << QByteArray("MIMALLOC_PURGE_DELAY");
    }
    void theEnvironmentWins()
    {
        QFETCH(QByteArray, variable);
        const bool linked = mi_option_get != nullptr;
        if (linked)
            QVERIFY(rlab::setAllocatorPurgeDelay(400));
        qputenv(variable.constData(), "10");
        QVERIFY(!rlab::setAllocatorPurgeDelay(1000));
        if (linked)
            QCOMPARE(mi_option_get(kDecommitDelay), 400L);   // left as it was
    }
};

QTEST_GUILESS_MAIN(TestAllocatorPages)
#include "tst_allocatorpages.moc"
