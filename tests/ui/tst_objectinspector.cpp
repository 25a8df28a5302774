// ObjectInspector and the Objects panel's current object (issue #17): a rewrite of the shown
// object while frames run is rendered at the next frame's start, the newest only, not inside
// the frame's intake; the same object again (rows removed elsewhere in the tree) renders nothing.
#include "ui/widgets/objectinspector.h"

#include "core/api/deployment.h"

#include <QTest>

using namespace rlab;
using namespace rlab::ui;

namespace {

api::ObjectPtr deployment(const QString &name, int replicas, int resourceVersion)
{
    auto d = std::make_shared<api::Deployment>();
    d->metadata.name = name;
    d->metadata.namespace_ = QStringLiteral("default");
    d->metadata.resourceVersion = QString::number(resourceVersion);
    d->spec.replicas = replicas;
    return d;
}

QByteArray keyOf(const QString &name)
{
    return QByteArrayLiteral("/registry/deployments/default/") + name.toUtf8();
}

} // namespace

class TestObjectInspector : public QObject
{
    Q_OBJECT

private slots:
    void sameObjectRendersOnce()
    {
        ObjectInspector inspector;
        const api::ObjectPtr a = deployment(QStringLiteral("a"), 3, 10);
        inspector.setObject(a, keyOf(QStringLiteral("a")));
        QCOMPARE(inspector.renders(), 1);
        inspector.setObject(a, keyOf(QStringLiteral("a")));
        QCOMPARE(inspector.renders(), 1);
        QVERIFY(inspector.yamlText().contains(QLatin1String("replicas: 3")));
    }

    // With no frames running a rewrite is shown at once.
    void rewriteWithoutFramesIsShownAtOnce()
    {
        ObjectInspector inspector;
        bool running = false;
        inspector.setFramePacer([&running] { return running; });
        inspector.setObject(deployment(QStringLiteral("a"), 3, 10), keyOf(QStringLiteral("a")));
        inspector.setObject(deployment(QStringLiteral("a"), 5, 11), keyOf(QStringLiteral("a")));
        QCOMPARE(inspector.renders(), 2);
        QVERIFY(inspector.yamlText().contains(QLatin1String("replicas: 5")));
    }

    // While frames run, rewrites of the shown key wait for frameStarted(), and only the newest
    // is rendered; another key is shown at once; a rewrite no frame takes is shown after
    // kDueFallbackMs.
    void rewritesWaitForAFrameStart()
    {
        ObjectInspector inspector;
        bool running = true;
        inspector.setFramePacer([&running] { return running; });
        inspector.setObject(deployment(QStringLiteral("a"), 3, 10), keyOf(QStringLiteral("a")));
        QCOMPARE(inspector.renders(), 1);   // a first object: at once
        inspector.setObject(deployment(QStringLiteral("a"), 4, 11), keyOf(QStringLiteral("a")));
        const api::ObjectPtr newest = deployment(QStringLiteral("a"), 5, 12);
        inspector.setObject(newest, keyOf(QStringLiteral("a")));
        QCOMPARE(inspector.renders(), 1);
        QCOMPARE(inspector.object(), newest);   // followed, not shown yet
        QVERIFY(inspector.yamlText().contains(QLatin1String("replicas: 3")));
        inspector.frameStarted();
        QCOMPARE(inspector.renders(), 2);
        QVERIFY(inspector.yamlText().contains(QLatin1String("replicas: 5")));
        inspector.frameStarted();
        QCOMPARE(inspector.renders(), 2);   // nothing pending

        inspector.setObject(deployment(QStringLiteral("b"), 7, 13), keyOf(QStringLiteral("b")));
        QCOMPARE(inspector.renders(), 3);   // a new selection: at once
        QVERIFY(inspector.yamlText().contains(QLatin1String("replicas: 7")));

        inspector.setObject(deployment(QStringLiteral("b"), 8, 14), keyOf(QStringLiteral("b")));
        QCOMPARE(inspector.renders(), 3);
        QTRY_COMPARE_WITH_TIMEOUT(inspector.renders(), 4, ObjectInspector::kDueFallbackMs * 4);
        QVERIFY(inspector.yamlText().contains(QLatin1String("replicas: 8")));

        inspector.setObject(deployment(QStringLiteral("b"), 9, 15), keyOf(QStringLiteral("b")));
        inspector.clear();   // a cleared inspector renders no late rewrite
        inspector.frameStarted();
        QCOMPARE(inspector.renders(), 4);
        QVERIFY(!inspector.object());
    }
};

QTEST_MAIN(TestObjectInspector)
#include "tst_objectinspector.moc"
