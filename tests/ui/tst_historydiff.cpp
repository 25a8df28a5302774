#include "ui/history/linediff.h"

#include <QtTest>

using namespace rlab::ui;

// The line diff of the rollout history (LCS): printed rows as `diff -u` without hunk headers.
class TestHistoryDiff : public QObject
{
    Q_OBJECT

private slots:
    void testCompute_data()
    {
        QTest::addColumn<QStringList>("a");
        QTest::addColumn<QStringList>("b");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("identical") << QStringList{"A", "B"} << QStringList{"A", "B"} << QStringList{"  A", "  B"};
        QTest::newRow("both empty") << QStringList{} << QStringList{} << QStringList{};
        QTest::newRow("all added") << QStringList{} << QStringList{"A", "B"} << QStringList{"+ A", "+ B"};
        QTest::newRow("all removed") << QStringList{"A", "B"} << QStringList{} << QStringList{"- A", "- B"};
        QTest::newRow("one line changed: removal before addition")
            << QStringList{"A", "B", "C"} << QStringList{"A", "X", "C"} << QStringList{"  A", "- B", "+ X", "  C"};
        QTest::newRow("image line of a pod template")
            << QStringList{"spec:", "  containers:", "  - image: nginx:1.25", "    name: nginx"}
            << QStringList{"spec:", "  containers:", "  - image: nginx:1.27", "    name: nginx"}
            << QStringList{"  spec:", "    containers:", "-   - image: nginx:1.25", "+   - image: nginx:1.27", "      name: nginx"};
        QTest::newRow("insertion in the middle")
            << QStringList{"A", "C"} << QStringList{"A", "B", "C"} << QStringList{"  A", "+ B", "  C"};
        QTest::newRow("moved line is a delete and an add")
            << QStringList{"A", "B", "C"} << QStringList{"B", "C", "A"} << QStringList{"- A", "  B", "  C", "+ A"};
        QTest::newRow("repeated lines keep the longest common run")
            << QStringList{"x", "x", "y"} << QStringList{"x", "y", "y"} << QStringList{"  x", "- x", "  y", "+ y"};
    }

    void testCompute()
    {
        QFETCH(QStringList, a);
        QFETCH(QStringList, b);
        QFETCH(QStringList, expected);
        const QList<LineDiff::Line> d = LineDiff::compute(a, b);
        const QStringList actual = LineDiff::unified(d);
        if (actual != expected)
            qWarning().noquote() << "actual:\n" << actual.join('\n') << "\nexpected:\n" << expected.join('\n');
        QCOMPARE(actual, expected);
        // Invariants: the "same" lines plus removals rebuild a, plus additions rebuild b.
        QStringList ra, rb;
        for (const LineDiff::Line &l : d) {
            if (l.op != LineDiff::Op::Added)
                ra << l.text;
            if (l.op != LineDiff::Op::Removed)
                rb << l.text;
        }
        QCOMPARE(ra, a);
        QCOMPARE(rb, b);
    }

    // A 200-line template with every 10th line changed; reported, not asserted.
    void benchmarkDiff200Lines()
    {
        QStringList a, b;
        for (int i = 0; i < 200; ++i) {
            a << QStringLiteral("line %1").arg(i);
            b << (i % 10 == 0 ? QStringLiteral("changed %1").arg(i) : QStringLiteral("line %1").arg(i));
        }
        QList<LineDiff::Line> d;
        QBENCHMARK {
            d = LineDiff::compute(a, b);
        }
        QCOMPARE(LineDiff::countOf(d, LineDiff::Op::Added), 20);
    }

    void testCounts()
    {
        const auto d = LineDiff::compute({"A", "B", "C"}, {"A", "X", "Y", "C"});
        QCOMPARE(LineDiff::countOf(d, LineDiff::Op::Same), 2);
        QCOMPARE(LineDiff::countOf(d, LineDiff::Op::Removed), 1);
        QCOMPARE(LineDiff::countOf(d, LineDiff::Op::Added), 2);
    }
};

QTEST_GUILESS_MAIN(TestHistoryDiff)
#include "tst_historydiff.moc"
