#include "core/api/node.h"
#include "core/sim/view/clusterview.h"
#include "core/kubectl/rollout.h"
#include "core/store/kvstore.h"
#include "ui/clustersession.h"
#include "ui/i18n/language.h"
#include "ui/scene/canvasscene.h"
#include "ui/scene/cardcontents.h"
#include "ui/scene/carditem.h"
#include "ui/scene/clustercanvas.h"
#include "ui/scene/podslots.h"
#include "ui/scene/nodelaneitem.h"
#include "ui/scene/poditem.h"
#include "ui/theme.h"
#include "tests/ui/nginxcanvas.h"

#include <QApplication>
#include <QSignalSpy>
#include <QToolButton>
#include <QtTest>

#include <algorithm>
#include <cstdlib>
#include <utility>

using namespace rlab;
using namespace rlab::ui;
using namespace rlab::test::nginxcanvas;

// The cluster canvas driven exactly as the window drives it: kubectl-like writes through the
// session, virtual time advanced explicitly, one frame() = store events + frameDone. Checks the
// picture (cards, pods in node lanes, stage colours), the animations (fly-in, fade-out of
// Terminating pods, finished by frames), stable slots, reset, clicks and zoom.
class TestCanvas : public QObject
{
    Q_OBJECT

private:
    static QList<PodItem *> podsIn(const CanvasScene &scene, PodStage stage)
    {
        QList<PodItem *> out;
        for (PodItem *p : scene.podItems()) {
            if (p->stage() == stage)
                out << p;
        }
        return out;
    }

    struct Place
    {
        QString lane;
        int slot;
        QPointF target;
        bool operator==(const Place &) const = default;
    };
    static QHash<QString, Place> places(const CanvasScene &scene)
    {
        QHash<QString, Place> out;
        for (PodItem *p : scene.podItems()) {
            const QString ns = p->data(1).toString(), name = p->data(2).toString();
            out.insert(name, Place{scene.podLane(ns, name), scene.podSlot(ns, name), p->targetPos()});
        }
        return out;
    }

private slots:
    void initTestCase()
    {
        theme::applyTo(*qobject_cast<QApplication *>(QCoreApplication::instance()));
    }

    void emptyClusterShowsNodeLanes()
    {
        ClusterSession session;
        ClusterCanvas canvas(session);
        const CanvasScene &scene = *canvas.canvasScene();
        QCOMPARE(scene.deploymentCardCount(), 0);
        QCOMPARE(scene.replicaSetCardCount(), 0);
        QVERIFY(scene.podItems().isEmpty());
        for (const char *n : {"node-1", "node-2", "node-3"})
            QVERIFY2(scene.laneOf(QString::fromLatin1(n)), n);
        QVERIFY(scene.laneOf(QString())->look().waitingLane);
        QCOMPARE(scene.laneOf(QStringLiteral("node-1"))->look().status, QStringLiteral("Ready · 0 pods"));
    }

