#include "core/kubectl/rollout.h"
#include "core/sim/simulation.h"
#include "tests/testutil/fixtures.h"
#include "ui/clustersession.h"
#include "ui/scene/canvasscene.h"
#include "ui/scene/clustercanvas.h"
#include "ui/scene/phasecolors.h"
#include "ui/scene/poditem.h"
#include "ui/theme.h"

#include <QApplication>
#include <QHelpEvent>
#include <QScrollBar>
#include <QToolTip>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// Far zoom (a chip narrower than PodItem::kPlainBelowPx on screen): one PodFieldItem paints
// every chip as the plain rectangle each PodItem would paint there, and the view skips the
// PodItems. The picture must be the one the items paint themselves; a click and a hover still
// find the pod (its hover text is made on hover, at any zoom); zooming in hands the chips back.
class TestCanvasFarZoom : public QObject
{
    Q_OBJECT

private:
    // 400 Ready pods on 4 nodes in a 480×300 canvas: fitted, a chip is ~10 px wide.
    static std::unique_ptr<ClusterSession> readySession()
    {
        ClusterConfig config;
        config.nodes = 4;
        auto session = std::make_unique<ClusterSession>(config);
        if (!session->apply({ManifestSource{QStringLiteral("web.yaml"), test::deploymentYaml(QStringLiteral("web"), 400).toUtf8(), {}}}).ok())
            qFatal("apply failed");
        session->simulation().runUntilIdle(600'000);
        return session;
    }

    // Shown at 480×300, the snapshot taken in and every chip at rest.
    static bool showSettled(ClusterSession &session, ClusterCanvas &canvas)
    {
        canvas.resize(480, 300);
        canvas.show();
        if (!QTest::qWaitForWindowExposed(&canvas))
            return false;
        session.frame();
        while (canvas.canvasScene()->isResetting() || session.intakeBacklog() > 0)
            session.frame();
        canvas.tick(session.monotonicMs() + 5'000);
        return true;
    }

    static QImage paint(ClusterCanvas &canvas)
    {
        QImage image(canvas.viewport()->size(), QImage::Format_RGB32);
        canvas.viewport()->render(&image, QPoint(), QRegion(), QWidget::DrawChildren);
        return image;
    }

    // Pixels whose colour differs by more than 2 in some channel.
    static int differing(const QImage &a, const QImage &b)
    {
        int n = 0;
        for (int y = 0; y < a.height(); ++y)
            for (int x = 0; x < a.width(); ++x) {
                const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
                if (std::abs(qRed(p) - qRed(q)) > 2 || std::abs(qGreen(p) - qGreen(q)) > 2 || std::abs(qBlue(p) - qBlue(q)) > 2)
                    ++n;
            }
        return n;
    }

private slots:
    void initTestCase() { theme::applyTo(*qobject_cast<QApplication *>(QCoreApplication::instance())); }

    void fieldPaintsWhatTheChipsWould()
    {
        auto session = readySession();
        ClusterCanvas canvas(*session);
        QVERIFY(showSettled(*session, canvas));
        CanvasScene &scene = *canvas.canvasScene();
        QCOMPARE(scene.podItems().size(), 400);
        QVERIFY2(canvas.zoom() * 112 < PodItem::kPlainBelowPx, qPrintable(QString::number(canvas.zoom())));
        QVERIFY(scene.isFarZoom());
        // Some chips fading (a scale-down's Terminating pods, smaller and translucent) too.
        QVERIFY(kubectl::rollout::scale(session->client(), QStringLiteral("default"), QStringLiteral("web"), 300).ok());
        session->advance(2'000);
        session->frame();
        canvas.tick(session->monotonicMs() + 100);
        const QImage field = paint(canvas);
        scene.setFarZoom(false);
        const QImage items = paint(canvas);
        scene.setFarZoom(true);
        int chipPixels = 0;   // what the chips cover: pixels the pods change against an empty lane
        const QColor ready = PhaseColors::color(PodStage::Ready);
        for (int y = 0; y < items.height(); ++y)
            for (int x = 0; x < items.width(); ++x)
                chipPixels += QColor(items.pixel(x, y)) == ready ? 1 : 0;
        QVERIFY2(chipPixels > 2'000, qPrintable(QString::number(chipPixels)));
        // Equal but for rounding at a few chip edges.
        const int diff = differing(field, items);
        qInfo("%d of %d chip pixels differ", diff, chipPixels);
        QVERIFY2(diff * 50 < chipPixels, qPrintable(QStringLiteral("%1 of %2").arg(diff).arg(chipPixels)));
        // At far zoom the chips run only their tweens while they move (PodItem::setDetached); at
        // rest each is an exact item again, where it was aimed, whole.
        QVERIFY(scene.isFarZoom());
        session->advance(60'000);   // the Terminating pods' grace ends: they go
        session->frame();
        for (int i = 1; i <= 3; ++i)   // the fades, the drops, the cards' moves after them
            canvas.tick(session->monotonicMs() + i * 10'000);
        QCOMPARE(scene.animatingCount(), 0);
        QCOMPARE(scene.podItems().size(), 300);
        for (const PodItem *p : scene.podItems()) {
            QCOMPARE(p->pos(), p->targetPos());
            QCOMPARE(p->opacity(), 1.0);
            QCOMPARE(p->scale(), 1.0);
        }
    }

    void clicksAndZoomFindThePods()
    {
        auto session = readySession();
        ClusterCanvas canvas(*session);
        QVERIFY(showSettled(*session, canvas));
        CanvasScene &scene = *canvas.canvasScene();
        QVERIFY(scene.isFarZoom());
        const PodItem *pod = scene.podItems().value(123);
        const QPoint at = canvas.mapFromScene(pod->sceneBoundingRect().center());
        const ObjectRef ref = canvas.objectAt(at);
        QCOMPARE(ref.kind, QStringLiteral("Pod"));
        QCOMPARE(ref.name, pod->data(2).toString());
        QCOMPARE(scene.podChipAt(pod->sceneBoundingRect().center()), pod);
        // Hovering shows the pod's text, made then from the pod as stored.
        const auto hover = [&](const QPoint &point) {
            QHelpEvent help(QEvent::ToolTip, point, canvas.viewport()->mapToGlobal(point));
            QCoreApplication::sendEvent(canvas.viewport(), &help);
            return QToolTip::text();
        };
        QVERIFY(pod->hoverText().contains(pod->data(2).toString()));
        QCOMPARE(hover(at), pod->hoverText());

        canvas.zoomBy(8.0);   // a chip ~80 px wide: the items paint themselves again
        QVERIFY(!scene.isFarZoom());
        canvas.centerOn(pod);
        QTRY_COMPARE(hover(canvas.mapFromScene(pod->sceneBoundingRect().center())), pod->hoverText());
        QCOMPARE(canvas.objectAt(canvas.mapFromScene(pod->sceneBoundingRect().center())).name, pod->data(2).toString());
        canvas.fit();
        QVERIFY(scene.isFarZoom());
    }

    // Many Deployments side by side (a saved lab of 200 was ~120 times as wide as tall): fitted
    // whole, the picture was a strip a few px high. Fit shows the picture's height from its left
    // end (the node names, the first Deployments), the rest a scroll away; a few Deployments
    // still fit whole.
    void manyDeploymentsFitTheirHeight_data()
    {
        QTest::addColumn<int>("deployments");
        QTest::addColumn<bool>("whole");
        QTest::newRow("2 Deployments: the whole picture") << 2 << true;
        QTest::newRow("24 Deployments: the height, from the left") << 24 << false;
    }
    void manyDeploymentsFitTheirHeight()
    {
        QFETCH(int, deployments);
        QFETCH(bool, whole);
        ClusterConfig config;
        config.nodes = 2;
        ClusterSession session(config);
        QList<ManifestSource> sources;
        for (int i = 0; i < deployments; ++i) {
            const QString name = QStringLiteral("lab-%1").arg(i, 2, 10, QLatin1Char('0'));
            sources << ManifestSource{name + QStringLiteral(".yaml"), test::deploymentYaml(name, 1).toUtf8(), {}};
        }
        QVERIFY(session.apply(sources).ok());
        session.simulation().runUntilIdle(600'000);
        ClusterCanvas canvas(session);
        canvas.resize(640, 400);
        canvas.show();
        QVERIFY(QTest::qWaitForWindowExposed(&canvas));
        session.frame();
        while (canvas.canvasScene()->isResetting() || session.intakeBacklog() > 0)
            session.frame();
        canvas.finishMotion();
        const QRectF scene = canvas.canvasScene()->sceneRect();
        const QRectF seen = canvas.mapToScene(canvas.viewport()->rect()).boundingRect();
        const double tall = canvas.zoom() * scene.height();
        qInfo("scene %.0f x %.0f, zoom %.4f: %.0f px tall in a %d px view", scene.width(), scene.height(), canvas.zoom(), tall,
              canvas.viewport()->height());
        QVERIFY2(tall >= canvas.viewport()->height() / 4.0, qPrintable(QString::number(tall)));
        if (whole) {
            QVERIFY(seen.adjusted(-1, -1, 1, 1).contains(scene));
        } else {
            QVERIFY(scene.width() > seen.width() * 4);
            QVERIFY2(qAbs(seen.left() - scene.left()) < 1.0, qPrintable(QString::number(seen.left())));   // the left end
            QTRY_VERIFY(canvas.horizontalScrollBar()->isVisible());   // laid out when events run
            QVERIFY(!canvas.verticalScrollBar()->isVisible());   // the whole height
        }
        // Stable: fitting again, or a resize back and forth, gives the same picture.
        const double zoom = canvas.zoom();
        canvas.fit();
        QCOMPARE(canvas.zoom(), zoom);
        canvas.resize(641, 400);
        canvas.resize(640, 400);
        QCoreApplication::processEvents();
        QCOMPARE(canvas.zoom(), zoom);
        if (whole)
            return;
        // Scrolled to the middle, the view stays there while the picture changes under it (a
        // Deployment scaled up: its column widens, the scene's rect changes, the view refits);
        // Fit goes back to the left end.
        QScrollBar &bar = *canvas.horizontalScrollBar();
        bar.setValue(bar.maximum() / 2);
        const auto centerX = [&canvas] { return canvas.mapToScene(canvas.viewport()->rect().center()).x(); };
        const double scrolledTo = centerX();
        QVERIFY(scrolledTo > scene.width() / 3);
        QVERIFY(session.apply({ManifestSource{QStringLiteral("lab-00.yaml"), test::deploymentYaml(QStringLiteral("lab-00"), 12).toUtf8(), {}}}).ok());
        session.simulation().runUntilIdle(600'000);
        session.frame();
        canvas.finishMotion();
        QVERIFY(canvas.canvasScene()->sceneRect() != scene);   // refitted
        // Within a few pixels (the new scale, the scroll bar's whole pixels).
        QVERIFY2(qAbs(centerX() - scrolledTo) * canvas.zoom() < 4.0, qPrintable(QStringLiteral("%1 -> %2").arg(scrolledTo).arg(centerX())));
        canvas.fit();
        QVERIFY(qAbs(canvas.mapToScene(canvas.viewport()->rect()).boundingRect().left() - canvas.canvasScene()->sceneRect().left()) < 1.0);
    }
};

QTEST_MAIN(TestCanvasFarZoom)
#include "tst_canvasfarzoom.moc"
