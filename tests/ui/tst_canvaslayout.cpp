#include "core/api/pod.h"
#include "ui/scene/canvaslayout.h"
#include "ui/scene/canvaslegend.h"
#include "ui/scene/canvastext.h"
#include "ui/scene/motion.h"
#include "ui/scene/phasecolors.h"
#include "ui/scene/podslots.h"

#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// The canvas's plain maths, table by table: grid geometry (CanvasLayout), easing and frame
// steps (Motion, Tween), stable slots (PodSlots), stage colours and their interpolation
// (PhaseColors).
class TestCanvasLayout : public QObject
{
    Q_OBJECT

private slots:
    void chipColumns_data()
    {
        QTest::addColumn<int>("pods");
        QTest::addColumn<int>("cols");
        QTest::newRow("empty") << 0 << 2;
        QTest::newRow("one") << 1 << 2;
        QTest::newRow("two") << 2 << 2;
        QTest::newRow("three") << 3 << 3;
        QTest::newRow("eight") << 8 << 4;
        QTest::newRow("fifty") << 50 << 10;
        QTest::newRow("250") << 250 << 23;
    }
    void chipColumns()
    {
        QFETCH(int, pods);
        QFETCH(int, cols);
        QCOMPARE(CanvasLayout::chipColumnsFor(pods), cols);
    }

    void cellGeometry_data()
    {
        QTest::addColumn<int>("slot");
        QTest::addColumn<int>("chipCols");
        QTest::addColumn<QPointF>("offset");
        QTest::newRow("first") << 0 << 2 << QPointF(8, 10);
        QTest::newRow("second") << 1 << 2 << QPointF(128, 10);
        QTest::newRow("wraps") << 2 << 2 << QPointF(8, 44);
        QTest::newRow("slot 3 of 2") << 3 << 2 << QPointF(128, 44);
        QTest::newRow("slot 7 of 3") << 7 << 3 << QPointF(128, 78);
        QTest::newRow("zero cols treated as 1") << 2 << 0 << QPointF(8, 78);
    }
    void cellGeometry()
    {
        QFETCH(int, slot);
        QFETCH(int, chipCols);
        QFETCH(QPointF, offset);
        QCOMPARE(CanvasLayout::chipOffset(slot, chipCols), offset);
    }

    void sizes_data()
    {
        QTest::addColumn<int>("slotCount");
        QTest::addColumn<int>("chipCols");
        QTest::addColumn<int>("rows");
        QTest::addColumn<double>("laneHeight");
        QTest::addColumn<double>("columnWidth");
        QTest::newRow("empty cell is one row") << 0 << 2 << 1 << 48.0 << 260.0;
        QTest::newRow("two in two") << 2 << 2 << 1 << 48.0 << 260.0;
        QTest::newRow("three in two") << 3 << 2 << 2 << 82.0 << 260.0;
        QTest::newRow("fifty in ten") << 50 << 10 << 5 << 184.0 << 1208.0;
        QTest::newRow("51 in ten") << 51 << 10 << 6 << 218.0 << 1208.0;
    }
    void sizes()
    {
        QFETCH(int, slotCount);
        QFETCH(int, chipCols);
        QFETCH(int, rows);
        QFETCH(double, laneHeight);
        QFETCH(double, columnWidth);
        QCOMPARE(CanvasLayout::rowsFor(slotCount, chipCols), rows);
        QCOMPARE(CanvasLayout::laneHeight(rows), laneHeight);
        QCOMPARE(CanvasLayout::columnWidth(chipCols), columnWidth);
    }

    void compute()
    {
        // Deployment A with two ReplicaSets (2 and 10 chip columns), Deployment B with one.
        const std::vector<CanvasLayout::Column> cols{{2, false}, {10, false}, {2, true}};
        const CanvasLayout::Geometry g = CanvasLayout::compute(cols, {1, 2, 5});
        QCOMPARE(g.columnX, (std::vector<double>{192, 468, 1724}));   // 192+260+16; 468+1208+48
        QCOMPARE(g.columnW, (std::vector<double>{260, 1208, 260}));
        QCOMPARE(g.laneY, (std::vector<double>{256, 310, 398}));     // 256+48+6; 310+82+6
        QCOMPARE(g.laneH, (std::vector<double>{48, 82, 184}));
        QCOMPARE(g.sceneRect, QRectF(0, 0, 1724 + 260 + 16, 398 + 184 + 16));
        QCOMPARE(CanvasLayout::deploymentCard(g, 0, 1), QRectF(192, 16, 468 + 1208 - 192, 100));
        QCOMPARE(CanvasLayout::replicaSetCard(g, 2), QRectF(1724, 128, 260, 104));
    }

