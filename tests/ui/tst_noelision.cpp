#include "ui/clustersession.h"
#include "ui/mainwindow.h"

#include <QAbstractButton>
#include <QDockWidget>
#include <QLabel>
#include <QStyle>
#include <QTabBar>
#include <QToolButton>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// Issue 14: in the default layout at 1280×720 nothing visible is cut — every tab, button and
// one-line label shows its whole text. Walks every visible widget of the window after the
// sample Deployment rolled out and lists what does not fit. Frames are not started.
class TestNoElision : public QObject
{
    Q_OBJECT

    static QString plain(QString text) { return text.remove(QLatin1Char('&')); }

    static QString where(const QWidget *w)
    {
        QStringList path;
        for (const QWidget *p = w; p; p = p->parentWidget()) {
            if (!p->objectName().isEmpty())
                path.prepend(p->objectName());
            if (qobject_cast<const QDockWidget *>(p))
                break;
        }
        return path.join(u'/') + QStringLiteral(" (%1)").arg(QString::fromLatin1(w->metaObject()->className()));
    }

    // How much of w its ancestors (scroll viewports, docks) leave on screen across (what is
    // scrolled out vertically can be scrolled to; what is cut sideways cannot).
    static int shownWidth(const QWidget *w)
    {
        const QWidget *top = w->window();
        int left = w->mapTo(top, QPoint(0, 0)).x(), right = left + w->width();
        for (const QWidget *p = w->parentWidget(); p && p != top; p = p->parentWidget()) {
            const int x = p->mapTo(top, QPoint(0, 0)).x();
            left = std::max(left, x);
            right = std::min(right, x + p->width());
        }
        return std::max(0, right - left);
    }

    // A dock that has not been placed yet sits outside the window: nothing of it is on screen.
    static bool placed(const QWidget *w)
    {
        for (const QWidget *p = w; p && p != w->window(); p = p->parentWidget())
            if (qobject_cast<const QDockWidget *>(p))
                return w->window()->rect().contains(QRect(p->mapTo(w->window(), QPoint(0, 0)), p->size()));
        return true;
    }

    // Everything visible that shows less than its text.
    static QStringList cut(QWidget *window)
    {
        QStringList out;
        for (QTabBar *bar : window->findChildren<QTabBar *>()) {
            if (!bar->isVisible() || !placed(bar))
                continue;
            const QFontMetrics fm(bar->font());
            const int space = bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
            for (int i = 0; i < bar->count(); ++i) {
                // What QTabBar's size hint asks for: the text and the style's tab spacing.
                const int needed = fm.horizontalAdvance(plain(bar->tabText(i))) + space;
                if (bar->tabRect(i).width() < needed)
                    out << QStringLiteral("tab \"%1\": %2 < %3 px").arg(bar->tabText(i)).arg(bar->tabRect(i).width()).arg(needed);
            }
        }
        for (QAbstractButton *b : window->findChildren<QAbstractButton *>()) {
            if (!b->isVisible() || b->text().isEmpty() || b->width() <= 0 || !placed(b))
                continue;
            if (auto *tool = qobject_cast<QToolButton *>(b); tool && tool->toolButtonStyle() == Qt::ToolButtonIconOnly)
                continue;
            const int needed = b->fontMetrics().horizontalAdvance(plain(b->text())) + (b->icon().isNull() ? 0 : b->iconSize().width() + 4) + 4;
            // Cut by its own size, or by the scroll area it sits in.
            const int shown = shownWidth(b);
            if (shown < needed)
                out << QStringLiteral("button \"%1\" in %2: %3 < %4 px").arg(b->text(), where(b)).arg(shown).arg(needed);
        }
        for (QLabel *l : window->findChildren<QLabel *>()) {
            if (!l->isVisible() || !placed(l) || l->wordWrap() || l->text().isEmpty() || !l->pixmap().isNull() || l->textFormat() == Qt::RichText)
                continue;
            if (Qt::mightBeRichText(l->text()) && l->textFormat() != Qt::PlainText)
                continue;
            // A label inside a scroll area may be wider than the area: only what is on screen counts.
            const int needed = l->fontMetrics().horizontalAdvance(l->text().section(QLatin1Char('\n'), 0, 0));
            const int shown = std::min(l->contentsRect().width(), shownWidth(l));
            if (shown + 1 < needed)
                out << QStringLiteral("label \"%1\" in %2: %3 < %4 px").arg(l->text().left(60), where(l)).arg(shown).arg(needed);
        }
        return out;
    }

private slots:
    void defaultLayoutAt720pCutsNothing()
    {
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        MainWindow w(o);
        w.resize(1280, 720);
        w.show();
        w.restoreDefaultLayout();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QFile sample(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        QVERIFY(w.applyText(QString::fromUtf8(sample.readAll()), QStringLiteral("nginx-deployment.yaml")).ok());
        w.session().advance(30'000);
        w.refreshNow();
        QApplication::processEvents();
        QStringList problems = cut(&w);
        // Every tab of every dock area, raised in turn.
        for (QDockWidget *dock : w.findChildren<QDockWidget *>()) {
            dock->raise();
            for (int i = 0; i < 5; ++i)   // show, layout, the scroll areas' resize: one pass each
                QApplication::processEvents();
            for (const QString &p : cut(dock))
                if (!problems.contains(p))
                    problems << p;
        }
        if (const QString dir = qEnvironmentVariable("RLAB_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(w.grab().save(dir + QStringLiteral("/default-layout-1280x720.png")));
        for (const QString &p : std::as_const(problems))
            qWarning().noquote() << p;
        QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("\n") + problems.join(u'\n')));
    }
};

QTEST_MAIN(TestNoElision)
#include "tst_noelision.moc"
