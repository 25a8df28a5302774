// Presenter mode (issue 14): menus and dialogs follow the presenter font. They are top-level
// windows, which do not inherit the main window's font: a menu of the menu bar, a context menu
// made while presenter mode is on, a QMessageBox and a QDialog are 1.6 × their normal size while
// it is on, laid out for it (a menu's rows are taller), and back to normal when it is off.
#include "ui/presenter/presentermode.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QtTest>

using namespace rlab::ui;

class TestPresenterMenus : public QObject
{
    Q_OBJECT

    static QMenu *fileMenu(QMainWindow &w)
    {
        QMenu *file = w.menuBar()->addMenu(QStringLiteral("&File"));
        file->addAction(QStringLiteral("Open lab…"));
        file->addAction(QStringLiteral("Save lab…"));
        return file;
    }

    static void openWindow(QMainWindow &w)
    {
        w.setCentralWidget(new QLabel(QStringLiteral("canvas")));
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
    }

private slots:
    // A menu of the menu bar, popped up before presenter mode (already polished and sized), is
    // large while on — its rows too — and as before when off.
    void menuBarMenuFollows()
    {
        QMainWindow w;
        QMenu *file = fileMenu(w);
        openWindow(w);
        file->popup(w.mapToGlobal(QPoint(10, 30)));
        QTRY_VERIFY(file->isVisible());
        const double normal = file->font().pointSizeF();
        const int rowBefore = file->actionGeometry(file->actions().first()).height();
        file->hide();

        PresenterMode presenter(&w);
        presenter.setEnabled(true);
        QCOMPARE(file->font().pointSizeF(), normal * PresenterMode::kFontScale);
        QCOMPARE(file->font().pointSizeF(), w.font().pointSizeF());
        file->popup(w.mapToGlobal(QPoint(10, 30)));
        QTRY_VERIFY(file->isVisible());
        QVERIFY2(file->actionGeometry(file->actions().first()).height() > rowBefore,
                 qPrintable(QStringLiteral("%1 <= %2").arg(file->actionGeometry(file->actions().first()).height()).arg(rowBefore)));
        file->hide();

        presenter.setEnabled(false);
        QCOMPARE(file->font().pointSizeF(), normal);
        QVERIFY(!file->testAttribute(Qt::WA_SetFont));
        file->popup(w.mapToGlobal(QPoint(10, 30)));
        QTRY_VERIFY(file->isVisible());
        QCOMPARE(file->actionGeometry(file->actions().first()).height(), rowBefore);
        file->hide();
    }

    // A context menu made while presenter mode is on (polished then) is large from the start.
    void menuMadeWhileOnFollows()
    {
        QMainWindow w;
        openWindow(w);
        const double normal = QApplication::font("QMenu").pointSizeF();
        PresenterMode presenter(&w);
        presenter.setEnabled(true);
        QMenu context(w.centralWidget());
        context.addAction(QStringLiteral("Travel to the revision that set this field"));
        context.popup(w.mapToGlobal(QPoint(200, 200)));
        QTRY_VERIFY(context.isVisible());
        QCOMPARE(context.font().pointSizeF(), normal * PresenterMode::kFontScale);
        const QFontMetrics big(context.font());
        QVERIFY(context.width() >= big.horizontalAdvance(context.actions().first()->text()));
        context.hide();
        presenter.setEnabled(false);
        QCOMPARE(context.font().pointSizeF(), normal);
    }

    // Dialogs: a message box opened while on has the presenter font in its text and buttons; one
    // open when presenter mode ends goes back to normal; one opened after is normal.
    void dialogsFollow()
    {
        QMainWindow w;
        openWindow(w);
        const double normal = QApplication::font("QMessageBox").pointSizeF();
        PresenterMode presenter(&w);
        presenter.setEnabled(true);
        QMessageBox box(QMessageBox::Question, QStringLiteral("Reset cluster"),
                        QStringLiteral("A lesson is running. Reset the cluster and end the lesson?"),
                        QMessageBox::Reset | QMessageBox::Cancel, &w);
        box.show();
        QVERIFY(QTest::qWaitForWindowExposed(&box));
        QLabel *text = box.findChild<QLabel *>(QStringLiteral("qt_msgbox_label"));
        QVERIFY(text);
        QCOMPARE(text->font().pointSizeF(), normal * PresenterMode::kFontScale);
        QCOMPARE(box.button(QMessageBox::Reset)->font().pointSizeF(), normal * PresenterMode::kFontScale);
        QVERIFY(box.width() >= QFontMetrics(text->font()).horizontalAdvance(QStringLiteral("A lesson is running.")));

        QDialog dialog(&w);
        auto *label = new QLabel(QStringLiteral("kubeconfig"), &dialog);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(label->font().pointSizeF(), QApplication::font("QDialog").pointSizeF() * PresenterMode::kFontScale);

        presenter.setEnabled(false);
        QCOMPARE(text->font().pointSizeF(), normal);
        QCOMPARE(label->font().pointSizeF(), QApplication::font("QDialog").pointSizeF());
        QMessageBox after(QMessageBox::Information, QStringLiteral("t"), QStringLiteral("normal"), QMessageBox::Ok, &w);
        after.show();
        QVERIFY(QTest::qWaitForWindowExposed(&after));
        QCOMPARE(after.font().pointSizeF(), normal);
    }

    // A menu or dialog of another window is not this window's business.
    void otherWindowsUntouched()
    {
        QMainWindow w;
        openWindow(w);
        QWidget other;
        PresenterMode presenter(&w);
        presenter.setEnabled(true);
        QMessageBox box(QMessageBox::Information, QStringLiteral("t"), QStringLiteral("elsewhere"), QMessageBox::Ok, &other);
        box.show();
        QVERIFY(QTest::qWaitForWindowExposed(&box));
        QCOMPARE(box.font().pointSizeF(), QApplication::font("QMessageBox").pointSizeF());
    }
};

QTEST_MAIN(TestPresenterMenus)
#include "tst_presentermenus.moc"
