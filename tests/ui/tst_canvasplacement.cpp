#include "core/apiserver/resourcetype.h"
#include "core/kubectl/rollout.h"
#include "core/sim/simulation.h"
#include "tests/testutil/fixtures.h"
#include "ui/clustersession.h"
#include "ui/scene/canvasscene.h"
#include "ui/scene/clustercanvas.h"
#include "ui/scene/poditem.h"

#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// The canvas places only the pods put in another cell when a layout leaves every column's x and
// chip columns and every lane's y as they were (CanvasScene::relayout), and all of them cell by
// cell otherwise. Either way every chip must end up aimed at its slot: checked after every frame
// of a scale-up (lanes grow), a rolling update (pods come one by one), a scale-down (cells
// compact) and a node going away (its pods wait). And the chips of removed pods are reused for
// new ones, as new.
class TestCanvasPlacement : public QObject
{
    Q_OBJECT

private:

    // Frames of 100 virtual ms until `ms` have passed; false at the first frame that leaves a
    // chip aimed somewhere else than its slot.
    static bool framesKeepPodsAtTheirSlots(ClusterSession &session, const CanvasScene &scene, qint64 ms)
    {
        for (qint64 t = 0; t < ms; t += 100) {
            session.advance(100);
            session.frame();
            if (!scene.podsAtTheirSlots())
                return false;
        }
        return true;
    }

private slots:
    void everyLayoutLeavesPodsAtTheirSlots()
    {
        ClusterConfig config;
        config.nodes = 4;
        ClusterSession session(config);
        session.setLatency(QStringLiteral("classroom"));   // pods come and go a few per frame
        ClusterCanvas canvas(session);
        const CanvasScene &scene = *canvas.canvasScene();
        QVERIFY(session.apply({ManifestSource{QStringLiteral("web.yaml"), test::deploymentYaml(QStringLiteral("web"), 12).toUtf8(), {}}}).ok());
        QVERIFY(framesKeepPodsAtTheirSlots(session, scene, 60'000));
        QCOMPARE(scene.podItems().size(), 12);

        const auto client = [&]() -> client::Interface & { return session.client(); };
        const QString ns = QStringLiteral("default"), name = QStringLiteral("web");
        QVERIFY(kubectl::rollout::scale(client(), ns, name, 60).ok());   // the lanes grow rows
        QVERIFY(framesKeepPodsAtTheirSlots(session, scene, 60'000));
        QCOMPARE(scene.podItems().size(), 60);
        QVERIFY(kubectl::rollout::setImage(client(), ns, name, QStringLiteral("app"), QStringLiteral("nginx:1.26")).ok());
        QVERIFY(framesKeepPodsAtTheirSlots(session, scene, 240'000));
        QCOMPARE(scene.podItems().size(), 60);
        // 60 pods went and 60 came: the new ones took the old ones' chips (hidden meanwhile),
        // each shown as new, with its own name.
        int chips = 0;
        for (QGraphicsItem *item : scene.items())
            if (dynamic_cast<PodItem *>(item))
                ++chips;
        QVERIFY2(chips < 60 + 30, qPrintable(QString::number(chips)));   // 120 if none was reused
        for (const PodItem *p : scene.podItems()) {
            QVERIFY(p->isVisible());
            QCOMPARE(p->label(), p->data(2).toString().section(QLatin1Char('-'), -1));
            QVERIFY(!p->removing);
            QCOMPARE(p->opacity(), 1.0);
            QCOMPARE(p->scale(), 1.0);
            QCOMPARE(p->data(0).toString(), QStringLiteral("Pod"));
            QVERIFY(p->hoverText().contains(p->data(2).toString()));
        }
        QVERIFY(kubectl::rollout::scale(client(), ns, name, 8).ok());   // most cells turn to holes and compact
        QVERIFY(framesKeepPodsAtTheirSlots(session, scene, 90'000));   // 30 s of grace each
        QCOMPARE(scene.podItems().size(), 8);
        QVERIFY(session.client().remove(apiserver::resources::byKind(api::Kind::Node), QString(), QStringLiteral("node-2")).ok());
        QVERIFY(framesKeepPodsAtTheirSlots(session, scene, 30'000));

        // Both kinds of layout ran: pods placed one by one as they came, and all at once.
        const CanvasScene::PlacementCounts counts = scene.placementCounts();
        qInfo("layouts: %d placed all, %d only the moved", counts.all, counts.moved);
        QVERIFY2(counts.moved >= 10, qPrintable(QString::number(counts.moved)));
        QVERIFY2(counts.all >= 3, qPrintable(QString::number(counts.all)));
        for (const PodItem *p : scene.podItems())
            QCOMPARE(p->pos(), p->targetPos());   // and at rest, each where it was aimed
    }

    // A scale from 600 to 0 whose removals all come in one frame: their fades end in the same
    // tick, and the canvas drops at most CanvasScene::kDropsPerTick chips a tick (issue #16:
    // dropping a rolling update's 1,250 old pods and the layout after took ~13 ms of one frame),
    // counting the rest as still animating, until none is left.
    void fadedPodsAreDroppedAFewHundredATick()
    {
        ClusterConfig config;
        config.nodes = 4;
        ClusterSession session(config);
        ClusterCanvas canvas(session);
        const CanvasScene &scene = *canvas.canvasScene();
        QVERIFY(session.apply({ManifestSource{QStringLiteral("web.yaml"), test::deploymentYaml(QStringLiteral("web"), 600).toUtf8(), {}}}).ok());
        session.simulation().runUntilIdle(600'000);
        session.setIntakeBudgetMs(0);   // each frame hands on everything
        session.frame();
        while (scene.isResetting())
            session.frame();
        qint64 t = session.monotonicMs() + 5'000;
        canvas.tick(t);
        QCOMPARE(scene.podItems().size(), 600);
        QVERIFY(kubectl::rollout::scale(session.client(), QStringLiteral("default"), QStringLiteral("web"), 0).ok());
        session.simulation().runUntilIdle(600'000);
        session.frame();   // 600 removals: 600 fades (its own tick may end them: virtual time ran)
        QVERIFY(scene.podItems().size() >= 600 - CanvasScene::kDropsPerTick);
        std::vector<qsizetype> left{scene.podItems().size()};
        while (!scene.podItems().isEmpty() && left.size() < 100) {
            canvas.tick(t += 5'000);   // every fade ends by the first of these ticks
            left.push_back(scene.podItems().size());
            QVERIFY(left.back() == 0 || scene.animatingCount() > 0);   // not at rest while chips wait
        }
        QCOMPARE(left.back(), 0);
        for (std::size_t i = 1; i < left.size(); ++i)
            QVERIFY2(left[i - 1] - left[i] <= CanvasScene::kDropsPerTick, qPrintable(QString::number(left[i - 1] - left[i])));
        QVERIFY(left.size() >= 3);   // 600 at 200 a tick
        canvas.tick(t += 5'000);        // the cards' last moves
        QCOMPARE(scene.animatingCount(), 0);
    }

    // A pod deleted and made again under its name before its chip faded out (a bare pod
    // recreated): the chip comes back, at full opacity, and stays.
    void podPutAgainWhileFadingComesBack()
    {
        ClusterSession session;
        ClusterCanvas canvas(session);
        const CanvasScene &scene = *canvas.canvasScene();
        const QByteArray pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: solo\nspec:\n  containers:\n  - name: app\n    image: nginx:1.25\n";
        QVERIFY(session.apply({ManifestSource{QStringLiteral("solo.yaml"), pod, {}}}).ok());
        session.simulation().runUntilIdle(60'000);
        session.frame();
        qint64 t = session.monotonicMs() + 5'000;
        canvas.tick(t);
        QCOMPARE(scene.podItems().size(), 1);
        apiserver::DeleteOptions now;
        now.gracePeriodSeconds = 0;
        QVERIFY(session.client().remove(apiserver::resources::byKind(api::Kind::Pod), QStringLiteral("default"), QStringLiteral("solo"), now).ok());
        QVERIFY(session.apply({ManifestSource{QStringLiteral("solo.yaml"), pod, {}}}).ok());
        session.frame();   // the removal (a fade starts), then the new pod under the same name
        canvas.tick(t += 5'000);
        canvas.tick(t += 16);
        QCOMPARE(scene.podItems().size(), 1);
        const PodItem *chip = scene.podItem(QStringLiteral("default"), QStringLiteral("solo"));
        QVERIFY(chip);
        QVERIFY(!chip->removing);
        QCOMPARE(chip->opacity(), 1.0);
        QCOMPARE(scene.animatingCount(), 0);
    }
};

QTEST_MAIN(TestCanvasPlacement)
#include "tst_canvasplacement.moc"