    // Presenter mode: taller cells (fewer chip columns), cards of two lines at least 300 wide,
    // the wider gutter, and a waiting lane with nobody in it takes no room.
    void computePresenter()
    {
        QCOMPARE(CanvasLayout::chipColumnsFor(10, true), 3);
        QCOMPARE(CanvasLayout::chipColumnsFor(50, true), 5);
        QCOMPARE(CanvasLayout::chipColumnsFor(3, true), 2);
        QCOMPARE(CanvasLayout::chipColumnsFor(10), 5);   // normal mode unchanged
        QCOMPARE(CanvasLayout::columnWidth(2, true), 300.0);
        QCOMPARE(CanvasLayout::columnWidth(3, true), 368.0);
        const CanvasLayout::Geometry g = CanvasLayout::compute({{3, false}, {2, false}}, {0, 4, 4, 4}, true);
        QCOMPARE(g.columnX[0], 16.0 + 190);
        QCOMPARE(g.columnW[1], 300.0);
        QCOMPARE(g.laneH[0], 0.0);
        QCOMPARE(g.laneY[1], 208.0);                      // the first node lane starts the band
        QCOMPARE(g.laneH[1], 20.0 + 4 * 34 - 6);
        QCOMPARE(g.laneY[2], 208.0 + 150 + 6);
        QCOMPARE(CanvasLayout::deploymentCard(g, 0, 1), QRectF(206, 16, 368 + 16 + 300, 84));
        QCOMPARE(CanvasLayout::replicaSetCard(g, 1), QRectF(206 + 368 + 16, 108, 300, 84));
        QCOMPARE(g.sceneRect, QRectF(0, 0, 206 + 368 + 16 + 300 + 16, 208 + 3 * 150 + 2 * 6 + 16));
        // Normal mode keeps its zero-row lanes one row tall.
        QCOMPARE(CanvasLayout::compute({{2, false}}, {0, 1}).laneH[0], CanvasLayout::laneHeight(1));
    }

    // The compact presenter picture (the comment's example): no gutter, tight gaps, a folded
    // column as wide as its badge, columns as wide as their words, node names over their lanes.
    void computeCompact()
    {
        CanvasLayout::Column folded{2, false, 96};
        folded.folded = true;
        const CanvasLayout::Geometry g = CanvasLayout::compute({folded, {2, false, 250}, {2, true, 270}}, {0, 1, 1, 1}, true, true);
        QCOMPARE(g.columnX, (std::vector<double>{8, 112, 386}));
        QCOMPARE(g.columnW, (std::vector<double>{96, 250, 270}));
        QCOMPARE(g.sceneRect.width(), 8.0 + 96 + 8 + 250 + 24 + 270 + 8);
        QCOMPARE(g.laneHeader, CanvasLayout::kLaneHeaderH);
        QCOMPARE(g.laneY[1], 208.0);
        QCOMPARE(g.laneH[1], CanvasLayout::laneHeight(1) + 40);
        // A column narrower than its chips is as wide as them; not compact, the same columns keep 300.
        QCOMPARE(CanvasLayout::compute({{3, false, 0}}, {0, 1}, true, true).columnW[0], 8.0 + 3 * 120 - 8 + 8);
        QCOMPARE(CanvasLayout::compute({folded, {2, false, 250}}, {0, 1}, true).columnW[0], 300.0);
        QCOMPARE(CanvasLayout::compute({folded, {2, false, 250}}, {0, 1}, true).laneHeader, 0.0);
    }

    // Every text the presenter canvas draws is 28 units: 18 px on screen at zoom 18/28.
    void presenterText()
    {
        QCOMPARE(CanvasText::smallestPx(true), 28.0);
        QVERIFY(CanvasText::smallestPx(false) < 11);   // normal mode's counter labels, 8 pt
        QVERIFY(!CanvasText::drawnRoles(true).contains(CanvasText::Role::CounterLabel));
        QCOMPARE(CanvasText::smallestScreenPx(true, CanvasText::minReadableZoom()), CanvasText::kReadablePx);
        QCOMPARE(CanvasText::font(CanvasText::Role::ChipLabel, true).pixelSize(), 28);
    }

