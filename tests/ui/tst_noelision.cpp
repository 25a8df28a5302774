#include "ui/clustersession.h"
#include "ui/i18n/language.h"
#include "ui/presenter/presentermode.h"
#include "ui/commands/clustercommands.h"
#include "ui/scene/canvasscene.h"
#include "ui/scene/canvastext.h"
#include "ui/scene/carditem.h"
#include "ui/scene/clustercanvas.h"
#include "ui/widgets/controlspanel.h"
#include "ui/widgets/workqueuelane.h"
#include "ui/mainwindow.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QStyleOptionComboBox>
#include <QDockWidget>
#include <QGraphicsScene>
#include <QLabel>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QToolButton>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// Issue 14: nothing visible is cut — every tab, button and one-line label shows its whole text,
// in the default and presenter layouts, at 1280×720 and 1920×1080, in English and Korean. Walks
// every visible widget of the window mid-rollout (old and new ReplicaSets both hold pods, the
// Workqueues panel has notes) and lists what does not fit, including the painted texts: the
// Workqueues lanes' counters line and notes, the canvas cards' titles. Frames are not started.
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
        int left = std::max(0, w->mapTo(top, QPoint(0, 0)).x()), right = std::min(top->width(), w->mapTo(top, QPoint(0, 0)).x() + w->width());
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
        for (QComboBox *c : window->findChildren<QComboBox *>()) {
            if (!c->isVisible() || !placed(c) || c->currentText().isEmpty())
                continue;
            // The text area QComboBox's style leaves between the frame and the arrow.
            QStyleOptionComboBox opt;
            opt.initFrom(c);
            opt.editable = c->isEditable();
            const QRect field = c->style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, c);
            const int needed = c->fontMetrics().horizontalAdvance(c->currentText()) + (c->itemIcon(c->currentIndex()).isNull() ? 0 : c->iconSize().width() + 4);
            const int shown = std::min(field.width(), shownWidth(c) - (c->width() - field.width()));
            if (shown + 1 < needed)
                out << QStringLiteral("combo box \"%1\" in %2: %3 < %4 px").arg(c->currentText().left(60), where(c)).arg(shown).arg(needed);
        }
        // The status bar's transient message: drawn left of the permanent widgets shown.
        for (QStatusBar *bar : window->findChildren<QStatusBar *>()) {
            const QString message = bar->currentMessage();
            if (!bar->isVisible() || message.isEmpty())
                continue;
            int room = bar->width() - 8;
            for (QWidget *child : bar->findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
                if (child->isVisible() && child->width() > 0 && child->x() > 0)
                    room = std::min(room, child->x());
            const int needed = bar->fontMetrics().horizontalAdvance(message) + 8;
            if (room < needed)
                out << QStringLiteral("status message \"%1\": %2 < %3 px").arg(message.left(60)).arg(room).arg(needed);
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
        // Painted texts: a Workqueues lane draws its lines whole (wrapped) and is tall enough for them.
        for (WorkQueueLane *lane : window->findChildren<WorkQueueLane *>()) {
            if (!lane->isVisible() || !placed(lane) || shownWidth(lane) < lane->width())
                continue;
            out += laneCut(lane);
        }
        if (auto *canvas = window->findChild<ClusterCanvas *>(); canvas && canvas->isVisible()) {
            for (QGraphicsItem *item : canvas->scene()->items()) {
                const auto *card = dynamic_cast<const CardItem *>(item);
                if (card && card->isVisible() && card->shownTitle() != card->content().title)
                    out << QStringLiteral("canvas card \"%1\" drawn as \"%2\"").arg(card->content().title, card->shownTitle());
            }
        }
        return out;
    }

    // What a Workqueues lane paints that would not show whole: a line wider than its room, a
    // text whose lines do not add up to it, a lane shorter than its lines.
    static QStringList laneCut(const WorkQueueLane *lane)
    {
        QStringList out;
        const QString name = lane->objectName();
        const QFontMetrics footer(lane->footerFont()), note(lane->noteFont());
        const QStringList lines = lane->footerLines(lane->width());
        for (const QString &line : lines)
            if (footer.horizontalAdvance(line) > lane->footerRoom(lane->width()))
                out << QStringLiteral("%1 counters line \"%2\": %3 > %4 px").arg(name, line).arg(footer.horizontalAdvance(line)).arg(lane->footerRoom(lane->width()));
        if (lines.isEmpty())
            out << QStringLiteral("%1: no counters line").arg(name);
        for (const QStringList &noted : lane->noteLines(lane->width()))
            for (const QString &line : noted)
                if (note.horizontalAdvance(line) > lane->noteRoom(lane->width()))
                    out << QStringLiteral("%1 note line \"%2\": %3 > %4 px").arg(name, line).arg(note.horizontalAdvance(line)).arg(lane->noteRoom(lane->width()));
        if (lane->height() < lane->contentHeight(lane->width()))
            out << QStringLiteral("%1: %2 px tall < %3 px drawn").arg(name).arg(lane->height()).arg(lane->contentHeight(lane->width()));
        return out;
    }

    static MainWindow::Options options()
    {
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        return o;
    }

private slots:
    void init()
    {
        Language::setLanguage(QStringLiteral("en"));
    }
    void cleanup()
    {
        Language::setLanguage(QStringLiteral("en"));
    }

    void nothingVisibleIsCut_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("presenter");
        QTest::addColumn<QString>("language");
        for (const QString &lang : {QStringLiteral("en"), QStringLiteral("ko")})
            for (bool presenter : {false, true})
                for (const QSize &size : {QSize(1280, 720), QSize(1920, 1080)})
                    QTest::addRow("%s %s %dx%d", presenter ? "presenter" : "default", qPrintable(lang), size.width(), size.height())
                        << size << presenter << lang;
    }

    // Every tab, button and one-line label of every visible widget shows its whole text, in the
    // default and presenter layouts, at 1280×720 and 1920×1080, in English and Korean.
    void nothingVisibleIsCut()
    {
        QFETCH(QSize, size);
        QFETCH(bool, presenter);
        QFETCH(QString, language);
        QVERIFY(Language::setLanguage(language));
        MainWindow w(options());
        w.resize(size);
        w.show();
        w.restoreDefaultLayout();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        if (presenter)
            w.panel<PresenterMode>(QStringLiteral("presenter"))->setEnabled(true);
        QFile sample(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        QVERIFY(w.applyText(QString::fromUtf8(sample.readAll()), QStringLiteral("nginx-deployment.yaml")).ok());
        w.session().advance(30'000);
        w.refreshNow();
        // Mid-rollout: two ReplicaSets with pods, the queues' notes of the image change.
        QVERIFY(w.panel<ControlsPanel>(QStringLiteral("controls"))->commands()->setImage(QStringLiteral("nginx"), QStringLiteral("nginx"), QStringLiteral("nginx:1.26")).ok());
        w.session().advance(1'500);
        w.refreshNow();
        for (int i = 0; i < 5; ++i)
            QApplication::processEvents();
        QCOMPARE(w.panel<ClusterCanvas>(QStringLiteral("canvas"))->canvasScene()->replicaSetCardCount(), 2);
        const QList<WorkQueueLane *> lanes = w.findChildren<WorkQueueLane *>();
        QVERIFY(std::any_of(lanes.cbegin(), lanes.cend(), [](const WorkQueueLane *l) { return !l->noteLines(l->width()).isEmpty(); }));
        QStringList problems = cut(&w);
        // Every tab of every dock area, raised in turn.
        for (QDockWidget *dock : w.findChildren<QDockWidget *>()) {
            if (!dock->isVisible())
                continue;
            dock->raise();
            for (int i = 0; i < 5; ++i)   // show, layout, the scroll areas' resize: one pass each
                QApplication::processEvents();
            for (const QString &p : cut(dock))
                if (!problems.contains(p))
                    problems << p;
        }
        if (const QString dir = qEnvironmentVariable("RLAB_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(w.grab().save(dir + QStringLiteral("/%1-layout-%2-%3x%4.png").arg(presenter ? QStringLiteral("presenter") : QStringLiteral("default"), language).arg(size.width()).arg(size.height())));
        for (const QString &p : std::as_const(problems))
            qWarning().noquote() << p;
        QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("\n") + problems.join(u'\n')));
    }

    void presenterCanvasTextIsReadable_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("replicas");
        QTest::addColumn<QString>("language");
        for (const QSize &size : {QSize(1280, 720), QSize(1920, 1080)}) {
            for (int replicas : {3, 10, 20, 30})
                QTest::addRow("%dx%d %d pods", size.width(), size.height(), replicas) << size << replicas << QStringLiteral("en");
            QTest::addRow("%dx%d 30 pods ko", size.width(), size.height()) << size << 30 << QStringLiteral("ko");
        }
    }

    // Presenter mode, mid-rollout (old and new ReplicaSets both hold pods): every text the canvas
    // draws is at least 18 px on screen (CanvasText's sizes × the view's zoom), the whole
    // picture is in view (Fit fills the canvas without going below that), and the legend fits
    // the canvas's width.
    void presenterCanvasTextIsReadable()
    {
        QFETCH(QSize, size);
        QFETCH(int, replicas);
        QFETCH(QString, language);
        QVERIFY(Language::setLanguage(language));
        MainWindow w(options());
        w.resize(size);
        w.show();
        w.restoreDefaultLayout();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.panel<PresenterMode>(QStringLiteral("presenter"))->setEnabled(true);
        auto *canvas = w.panel<ClusterCanvas>(QStringLiteral("canvas"));
        QVERIFY(canvas->isPresenter());
        QFile sample(QStringLiteral(":/manifests/nginx-deployment.yaml"));
        QVERIFY(sample.open(QIODevice::ReadOnly));
        const QString manifest = QString::fromUtf8(sample.readAll()).replace(QStringLiteral("replicas: 3"), QStringLiteral("replicas: %1").arg(replicas));
        QVERIFY(w.applyText(manifest, QStringLiteral("nginx-deployment.yaml")).ok());
        w.session().advance(60'000);
        w.refreshNow();
        QVERIFY(w.panel<ControlsPanel>(QStringLiteral("controls"))->commands()->setImage(QStringLiteral("nginx"), QStringLiteral("nginx"), QStringLiteral("nginx:1.26")).ok());
        w.session().advance(1'500);
        w.refreshNow();
        for (int i = 0; i < 5; ++i)
            QApplication::processEvents();
        const qint64 t0 = w.session().monotonicMs();
        for (int i = 1; i <= 50; ++i)   // every glide and fade-in ends (frames are not started)
            canvas->tick(t0 + i * 100);
        QCOMPARE(canvas->canvasScene()->replicaSetCardCount(), 2);
        QVERIFY(canvas->canvasScene()->podItems().size() >= replicas);

        const double smallest = canvas->smallestTextPx();
        QVERIFY2(smallest >= CanvasText::kReadablePx, qPrintable(QStringLiteral("%1 px at zoom %2").arg(smallest).arg(canvas->zoom())));
        const QRect picture = canvas->mapFromScene(canvas->sceneRect()).boundingRect();
        const QRect room = canvas->viewport()->rect().adjusted(0, 0, 0, -canvas->legendRect().height());
        QVERIFY(!picture.intersects(canvas->findChild<QWidget *>(QStringLiteral("canvasFitButton"))->geometry()));
        QVERIFY2(room.contains(picture.adjusted(2, 2, -2, -2)),
                 qPrintable(QStringLiteral("picture %1x%2 at zoom %3, canvas %4x%5")
                                .arg(picture.width()).arg(picture.height()).arg(canvas->zoom()).arg(room.width()).arg(room.height())));
        QVERIFY(canvas->viewport()->rect().contains(canvas->legendRect()));
        // And nothing else of the window is cut with the rollout's longer texts either.
        const QStringList problems = cut(&w);
        QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("\n") + problems.join(u'\n')));
        if (const QString dir = qEnvironmentVariable("RLAB_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(w.grab().save(dir + QStringLiteral("/presenter-rollout-%1pods-%2-%3x%4.png").arg(replicas).arg(language).arg(size.width()).arg(size.height())));
    }
};

QTEST_MAIN(TestNoElision)
#include "tst_noelision.moc"
