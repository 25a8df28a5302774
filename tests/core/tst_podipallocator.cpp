// SPDX-License-Identifier: Apache-2.0
// PodIpAllocator: host-local IPAM over a node's podCIDR (the class comment's worked example),
// addresses written octet by octet (one, two and three digits), another CIDR for the same
// allocator (the parse of the last one is reused only while the CIDR is the same), and the
// containerd default for a CIDR that does not parse.
#include "core/controller/kubelet/podipallocator.h"

#include <QTest>

using namespace rlab::controller;

class TestPodIpAllocator : public QObject
{
    Q_OBJECT

private slots:
    void workedExample()
    {
        PodIpAllocator ipam;
        const QString cidr = QStringLiteral("10.244.2.0/24");
        QCOMPARE(ipam.allocate(QStringLiteral("a"), cidr), QStringLiteral("10.244.2.2"));
        QCOMPARE(ipam.allocate(QStringLiteral("b"), cidr), QStringLiteral("10.244.2.3"));
        QCOMPARE(ipam.allocate(QStringLiteral("a"), cidr), QStringLiteral("10.244.2.2"));   // its own, again
        ipam.release(QStringLiteral("a"));
        QCOMPARE(ipam.allocate(QStringLiteral("c"), cidr), QStringLiteral("10.244.2.4"));   // the scan goes on
        QCOMPARE(ipam.inUse(), 2);
    }

    void formats_data()
    {
        QTest::addColumn<QString>("cidr");
        QTest::addColumn<int>("skip");   // owners allocated before the one checked
        QTest::addColumn<QString>("ip");
        QTest::newRow("one digit") << "1.2.3.0/24" << 0 << "1.2.3.2";
        QTest::newRow("two digits") << "10.20.30.0/24" << 8 << "10.20.30.10";
        QTest::newRow("three digits") << "100.200.255.0/24" << 97 << "100.200.255.99";
        QTest::newRow("last of the range") << "192.168.7.0/24" << 252 << "192.168.7.254";
        QTest::newRow("zero octets") << "0.0.0.0/16" << 254 << "0.0.1.0";
        QTest::newRow("unparsable: containerd's bridge") << "not-a-cidr" << 0 << "10.88.0.2";
    }
    void formats()
    {
        QFETCH(QString, cidr);
        QFETCH(int, skip);
        QFETCH(QString, ip);
        PodIpAllocator ipam;
        for (int i = 0; i < skip; ++i)
            QVERIFY(!ipam.allocate(QStringLiteral("skip-%1").arg(i), cidr).isEmpty());
        QCOMPARE(ipam.allocate(QStringLiteral("checked"), cidr), ip);
    }

    void anotherCidrIsParsedAgain()
    {
        PodIpAllocator ipam;
        QCOMPARE(ipam.allocate(QStringLiteral("a"), QStringLiteral("10.244.1.0/24")), QStringLiteral("10.244.1.2"));
        QCOMPARE(ipam.allocate(QStringLiteral("b"), QStringLiteral("10.244.9.0/24")), QStringLiteral("10.244.9.3"));
        QCOMPARE(ipam.allocate(QStringLiteral("c"), QStringLiteral("10.244.1.0/24")), QStringLiteral("10.244.1.4"));
    }

    void fullRangeGivesNothing()
    {
        PodIpAllocator ipam;
        const QString cidr = QStringLiteral("10.1.1.0/30");   // 4 addresses: only .2 is a pod's
        QCOMPARE(ipam.allocate(QStringLiteral("a"), cidr), QStringLiteral("10.1.1.2"));
        QCOMPARE(ipam.allocate(QStringLiteral("b"), cidr), QString());
    }
};

QTEST_GUILESS_MAIN(TestPodIpAllocator)
#include "tst_podipallocator.moc"
