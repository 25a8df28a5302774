// LayoutBarrier: a label whose text changes every frame does not lay the window out again
// (issue #17: ~900 relayouts of every dock while 10,000 scenario steps played).
#include "ui/widgets/layoutbarrier.h"

#include <QApplication>
#include <QEvent>
#include <QLabel>
#include <QTest>
#include <QVBoxLayout>

using namespace rlab::ui;

namespace {

// Counts the LayoutRequest events a widget receives.
class LayoutRequests : public QObject
{
public:
    explicit LayoutRequests(QWidget *w) { w->installEventFilter(this); }
    int count = 0;
    bool eventFilter(QObject *, QEvent *e) override
    {
        count += e->type() == QEvent::LayoutRequest ? 1 : 0;
        return false;
    }
};

} // namespace

class TestLayoutBarrier : public QObject
{
    Q_OBJECT

private slots:
    // The same texts in a plain label and in one behind a barrier, in a window whose layout
    // nests one level (a dock's panel): the plain label relays the window out at every text.
    void textsOfTheSameWidthStopAtTheBarrier_data()
    {
        QTest::addColumn<bool>("barrier");
        QTest::newRow("plain label") << false;
        QTest::newRow("behind a barrier") << true;
    }
    void textsOfTheSameWidthStopAtTheBarrier()
    {
        QFETCH(bool, barrier);
        QWidget window;
        auto *panel = new QWidget(&window);
        auto *outer = new QVBoxLayout(&window);
        outer->addWidget(panel);
        auto *inner = new QVBoxLayout(panel);
        auto *label = new QLabel(QStringLiteral("Revision 1000"));
        inner->addWidget(barrier ? static_cast<QWidget *>(new LayoutBarrier(label, panel)) : label);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        LayoutRequests top(&window);
        for (int rev = 1001; rev < 1100; ++rev) {
            label->setText(QStringLiteral("Revision %1").arg(rev));
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        }
        if (barrier)
            QCOMPARE(top.count, 0);
        else
            QVERIFY2(top.count >= 90, qPrintable(QString::number(top.count)));   // Qt's own way
        QCOMPARE(label->text(), QStringLiteral("Revision 1099"));
        QCOMPARE(label->geometry(), label->parentWidget()->rect().intersected(label->geometry()));
    }

    // A wider text grows the barrier (one relayout: its end is not cut); a narrower one does not
    // shrink it until refit(); the child fills the barrier; hiding the child hides the barrier.
    void growsWithItsTextAndFollowsItsChild()
    {
        QWidget window;
        auto *layout = new QHBoxLayout(&window);
        auto *label = new QLabel(QStringLiteral("t = 1s"));
        auto *barrier = new LayoutBarrier(label, &window);
        layout->addWidget(barrier);
        layout->addStretch(1);
        window.resize(800, 60);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(barrier->sizeHint(), label->sizeHint());
        const int narrow = barrier->sizeHint().width();
        const int changes = barrier->hintChanges();

        label->setText(QStringLiteral("t = 1h 59m 59s · paused"));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCOMPARE(barrier->hintChanges(), changes + 1);
        QVERIFY(barrier->sizeHint().width() > narrow);
        QTRY_VERIFY(barrier->width() >= label->sizeHint().width());   // not cut
        QCOMPARE(label->geometry(), barrier->rect());

        const int wide = barrier->sizeHint().width();
        label->setText(QStringLiteral("t = 2s"));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCOMPARE(barrier->sizeHint().width(), wide);   // no relayout for a narrower text
        QCOMPARE(barrier->hintChanges(), changes + 1);
        QVERIFY(!barrier->sync());
        barrier->refit();
        QCOMPARE(barrier->sizeHint(), label->sizeHint());
        QVERIFY(barrier->sizeHint().width() < wide);

        label->hide();
        QVERIFY(barrier->isHidden());
        label->show();
        QVERIFY(!barrier->isHidden());
        QVERIFY(label->isVisible());

        QFont big = label->font();
        big.setPointSizeF(big.pointSizeF() * 2);
        label->setFont(big);   // a font change fits it again
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCOMPARE(barrier->sizeHint(), label->sizeHint());
    }

    // A child hidden before it is put behind a barrier keeps the barrier hidden.
    void aHiddenChildMakesAHiddenBarrier()
    {
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        auto *label = new QLabel(QStringLiteral("dropped"));
        label->hide();
        auto *barrier = new LayoutBarrier(label, &window);
        layout->addWidget(barrier);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!barrier->isVisible());
        label->show();
        QVERIFY(barrier->isVisible());
    }
};

QTEST_MAIN(TestLayoutBarrier)
#include "tst_layoutbarrier.moc"