    void legendRows_data()
    {
        QTest::addColumn<QList<int>>("widths");
        QTest::addColumn<int>("available");
        QTest::addColumn<QList<int>>("rows");
        QTest::newRow("the comment's example, one per row") << QList<int>{60, 70, 60} << 200 << QList<int>{1, 1, 1};
        QTest::newRow("two then one") << QList<int>{60, 70, 60} << 210 << QList<int>{2, 1};
        QTest::newRow("all on one row") << QList<int>{60, 70, 60} << 1000 << QList<int>{3};
        QTest::newRow("too narrow for any: one each") << QList<int>{60, 70} << 10 << QList<int>{1, 1};
        QTest::newRow("none") << QList<int>{} << 100 << QList<int>{};
    }
    void legendRows()
    {
        QFETCH(QList<int>, widths);
        QFETCH(int, available);
        QFETCH(QList<int>, rows);
        QCOMPARE(CanvasLegend::rows(widths, available), rows);
        if (!rows.isEmpty())
            QVERIFY(CanvasLegend::boxWidth(widths, rows) <= std::max(available, CanvasLegend::entryWidth(70)) + CanvasLegend::kPad);
    }

    void computeEmpty()
    {
        const CanvasLayout::Geometry g = CanvasLayout::compute({}, {1});
        QCOMPARE(g.sceneRect, QRectF(0, 0, 16 + 176 + 260 + 16, 256 + 48 + 16));
    }

