// The cluster canvas's motion, driven as the window drives it: pods fly in from their
// ReplicaSet and frames finish the animation; finishMotion() (what a screenshot calls) ends
// every motion at once and fits the view.
#include "core/kubectl/rollout.h"
#include "tests/ui/nginxcanvas.h"
#include "ui/clustersession.h"
#include "ui/scene/canvasscene.h"
#include "ui/scene/clustercanvas.h"
#include "ui/scene/poditem.h"
#include "ui/theme.h"

#include <QApplication>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;
using namespace rlab::test::nginxcanvas;

class TestCanvasMotion : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        theme::applyTo(*qobject_cast<QApplication *>(QCoreApplication::instance()));
    }

    void podsFlyInFromTheirReplicaSetAndFinishByFrames()
    {
        ClusterSession session;
        ClusterCanvas canvas(session);
        CanvasScene &scene = *canvas.canvasScene();
        applyNginx(session);
        run(session, 100);   // created, bound, ContainerCreating; 0.1 s of virtual time is not a jump
        QCOMPARE(scene.podItems().size(), 3);
        QVERIFY(scene.animatingCount() > 0);
        for (PodItem *p : scene.podItems()) {
            QVERIFY2(p->opacity() < 1.0, qPrintable(QString::number(p->opacity())));
            QVERIFY(p->pos() != p->targetPos());
            QVERIFY(p->pos().y() < p->targetPos().y());   // on its way down from the ReplicaSet card
        }
        // Frames drive the animation: half a motion, then the rest.
        const qint64 now = session.monotonicMs();
        canvas.tick(now + 300);
        for (PodItem *p : scene.podItems())
            QVERIFY(p->opacity() > 0.2 && p->opacity() < 1.0);
        canvas.tick(now + 1000);
        QCOMPARE(scene.animatingCount(), 0);
        for (PodItem *p : scene.podItems()) {
            QCOMPARE(p->pos(), p->targetPos());
            QCOMPARE(p->opacity(), 1.0);
        }
    }
    // A screenshot runs no frames after its last writes: finishMotion() ends every motion they
    // started and fits the view, so the picture is the settled one (the new ReplicaSet's column
    // was grabbed mid-flight, cut off at the canvas's edge).
    void finishMotionSettlesThePicture()
    {
        ClusterSession session;
        ClusterCanvas canvas(session);
        QVERIFY(showWithNginxRunning(session, canvas));
        canvas.resize(700, 500);   // narrower than the rollout's two columns at zoom 1
        CanvasScene &scene = *canvas.canvasScene();
        canvas.tick(session.monotonicMs() + 5000);
        QCOMPARE(scene.animatingCount(), 0);
        QVERIFY(kubectl::rollout::setImage(session.client(), QStringLiteral("default"), QStringLiteral("nginx"),
                                              QStringLiteral("nginx"), QStringLiteral("nginx:1.26"))
                    .ok());
        run(session, 60'000);   // one frame: the rollout's writes handed on, their motion begun
        session.drain();
        QVERIFY(scene.animatingCount() > 0);
        canvas.finishMotion();
        QCOMPARE(scene.animatingCount(), 0);
        QCOMPARE(scene.replicaSetCardCount(), 2);
        const QRectF items = scene.itemsBoundingRect();
        QVERIFY2(scene.sceneRect().adjusted(-1, -1, 1, 1).contains(items),
                 qPrintable(QStringLiteral("items %1 wide, scene %2").arg(items.width()).arg(scene.sceneRect().width())));
        QVERIFY(canvas.mapToScene(canvas.viewport()->rect()).boundingRect().adjusted(-1, -1, 1, 1).contains(canvas.sceneRect()));
    }
};

QTEST_MAIN(TestCanvasMotion)
#include "tst_canvasmotion.moc"
