// SPDX-License-Identifier: Apache-2.0
// setAllocatorPurgeDelay (core/base/allocatorpages.h): with mimalloc linked (this test links it,
// as rlab and reconcile-lab do) it sets mimalloc's decommit delay, unless the environment chose
// one; without mimalloc (sanitizer builds) it does nothing and says so.
#include "core/base/allocatorpages.h"

#include <QTest>

#include <cstdlib>

// mimalloc's, weak: null without mimalloc. Option 15 is mi_option_decommit_delay (2.0) /
// mi_option_purge_delay (2.1).
extern "C" long mi_option_get(int option) __attribute__((weak));

namespace {
constexpr int kDecommitDelay = 15;
}

class TestAllocatorPages : public QObject
{
    Q_OBJECT
private slots:
    void init()
    {
        qunsetenv("MIMALLOC_DECOMMIT_DELAY");
        qunsetenv("MIMALLOC_PURGE_DELAY");
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