    void naturalOrder_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<bool>("less");
        QTest::newRow("2 < 10") << "node-2" << "node-10" << true;
        QTest::newRow("10 > 9") << "node-10" << "node-9" << false;
        QTest::newRow("prefix first") << "a-5" << "b-1" << true;
        QTest::newRow("no number") << "alpha" << "beta" << true;
        QTest::newRow("equal") << "node-1" << "node-1" << false;
        QTest::newRow("leading zero tie broken by text") << "node-01" << "node-1" << true;
    }
    void naturalOrder()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(bool, less);
        QCOMPARE(CanvasLayout::naturalLess(a, b), less);
    }

    void easing_data()
    {
        QTest::addColumn<double>("t");
        QTest::addColumn<double>("eased");
        QTest::newRow("start") << 0.0 << 0.0;
        QTest::newRow("quarter") << 0.25 << 0.0625;
        QTest::newRow("half") << 0.5 << 0.5;
        QTest::newRow("three quarters") << 0.75 << 0.9375;
        QTest::newRow("end") << 1.0 << 1.0;
        QTest::newRow("clamped below") << -1.0 << 0.0;
        QTest::newRow("clamped above") << 2.0 << 1.0;
    }
    void easing()
    {
        QFETCH(double, t);
        QFETCH(double, eased);
        QVERIFY(qAbs(Motion::easeInOutCubic(t) - eased) < 1e-12);
    }

    void step_data()
    {
        QTest::addColumn<double>("wallMs");
        QTest::addColumn<double>("virtualMs");
        QTest::addColumn<double>("step");
        QTest::newRow("one frame at x1") << 16.0 << 16.0 << 16.0 / 600.0;
        QTest::newRow("paused time still animates") << 30.0 << 0.0 << 0.05;
        QTest::newRow("x100: virtual time leads") << 16.0 << 1600.0 << 0.64;
        QTest::newRow("a jump finishes everything") << 16.0 << 6000.0 << 1.0;
        QTest::newRow("clock going back is ignored") << -50.0 << -50.0 << 0.0;
    }
    void step()
    {
        QFETCH(double, wallMs);
        QFETCH(double, virtualMs);
        QFETCH(double, step);
        QVERIFY2(qAbs(Motion::step(wallMs, virtualMs) - step) < 1e-12, qPrintable(QString::number(Motion::step(wallMs, virtualMs))));
    }

    void tween()
    {
        Tween<double> t;
        t.snap(10);
        QVERIFY(!t.running());
        t.retarget(20);
        QCOMPARE(t.value(), 10.0);
        t.advance(0.5);
        QCOMPARE(t.value(), 15.0);
        // Interrupted: the new tween starts where the value is, not where the old one began.
        t.retarget(0);
        QCOMPARE(t.from, 15.0);
        t.advance(0.25);
        QCOMPARE(t.value(), 15.0 - 15.0 * 0.0625);
        t.advance(5);
        QCOMPARE(t.value(), 0.0);
        QVERIFY(!t.running());
        t.retarget(0);   // same target: stays at rest
        QVERIFY(!t.running());
    }

    void podSlots_data()
    {
        // A script: "+a" acquires a (expect the slot after ':'), "-a" releases; then extent.
        QTest::addColumn<QStringList>("script");
        QTest::addColumn<int>("extent");
        QTest::newRow("fills in order") << QStringList{"+a:0", "+b:1", "+c:2"} << 3;
        QTest::newRow("reuses the lowest hole") << QStringList{"+a:0", "+b:1", "+c:2", "-b", "+d:1", "+e:3"} << 4;
        QTest::newRow("neighbours keep their slots") << QStringList{"+a:0", "+b:1", "+c:2", "-a", "-b", "+x:0"} << 3;
        QTest::newRow("acquire twice is stable") << QStringList{"+a:0", "+b:1", "+a:0"} << 2;
        QTest::newRow("extent shrinks from the end") << QStringList{"+a:0", "+b:1", "+c:2", "-c", "-b"} << 1;
        QTest::newRow("release unknown is harmless") << QStringList{"-zz", "+a:0"} << 1;
    }
    void podSlots()
    {
        QFETCH(QStringList, script);
        QFETCH(int, extent);
        PodSlots s;
        for (const QString &step : script) {
            const QString pod = step.mid(1).section(QLatin1Char(':'), 0, 0);
            if (step.startsWith(QLatin1Char('+')))
                QCOMPARE(s.acquire(pod), step.section(QLatin1Char(':'), 1).toInt());
            else
                s.release(pod);
        }
        QCOMPARE(s.extent(), extent);
    }

    void settle_data()
    {
        QTest::addColumn<int>("current");
        QTest::addColumn<int>("needed");
        QTest::addColumn<int>("settled");
        QTest::newRow("grows at once") << 3 << 5 << 5;
        QTest::newRow("keeps through churn") << 9 << 7 << 9;
        QTest::newRow("shrinks at two thirds") << 9 << 6 << 6;
        QTest::newRow("shrinks further") << 9 << 4 << 4;
        QTest::newRow("scale-down 100 to 20: 9 chip columns to 4") << CanvasLayout::chipColumnsFor(34) << CanvasLayout::chipColumnsFor(7) << 4;
        QTest::newRow("lane rows 2 to 1") << 2 << 1 << 1;
        QTest::newRow("unchanged") << 4 << 4 << 4;
    }
    void settle()
    {
        QFETCH(int, current);
        QFETCH(int, needed);
        QFETCH(int, settled);
        QCOMPARE(CanvasLayout::settle(current, needed), settled);
    }

    void podSlotsCompact_data()
    {
        // Acquire `total` pods p0..p(total-1), release the listed ones, then compactIfSparse().
        QTest::addColumn<int>("total");
        QTest::addColumn<QList<int>>("released");
        QTest::addColumn<bool>("compacted");
        QTest::newRow("a few holes: nobody moves") << 5 << QList<int>{1, 3} << false;
        QTest::newRow("half empty but < 4 holes") << 6 << QList<int>{0, 2, 4} << false;
        QTest::newRow("12 slots, 7 pods: a third empty") << 12 << QList<int>{0, 3, 5, 8, 10} << true;
        QTest::newRow("34 → 7 (a scale-down)") << 34 << QList<int>{0, 1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 22, 23, 24, 25, 27, 28, 29, 30, 31}
                                              << true;
        QTest::newRow("holes, but two thirds in use") << 14 << QList<int>{0, 1, 2, 3} << false;
    }
    void podSlotsCompact()
    {
        QFETCH(int, total);
        QFETCH(QList<int>, released);
        QFETCH(bool, compacted);
        PodSlots s;
        for (int i = 0; i < total; ++i)
            s.acquire(QStringLiteral("p%1").arg(i));
        for (int i : released)
            s.release(QStringLiteral("p%1").arg(i));
        QMap<int, QString> before;   // slot -> pod
        for (int i = 0; i < total; ++i)
            if (s.slotOf(QStringLiteral("p%1").arg(i)) >= 0)
                before.insert(s.slotOf(QStringLiteral("p%1").arg(i)), QStringLiteral("p%1").arg(i));
        QCOMPARE(s.compactIfSparse(), compacted);
        if (!compacted) {
            for (auto it = before.cbegin(); it != before.cend(); ++it)
                QCOMPARE(s.slotOf(it.value()), it.key());
            return;
        }
        // Slots 0..n-1 in the order the pods had: the picture closes ranks, nobody swaps places.
        QCOMPARE(s.extent(), s.size());
        int expected = 0;
        for (const QString &pod : std::as_const(before))
            QCOMPARE(s.slotOf(pod), expected++);
        const int n = s.size();
        QCOMPARE(s.acquire(QStringLiteral("new")), n);   // a newcomer goes at the end
    }

    void mix_data()
    {
        QTest::addColumn<QColor>("a");
        QTest::addColumn<QColor>("b");
        QTest::addColumn<double>("t");
        QTest::addColumn<QColor>("mixed");
        QTest::newRow("quarter") << QColor(Qt::black) << QColor(Qt::white) << 0.25 << QColor(0x40, 0x40, 0x40);
        QTest::newRow("start") << QColor(0x10, 0x20, 0x30) << QColor(Qt::white) << 0.0 << QColor(0x10, 0x20, 0x30);
        QTest::newRow("end") << QColor(0x10, 0x20, 0x30) << QColor(0x16, 0xa3, 0x4a) << 1.0 << QColor(0x16, 0xa3, 0x4a);
        QTest::newRow("clamped") << QColor(Qt::black) << QColor(Qt::white) << 7.0 << QColor(Qt::white);
        QTest::newRow("alpha too") << QColor(0, 0, 0, 0) << QColor(0, 0, 0, 200) << 0.5 << QColor(0, 0, 0, 100);
    }
    void mix()
    {
        QFETCH(QColor, a);
        QFETCH(QColor, b);
        QFETCH(double, t);
        QFETCH(QColor, mixed);
        QCOMPARE(PhaseColors::mix(a, b, t), mixed);
    }

    void stages_data()
    {
        QTest::addColumn<QString>("node");
        QTest::addColumn<QString>("phase");
        QTest::addColumn<QString>("waiting");
        QTest::addColumn<QString>("ready");
        QTest::addColumn<bool>("deleting");
        QTest::addColumn<int>("stage");
        QTest::newRow("unscheduled") << "" << "Pending" << "" << "" << false << int(PodStage::Pending);
        QTest::newRow("bound, nothing yet") << "node-1" << "Pending" << "" << "" << false << int(PodStage::Pending);
        QTest::newRow("ContainerCreating") << "node-1" << "Pending" << "ContainerCreating" << "False" << false << int(PodStage::ContainerCreating);
        QTest::newRow("Running not Ready") << "node-1" << "Running" << "" << "False" << false << int(PodStage::Running);
        QTest::newRow("Ready") << "node-1" << "Running" << "" << "True" << false << int(PodStage::Ready);
        QTest::newRow("ImagePullBackOff") << "node-1" << "Pending" << "ImagePullBackOff" << "False" << false << int(PodStage::Failing);
        QTest::newRow("Terminating wins") << "node-1" << "Running" << "" << "True" << true << int(PodStage::Terminating);
        QTest::newRow("Failed") << "node-1" << "Failed" << "" << "False" << false << int(PodStage::Failing);
    }
    void stages()
    {
        QFETCH(QString, node);
        QFETCH(QString, phase);
        QFETCH(QString, waiting);
        QFETCH(QString, ready);
        QFETCH(bool, deleting);
        QFETCH(int, stage);
        api::Pod pod;
        pod.spec.nodeName = node;
        pod.status.phase = phase;
        if (!waiting.isEmpty()) {
            api::ContainerStatus c;
            c.state.waiting = api::ContainerStateWaiting{waiting, {}};
            pod.status.containerStatuses << c;
        }
        if (!ready.isEmpty()) {
            api::Condition c;
            c.type = QStringLiteral("Ready");
            c.status = ready;
            pod.status.conditions << c;
        }
        if (deleting)
            pod.metadata.deletionTimestamp = 1767225600000;
        QCOMPARE(int(PhaseColors::stageOf(pod)), stage);
        QVERIFY(PhaseColors::color(PodStage(stage)).isValid());
        QVERIFY(!PhaseColors::label(PodStage(stage)).isEmpty());
    }
};

QTEST_MAIN(TestCanvasLayout)
#include "tst_canvaslayout.moc"
