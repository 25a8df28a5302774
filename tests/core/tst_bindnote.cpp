// SPDX-License-Identifier: Apache-2.0
// scheduleOne's bind note (core/controller/scheduler/bindnote.h), written in place into a string
// sized for its longest: the best few nodes (none to three, long names, the extreme scores), and
// a small cluster's every score.
#include "core/controller/scheduler/bindnote.h"

#include <QTest>

#include <limits>
#include <vector>

using namespace rlab::controller;

class TestBindNote : public QObject
{
    Q_OBJECT
private slots:
    void topNodes_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QList<qint64>>("totals");
        QTest::addColumn<QString>("expected");
        QTest::newRow("three") << QStringList{"node-7", "node-9", "node-2"} << QList<qint64>{180, 175, 170}
                               << "bound to node-7 (score 180 of node-7 180, node-9 175, node-2 170)";
        QTest::newRow("one") << QStringList{"node-7"} << QList<qint64>{0} << "bound to node-7 (score 180 of node-7 0)";
        QTest::newRow("none") << QStringList{} << QList<qint64>{} << "bound to node-7 (score 180 of )";
        const QString longName = QString(253, QLatin1Char('n'));
        QTest::newRow("extremes") << QStringList{longName, "b"}
                                  << QList<qint64>{std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max()}
                                  << QStringLiteral("bound to node-7 (score 180 of %1 -9223372036854775808, b 9223372036854775807)").arg(longName);
    }
    void topNodes()
    {
        QFETCH(QStringList, names);
        QFETCH(QList<qint64>, totals);
        QFETCH(QString, expected);
        std::vector<ScoredNode> top;
        for (qsizetype i = 0; i < names.size(); ++i)
            top.push_back(ScoredNode{&names[i], totals[i]});
        const QString note = bindNote(QStringLiteral("node-7"), 180, {}, top);
        QCOMPARE(note, expected);
    }

    void everyScore()
    {
        QCOMPARE(bindNote(QStringLiteral("n1"), -3, {QStringLiteral("n1 -3"), QStringLiteral("n2 -4")}, {}),
                 QStringLiteral("bound to n1 (score -3 of n1 -3, n2 -4)"));
    }
};

QTEST_GUILESS_MAIN(TestBindNote)
#include "tst_bindnote.moc"