    // Node lanes are painted from a device-resolution cache (a rollout's frames repaint each
    // lane under moving pods; the antialiased lane costs ~0.7 ms to rasterise at 1,900 px): the
    // picture is the one the lanes paint themselves, within a rounding step per channel.
    void laneCacheKeepsThePicture()
    {
        ClusterSession session;
        ClusterCanvas canvas(session);
        QVERIFY(showWithNginxRunning(session, canvas));
        canvas.tick(session.monotonicMs() + 5'000);   // every chip settled
        QList<QGraphicsItem *> lanes;
        for (QGraphicsItem *item : canvas.scene()->items())
            if (dynamic_cast<NodeLaneItem *>(item))
                lanes << item;
        QCOMPARE(lanes.size(), 4);   // node-1..3 and the waiting lane
        for (QGraphicsItem *lane : lanes)
            QCOMPARE(lane->cacheMode(), QGraphicsItem::DeviceCoordinateCache);
        const QImage cached = canvas.grab().toImage();
        for (QGraphicsItem *lane : lanes)
            lane->setCacheMode(QGraphicsItem::NoCache);
        const QImage painted = canvas.grab().toImage();
        QCOMPARE(cached.size(), painted.size());
        int differing = 0, largest = 0;
        for (int y = 0; y < cached.height(); ++y)
            for (int x = 0; x < cached.width(); ++x) {
                const QRgb a = cached.pixel(x, y), b = painted.pixel(x, y);
                const int d = std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
                differing += d > 0 ? 1 : 0;
                largest = std::max(largest, d);
            }
        QVERIFY2(largest <= 2, qPrintable(QStringLiteral("%1 pixels differ, by up to %2").arg(differing).arg(largest)));
    }

    // The waiting lane counts the pods on no node as they come and go (kept as pods are placed
    // and dropped; Debug builds also check it against a count of every pod each refresh).
    void waitingLaneCountsUnscheduledPods()
    {
        ClusterSession session;
        ClusterCanvas canvas(session);
        const CanvasScene &scene = *canvas.canvasScene();
        runNginx(session);
        QCOMPARE(scene.laneOf(QString())->look().status, QStringLiteral("0 pods waiting"));
        for (const char *n : {"node-1", "node-2", "node-3"}) {   // cordoned: new pods stay unscheduled
            auto node = std::static_pointer_cast<api::Node>(session.client().getAs<api::Node>(QString(), QString::fromLatin1(n))->clone());
            node->spec.unschedulable = true;
            QVERIFY(session.client().update(node).ok());
        }
        // Scaled up, two new pods wait; scaled down, the unscheduled ones go first (the deletion ranking).
        const std::pair<int, const char *> steps[] = {{5, "2 pods waiting"}, {4, "1 pod waiting"}, {3, "0 pods waiting"}};
        for (const auto &[replicas, waiting] : steps) {
            QVERIFY(kubectl::rollout::scale(session.client(), QStringLiteral("default"), QStringLiteral("nginx"), replicas).ok());
            run(session, 30'000);
            QCOMPARE(scene.laneOf(QString())->look().status, QString::fromLatin1(waiting));
            QCOMPARE(int(scene.podItems().size()), replicas);
        }
    }

    void sampleDeploymentBecomesReady()
    {
        ClusterSession session;
        ClusterCanvas canvas(session);
        const CanvasScene &scene = *canvas.canvasScene();
        runNginx(session);
        QCOMPARE(scene.deploymentCardCount(), 1);
        QCOMPARE(scene.replicaSetCardCount(), 1);
        QCOMPARE(scene.podItems().size(), 3);
        QSet<QString> lanes;
        for (PodItem *p : scene.podItems()) {
            const QString lane = scene.podLane(p->data(1).toString(), p->data(2).toString());
            QVERIFY2(lane.startsWith(QLatin1String("node-")), qPrintable(lane));
            lanes.insert(lane);
            QCOMPARE(p->stage(), PodStage::Ready);
            QCOMPARE(p->currentColor(), PhaseColors::color(PodStage::Ready));
            QCOMPARE(p->opacity(), 1.0);
            QCOMPARE(p->pos(), p->targetPos());
            // Each chip sits inside its node's lane.
            QVERIFY(scene.laneOf(lane)->sceneBoundingRect().contains(p->sceneBoundingRect()));
        }
        QCOMPARE(lanes.size(), 3);   // the default scheduler spreads them
        const CardItem *d = scene.deploymentCard(QStringLiteral("default"), QStringLiteral("nginx"));
        QVERIFY(d);
        QCOMPARE(d->content().counters.value(3).second, 3);   // available
        QCOMPARE(d->content().badge, QStringLiteral("rev 1"));
        QCOMPARE(scene.animatingCount(), 0);
    }


    void scaleKeepsSlots()
    {
        ClusterSession session;
        ClusterCanvas canvas(session);
        const CanvasScene &scene = *canvas.canvasScene();
        runNginx(session);
        QVERIFY(kubectl::rollout::scale(session.client(), QStringLiteral("default"), QStringLiteral("nginx"), 5).ok());
        run(session, 30'000);
        QCOMPARE(scene.podItems().size(), 5);
        QCOMPARE(podsIn(scene, PodStage::Ready).size(), 5);
        const CardItem *rs = scene.replicaSetCard(QStringLiteral("default"), scene.podItems().first()->data(2).toString().section(QLatin1Char('-'), 0, 1));
        QVERIFY(rs);
        QCOMPARE(rs->content().counters.value(0).second, 5);   // desired
        QCOMPARE(rs->content().counters.value(2).second, 5);   // ready
        const QHash<QString, Place> before = places(scene);

        // Scale down to 2: the survivors do not move.
        QVERIFY(kubectl::rollout::scale(session.client(), QStringLiteral("default"), QStringLiteral("nginx"), 2).ok());
        run(session, 30'000);
        canvas.tick(session.monotonicMs() + 5000);
        QCOMPARE(scene.podItems().size(), 2);
        const QHash<QString, Place> survivors = places(scene);
        for (auto it = survivors.cbegin(); it != survivors.cend(); ++it) {
            QVERIFY(before.contains(it.key()));
            QVERIFY2(before.value(it.key()) == *it, qPrintable(it.key()));
        }
        // And up to 7: newcomers fill holes, the two survivors still do not move.
        QVERIFY(kubectl::rollout::scale(session.client(), QStringLiteral("default"), QStringLiteral("nginx"), 7).ok());
        run(session, 30'000);
        QCOMPARE(scene.podItems().size(), 7);
        const QHash<QString, Place> after = places(scene);
        for (auto it = survivors.cbegin(); it != survivors.cend(); ++it)
            QVERIFY2(after.value(it.key()) == *it, qPrintable(it.key()));
    }

    // Issue 14: after 100 → 20 the cells close ranks (no scattered slots), lanes and columns
    // shrink, the picture fits again, and Fit / double-click fit it (also on an object).
    void scaleDown100To20Compacts()
    {
        ClusterSession session;
        ClusterCanvas canvas(session);
        QVERIFY(showWithNginxRunning(session, canvas));
        const CanvasScene &scene = *canvas.canvasScene();
        QVERIFY(kubectl::rollout::scale(session.client(), QStringLiteral("default"), QStringLiteral("nginx"), 100).ok());
        run(session, 60'000);
        canvas.tick(session.monotonicMs() + 5000);
        QCOMPARE(scene.podItems().size(), 100);
        const QRectF big = scene.sceneRect();
        const double zoomBig = canvas.zoom();

        QVERIFY(kubectl::rollout::scale(session.client(), QStringLiteral("default"), QStringLiteral("nginx"), 20).ok());
        run(session, 60'000);
        canvas.tick(session.monotonicMs() + 5000);
        QCOMPARE(scene.podItems().size(), 20);
        // Every lane's slots are 0..n-1: count the pods per lane and compare with the highest slot.
        QHash<QString, int> perLane, highest;
        for (PodItem *p : scene.podItems()) {
            const QString ns = p->data(1).toString(), name = p->data(2).toString();
            const QString lane = scene.podLane(ns, name);
            ++perLane[lane];
            highest[lane] = std::max(highest.value(lane, -1), scene.podSlot(ns, name));
        }
        for (auto it = perLane.cbegin(); it != perLane.cend(); ++it)
            QVERIFY2(highest.value(it.key()) < it.value() + PodSlots::kMinHoles, qPrintable(it.key()));
        const QRectF small = scene.sceneRect();
        QVERIFY2(small.height() < big.height(), qPrintable(QStringLiteral("%1 → %2").arg(big.height()).arg(small.height())));
        QVERIFY2(small.width() < big.width(), qPrintable(QStringLiteral("%1 → %2").arg(big.width()).arg(small.width())));
        // Auto-fit followed the smaller picture: larger than before.
        QVERIFY(canvas.zoom() > zoomBig);
        const double fitted = canvas.zoom();
        if (const QString dir = qEnvironmentVariable("RLAB_SCREENSHOT_DIR"); !dir.isEmpty()) {
            canvas.tick(session.monotonicMs() + 10'000);   // the compaction's animation ends
            QVERIFY(canvas.grab().save(dir + QStringLiteral("/canvas-after-scale-down-1280x720.png")));
        }

        // Zoomed away, Fit and a double-click (on a pod, too) bring the whole picture back.
        canvas.zoomBy(0.5);
        QVERIFY(!canvas.autoFit());
        QTest::mouseClick(canvas.findChild<QToolButton *>(QStringLiteral("canvasFitButton")), Qt::LeftButton);
        QVERIFY(canvas.autoFit());
        QCOMPARE(canvas.zoom(), fitted);
        canvas.zoomBy(2.0);
        PodItem *pod = scene.podItems().first();
        QTest::mouseDClick(canvas.viewport(), Qt::LeftButton, {}, canvas.mapFromScene(pod->sceneBoundingRect().center()));
        QVERIFY(canvas.autoFit());
        QCOMPARE(canvas.zoom(), fitted);
        QVERIFY(canvas.mapToScene(canvas.viewport()->rect()).boundingRect().adjusted(-1, -1, 1, 1).contains(canvas.sceneRect()));
    }

    void setImageAddsNewReplicaSetAndFadesOldPods()
    {
        ClusterSession session;
        ClusterCanvas canvas(session);
        CanvasScene &scene = *canvas.canvasScene();
        runNginx(session);
        QVERIFY(kubectl::rollout::scale(session.client(), QStringLiteral("default"), QStringLiteral("nginx"), 5).ok());
        run(session, 30'000);
        const QString oldRs = scene.podItems().first()->data(2).toString().section(QLatin1Char('-'), 0, 1);
        QVERIFY(kubectl::rollout::setImage(session.client(), QStringLiteral("default"), QStringLiteral("nginx"),
                                              QStringLiteral("nginx"), QStringLiteral("nginx:1.26"))
                    .ok());
        // A few seconds in: the new ReplicaSet exists and old pods are terminating.
        bool sawTerminating = false;
        for (int i = 0; i < 40 && !sawTerminating; ++i) {
            run(session, 250);
            const QList<PodItem *> terminating = podsIn(scene, PodStage::Terminating);
            if (!terminating.isEmpty()) {
                sawTerminating = true;
                canvas.tick(session.monotonicMs() + 2000);
                for (PodItem *p : terminating) {
                    if (scene.podItem(p->data(1).toString(), p->data(2).toString()))
                        QVERIFY2(p->opacity() < 0.5, qPrintable(QString::number(p->opacity())));
                }
            }
        }
        QVERIFY(sawTerminating);
        QCOMPARE(scene.replicaSetCardCount(), 2);
        run(session, 120'000);
        canvas.tick(session.monotonicMs() + 5000);
        QCOMPARE(scene.replicaSetCardCount(), 2);
        QCOMPARE(scene.podItems().size(), 5);
        const CardItem *oldCard = scene.replicaSetCard(QStringLiteral("default"), oldRs);
        QVERIFY(oldCard);
        QString newRs;
        for (PodItem *p : scene.podItems()) {
            QCOMPARE(p->stage(), PodStage::Ready);
            newRs = p->data(2).toString().section(QLatin1Char('-'), 0, 1);
            QVERIFY(newRs != oldRs);
        }
        const CardItem *newCard = scene.replicaSetCard(QStringLiteral("default"), newRs);
        QVERIFY(newCard);
        QCOMPARE(newCard->content().accent, CardContents::newReplicaSetAccent());
        QCOMPARE(newCard->content().badge, QStringLiteral("rev 2"));
        QCOMPARE(oldCard->content().accent, CardContents::oldReplicaSetAccent());
        QVERIFY(oldCard->content().faded);
        QVERIFY(newCard->pos().x() > oldCard->pos().x());   // newest revision rightmost
    }


    void resetClearsAndSnapshotIsInstant()
    {
        ClusterSession session;
        ClusterCanvas canvas(session);
        CanvasScene &scene = *canvas.canvasScene();
        runNginx(session);
        QCOMPARE(scene.podItems().size(), 3);
        // A past (or present) store state shown at once: no fly-in, nothing animating.
        CanvasScene other;
        other.reset(session.view().objects()->kvs, 0, 0);
        QCOMPARE(other.podItems().size(), 3);
        QCOMPARE(other.animatingCount(), 0);
        for (PodItem *p : other.podItems()) {
            QCOMPARE(p->opacity(), 1.0);
            QCOMPARE(p->pos(), p->targetPos());
            QCOMPARE(p->currentColor(), PhaseColors::color(PodStage::Ready));
        }
        QSignalSpy resets(&session, &ClusterSession::clusterReset);
        session.reset();
        QCOMPARE(resets.size(), 1);
        QCOMPARE(scene.deploymentCardCount(), 0);
        QCOMPARE(scene.replicaSetCardCount(), 0);
        QVERIFY(scene.podItems().isEmpty());
        QVERIFY(scene.laneOf(QStringLiteral("node-3")));
        QCOMPARE(scene.animatingCount(), 0);
    }

    // A language switch re-sets every item's tooltip from the object as stored now: a pod that
    // does not change after it shows its hover text in the new language (and back).
    void tooltipsFollowTheLanguage()
    {
        ClusterSession session;
        ClusterCanvas canvas(session);
        QVERIFY(showWithNginxRunning(session, canvas));
        PodItem *pod = canvas.canvasScene()->podItems().first();
        NodeLaneItem *lane = canvas.canvasScene()->laneOf(QStringLiteral("node-1"));
        const QString english = pod->hoverText(), laneEnglish = lane->toolTip();
        QVERIFY(english.contains(QLatin1String("\nnode: node-")));
        QVERIFY(Language::setLanguage(QStringLiteral("ko")));
        QTRY_VERIFY(pod->hoverText().contains(QStringLiteral("\n노드: node-")));   // LanguageChange is posted
        QVERIFY(!pod->hoverText().contains(QLatin1String("\nnode: ")));
        QVERIFY(!pod->hoverText().contains(QLatin1String("\nowner: ")));
        QVERIFY(Language::setLanguage(QStringLiteral("en")));
        QTRY_COMPARE(pod->hoverText(), english);
        QCOMPARE(lane->toolTip(), laneEnglish);
    }

    void clickActivatesAndKeysZoom()
    {
        ClusterSession session;
        ClusterCanvas canvas(session);
        QVERIFY(showWithNginxRunning(session, canvas));
        canvas.fit();
        PodItem *pod = canvas.canvasScene()->podItems().first();
        QVERIFY(pod->hoverText().contains(QLatin1String("node: node-")));
        QSignalSpy spy(&canvas, &ClusterCanvas::objectActivated);
        const QPoint at = canvas.mapFromScene(pod->sceneBoundingRect().center());
        QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(spy.size(), 1);
        const auto ref = spy.first().first().value<ObjectRef>();
        QCOMPARE(ref.kind, QStringLiteral("Pod"));
        QCOMPARE(ref.name, pod->data(2).toString());
        // The Deployment card.
        CardItem *card = canvas.canvasScene()->deploymentCard(QStringLiteral("default"), QStringLiteral("nginx"));
        QTest::mouseClick(canvas.viewport(), Qt::LeftButton, {}, canvas.mapFromScene(card->sceneBoundingRect().center()));
        QCOMPARE(spy.size(), 2);
        QCOMPARE(spy.last().first().value<ObjectRef>(), (ObjectRef{QStringLiteral("Deployment"), QStringLiteral("default"), QStringLiteral("nginx")}));

        const double fitted = canvas.zoom();
        QVERIFY(canvas.autoFit());
        QTest::keyClick(&canvas, Qt::Key_Plus);
        QVERIFY(canvas.zoom() > fitted * 1.2);
        QVERIFY(!canvas.autoFit());
        QTest::keyClick(&canvas, Qt::Key_Minus);
        QVERIFY(qAbs(canvas.zoom() - fitted) < 1e-9);
        QTest::keyClick(&canvas, Qt::Key_0);
        QVERIFY(canvas.autoFit());
        QCOMPARE(canvas.zoom(), fitted);
        // The whole picture is in view after fit.
        QVERIFY(canvas.mapToScene(canvas.viewport()->rect()).boundingRect().adjusted(-1, -1, 1, 1).contains(canvas.sceneRect()));
    }

    // Renders the canvas mid-rollout (5 replicas, nginx:1.25 → 1.26) at projector sizes into the
    // build directory, for a human to look at; asserts only that the picture is not blank.
    void screenshotsMidRollout_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x720") << QSize(1280, 720);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }
    void screenshotsMidRollout()
    {
        QFETCH(QSize, size);
        ClusterSession session;
        ClusterCanvas canvas(session);
        canvas.resize(size);
        canvas.show();
        QVERIFY(QTest::qWaitForWindowExposed(&canvas));
        runNginx(session);
        QVERIFY(kubectl::rollout::scale(session.client(), QStringLiteral("default"), QStringLiteral("nginx"), 5).ok());
        run(session, 30'000);
        QVERIFY(kubectl::rollout::setImage(session.client(), QStringLiteral("default"), QStringLiteral("nginx"),
                                              QStringLiteral("nginx"), QStringLiteral("nginx:1.26"))
                    .ok());
        const qint64 ms = qEnvironmentVariableIntValue("RLAB_CANVAS_SHOT_MS") > 0 ? qEnvironmentVariableIntValue("RLAB_CANVAS_SHOT_MS") : 2500;
        for (qint64 t = 0; t < ms; t += 250)
            run(session, 250);
        canvas.tick(session.monotonicMs() + 400);   // mid-animation is fine, that is what a class sees
        const QImage shot = canvas.grab().toImage();
        const QByteArray dir = qgetenv("RLAB_BINARY_DIR");
        const QString path = (dir.isEmpty() ? QCoreApplication::applicationDirPath() : QString::fromLocal8Bit(dir))
                             + QStringLiteral("/tst_canvas-%1x%2.png").arg(size.width()).arg(size.height());
        QVERIFY(shot.save(path));
        QCOMPARE(shot.size(), size);
        int drawn = 0;   // pixels of the middle column that are not background
        for (int y = 0; y < size.height(); ++y)
            drawn += shot.pixelColor(size.width() / 2, y) != shot.pixelColor(2, 2) ? 1 : 0;
        QVERIFY2(drawn > size.height() / 4, qPrintable(QString::number(drawn)));
    }
};

QTEST_MAIN(TestCanvas)
#include "tst_canvas.moc"
