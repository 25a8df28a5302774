#include "ui/widgets/tailfollower.h"

#include <QApplication>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTableView>
#include <QtTest>

using namespace rlab::ui;

// TailFollower: a log view follows appended rows while at the bottom, scrolling once per turn of
// the event loop however many insertions the turn made (issue #17: a frame handing on hundreds
// of Events one row at a time laid the table out again for each), and stays put once the reader
// has scrolled up.
class TestTailFollower : public QObject
{
    Q_OBJECT

private:
    static void append(QStandardItemModel &model, int rows)
    {
        for (int i = 0; i < rows; ++i)   // one rowsInserted each, as EventsModel::put does
            model.appendRow(new QStandardItem(QStringLiteral("row %1").arg(model.rowCount())));
    }

private slots:
    void followsOncePerTurn()
    {
        QStandardItemModel model;
        QTableView view;
        view.setModel(&model);
        auto *follower = new TailFollower(&view);
        view.resize(300, 200);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        append(model, 50);
        QCoreApplication::processEvents();
        QScrollBar *bar = view.verticalScrollBar();
        QVERIFY(bar->maximum() > 0);
        QCOMPARE(bar->value(), bar->maximum());

        QSignalSpy moved(bar, &QScrollBar::valueChanged);
        append(model, 1000);   // one turn: a frame's batch
        QCOMPARE(moved.count(), 0);   // not yet: once, after the turn
        QCoreApplication::processEvents();
        QCOMPARE(bar->value(), bar->maximum());
        QCOMPARE(moved.count(), 1);

        // Scrolled up to read: new rows leave the view where it is.
        bar->setValue(10);
        append(model, 100);
        QCoreApplication::processEvents();
        QCOMPARE(bar->value(), 10);
        QVERIFY(!follower->isFollowing());
        // Back at the bottom: following again.
        bar->setValue(bar->maximum());
        append(model, 100);
        QCoreApplication::processEvents();
        QCOMPARE(bar->value(), bar->maximum());
        QVERIFY(follower->isFollowing());
    }
};

QTEST_MAIN(TestTailFollower)
#include "tst_tailfollower.moc"
