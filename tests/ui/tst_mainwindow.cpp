#include "core/sim/view/clusterview.h"
#include "core/store/kvstore.h"
#include "ui/clustersession.h"
#include "ui/mainwindow.h"
#include "ui/models/storemodels.h"
#include "ui/models/etcdkeymodel.h"
#include "ui/models/objecttreemodel.h"
#include "ui/models/traceeventmodel.h"
#include "ui/theme.h"
#include "ui/models/keyhistorymodel.h"
#include "ui/widgets/codeeditor.h"
#include "ui/widgets/etcdpanel.h"
#include "ui/widgets/manifesteditor.h"
#include "ui/widgets/objectinspector.h"
#include "ui/widgets/objectspanel.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// Offscreen smoke test of the main window: apply the sample through the editor, watch it reach
// the tree and etcd, refuse bad manifests without touching the store, drop files, reset.
class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    static const ObjectRef kNginx;

    static qint64 shownRevision(MainWindow &w) { return w.panel<EtcdPanel>(QStringLiteral("etcd"))->revisionLabel()->text().toLongLong(); }

    static void dropFiles(MainWindow &w, const QStringList &paths)
    {
        QMimeData mime;
        QList<QUrl> urls;
        for (const QString &p : paths)
            urls << QUrl::fromLocalFile(p);
        mime.setUrls(urls);
        const QPointF at(w.width() / 2.0, w.height() / 2.0);
        QDragEnterEvent enter(at.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QVERIFY(drop.isAccepted());
    }

    static QString outputPath(const QString &name)
    {
        const QByteArray dir = qgetenv("RLAB_BINARY_DIR");
        return (dir.isEmpty() ? QCoreApplication::applicationDirPath() : QString::fromLocal8Bit(dir)) + QLatin1Char('/') + name;
    }

    static MainWindow::Options options()
    {
        MainWindow::Options o;
        o.persistLayout = false;
        return o;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        theme::applyTo(*qobject_cast<QApplication *>(QCoreApplication::instance()));
    }

    // On a projector-sized screen the first start opens maximized (at 92 % of 1280×720 the
    // right-hand tabs elided); once the user's geometry is saved, it is restored instead.
    void testFirstStartOnASmallScreenOpensMaximized()
    {
        QScreen *screen = QGuiApplication::primaryScreen();
        QVERIFY(screen);
        const QSize available = screen->availableSize();
        if (available.width() >= 1400 && available.height() >= 800)
            QSKIP("the test platform's screen is not projector-sized");
        MainWindow::Options o;   // persistLayout: QSettings in QStandardPaths' test mode
        o.startFrames = false;
        QSettings().remove(QStringLiteral("mainwindow"));
        {
            MainWindow first(o);
            QVERIFY(first.opensMaximized());
            first.show();
            QVERIFY(QTest::qWaitForWindowExposed(&first));
            first.close();   // saves the geometry
        }
        QVERIFY(QSettings().contains(QStringLiteral("mainwindow/geometry")));
        MainWindow again(o);
        QVERIFY(!again.opensMaximized());
        QSettings().remove(QStringLiteral("mainwindow"));
    }

    void testApplySampleThroughTheEditor()
    {
        MainWindow w(options());
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.windowTitle(), QStringLiteral("Reconcile Lab"));
        QVERIFY(QApplication::font().pointSizeF() >= theme::kBasePointSize);

        // Time stands still first, so each apply is exactly one etcd write to check.
        w.session().setTimeRunning(false);
        ManifestEditor *editor = w.panel<ManifestEditor>(QStringLiteral("editor"));
        QVERIFY(editor->text().contains(QLatin1String("image: nginx:1.25")));
        QVERIFY(editor->text().contains(QLatin1String("replicas: 3")));
        QTRY_VERIFY(shownRevision(w) > 0);
        const qint64 rev0 = shownRevision(w);
        QCOMPARE(rev0, w.session().view().revision());
        QVERIFY(!w.models().objects()->indexOf(kNginx).isValid());

        QTest::mouseClick(editor->applyButton(), Qt::LeftButton);
        QTRY_VERIFY(w.models().objects()->indexOf(kNginx).isValid());
        QTRY_COMPARE(shownRevision(w), rev0 + 1);
        QVERIFY(!editor->hasErrors());
        QVERIFY2(editor->messages().contains(QStringLiteral("deployment.apps/nginx created")), qPrintable(editor->messages().join('\n')));

        // What the tree says is what is stored: with time stopped no controller has run yet.
        const QModelIndex status = w.models().objects()->indexOf(kNginx, ObjectTreeModel::StatusColumn);
        QCOMPARE(status.data().toString(), QStringLiteral("0/3 ready · generation not observed yet"));
        QCOMPARE(w.models().objects()->indexOf(kNginx, ObjectTreeModel::RevisionColumn).data().toString(), QString::number(rev0 + 1));
        QCOMPARE(w.models().objects()->objectCount(ObjectTreeModel::ReplicaSets), 0);
        QCOMPARE(w.models().objects()->objectCount(ObjectTreeModel::Pods), 0);
        QVERIFY(w.models().keys()->rowOfKey("/registry/deployments/default/nginx") >= 0);
        QTRY_VERIFY(w.statusText().contains(QLatin1String("1 deployments")));
        QVERIFY(w.statusText().contains(QStringLiteral("Revision %1").arg(rev0 + 1)));

        // Selecting it shows its YAML, its etcd value and history.
        QTreeView *tree = w.panel<ObjectsPanel>(QStringLiteral("objects"))->view();
        tree->setCurrentIndex(w.models().objects()->indexOf(kNginx));
        QVERIFY(w.panel<ObjectInspector>(QStringLiteral("inspector"))->yamlText().contains(QLatin1String("replicas: 3")));
        QVERIFY(w.panel<ObjectInspector>(QStringLiteral("inspector"))->yamlText().contains(QStringLiteral("resourceVersion: \"%1\"").arg(rev0 + 1)));
        QCOMPARE(w.panel<EtcdPanel>(QStringLiteral("etcd"))->selectedKey(), QByteArray("/registry/deployments/default/nginx"));
        QVERIFY(w.panel<EtcdPanel>(QStringLiteral("etcd"))->valueText().contains(QLatin1String("\"replicas\": 3")));
        QCOMPARE(w.panel<EtcdPanel>(QStringLiteral("etcd"))->historyModel()->rowCount(), 1);

        // The trace saw the request and the etcd write.
        QTRY_VERIFY(w.models().trace()->rowCount() > 0);
        bool sawPut = false;
        for (int r = 0; r < w.models().trace()->rowCount(); ++r)
            sawPut |= w.models().trace()->event(r).type == QLatin1String("Put")
                      && w.models().trace()->event(r).key == QLatin1String("/registry/deployments/default/nginx");
        QVERIFY(sawPut);

        // Re-apply with 5 replicas: same row, new revision, inspector follows.
        editor->setText(editor->text().replace(QLatin1String("replicas: 3"), QLatin1String("replicas: 5")));
        w.applyAction()->trigger();
        QTRY_COMPARE(shownRevision(w), rev0 + 2);
        QTRY_VERIFY(w.panel<ObjectInspector>(QStringLiteral("inspector"))->yamlText().contains(QLatin1String("replicas: 5")));
        QCOMPARE(w.panel<EtcdPanel>(QStringLiteral("etcd"))->historyModel()->rowCount(), 2);

        // Fifteen virtual seconds later the control plane has done its work: one ReplicaSet,
        // five pods scheduled and started, the Deployment 5/5 ready.
        w.session().advance(15000);
        QTRY_COMPARE(w.models().objects()->objectCount(ObjectTreeModel::ReplicaSets), 1);
        QTRY_COMPARE(w.models().objects()->objectCount(ObjectTreeModel::Pods), 5);
        QTRY_COMPARE(w.models().objects()->indexOf(kNginx, ObjectTreeModel::StatusColumn).data().toString(), QStringLiteral("5/5 ready"));
        // Virtual time runs while the window is open (×1 by default), and can be paused.
        w.session().setTimeRunning(true);
        const qint64 before = w.session().elapsedMs();
        QTRY_VERIFY(w.session().elapsedMs() > before);
        w.session().setTimeRunning(false);
        const qint64 paused = w.session().elapsedMs();
        for (int i = 0; i < 3; ++i)
            w.session().frame();   // frames go on, virtual time does not
        QCOMPARE(w.session().elapsedMs(), paused);

        const QString png = outputPath(QStringLiteral("tst_mainwindow-applied.png"));
        QVERIFY(w.grab().save(png));
        QVERIFY(QFileInfo(png).size() > 0);
    }

    void testBadManifestsChangeNothing_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("line");
        QTest::newRow("tab indentation") << "\n  replicas: 3" << "\n\treplicas: 3"
                                         << QStringLiteral("nginx-deployment.yaml:8:") << 8;
        QTest::newRow("negative replicas") << "replicas: 3" << "replicas: -1"
                                           << QStringLiteral("The Deployment \"nginx\" is invalid: spec.replicas: Invalid value: -1: "
                                                             "must be greater than or equal to 0")
                                           << 8;
    }

    void testBadManifestsChangeNothing()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, message);
        QFETCH(int, line);
        MainWindow w(options());
        w.session().setTimeRunning(false);   // revisions below move only by our applies
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY(shownRevision(w) > 0);
        const qint64 rev0 = w.session().view().revision();
        const int traceRows = w.models().trace()->rowCount();

        ManifestEditor *editor = w.panel<ManifestEditor>(QStringLiteral("editor"));
        QString text = editor->text();
        QVERIFY(text.contains(from));
        editor->setText(text.replace(from, to));
        QTest::mouseClick(editor->applyButton(), Qt::LeftButton);

        QVERIFY(editor->hasErrors());
        const QString shown = editor->messages().join(QLatin1Char('\n'));
        QVERIFY2(shown.contains(message), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("Nothing was applied")), qPrintable(shown));
        QVERIFY(editor->editor()->errorLines().contains(line));
        w.refreshNow();
        QCOMPARE(w.session().view().revision(), rev0);
        QCOMPARE(shownRevision(w), rev0);
        QVERIFY(!w.models().objects()->indexOf(kNginx).isValid());
        QVERIFY(w.models().trace()->rowCount() >= traceRows);

        QVERIFY(w.grab().save(outputPath(QStringLiteral("tst_mainwindow-error-%1.png").arg(line))));

        // Editing clears the marks; the corrected text applies.
        editor->loadSample();
        QVERIFY(editor->editor()->errorLines().isEmpty());
        QVERIFY(w.applyEditor().ok());
        QTRY_COMPARE(shownRevision(w), rev0 + 1);
    }

    void testDropFilesAllOrNothing()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto write = [&](const QString &name, const QByteArray &text) {
            QFile f(dir.filePath(name));
            if (!f.open(QIODevice::WriteOnly))
                return QString();
            f.write(text);
            return f.fileName();
        };
        QString sample = ManifestEditor::sampleManifest();
        const QString good = write(QStringLiteral("nginx.yaml"), sample.toUtf8());
        const QString other = write(QStringLiteral("web.yml"),
                                    sample.replace(QLatin1String("name: nginx\n  labels"), QLatin1String("name: web\n  labels")).toUtf8());
        const QString bad = write(QStringLiteral("bad.yaml"), "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: [broken\n");
        QVERIFY(!good.isEmpty() && !other.isEmpty() && !bad.isEmpty());

        MainWindow w(options());
        w.session().setTimeRunning(false);   // revisions below move only by our applies
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const qint64 rev0 = w.session().view().revision();

        dropFiles(w, {good, bad});
        QVERIFY(w.panel<ManifestEditor>(QStringLiteral("editor"))->hasErrors());
        QVERIFY2(w.panel<ManifestEditor>(QStringLiteral("editor"))->messages().first().startsWith(bad + QLatin1String(":4:")),
                 qPrintable(w.panel<ManifestEditor>(QStringLiteral("editor"))->messages().join('\n')));
        w.refreshNow();
        QCOMPARE(w.session().view().revision(), rev0);
        QVERIFY(!w.models().objects()->indexOf(kNginx).isValid());

        dropFiles(w, {good, other});
        QVERIFY2(!w.panel<ManifestEditor>(QStringLiteral("editor"))->hasErrors(), qPrintable(w.panel<ManifestEditor>(QStringLiteral("editor"))->messages().join('\n')));
        QTRY_VERIFY(w.models().objects()->indexOf(kNginx).isValid());
        QTRY_VERIFY(w.models().objects()->indexOf({QStringLiteral("Deployment"), QStringLiteral("default"), QStringLiteral("web")}).isValid());
        QTRY_COMPARE(shownRevision(w), rev0 + 2);

        // One dropped file is shown in the editor, named after the file.
        dropFiles(w, {bad});
        QCOMPARE(w.panel<ManifestEditor>(QStringLiteral("editor"))->sourceName(), bad);
        QVERIFY(w.panel<ManifestEditor>(QStringLiteral("editor"))->editor()->errorLines().contains(4));
    }

    void testResetCluster()
    {
        MainWindow w(options());
        w.session().setTimeRunning(false);   // revisions below move only by our applies
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.applyEditor().ok());
        QTRY_VERIFY(w.models().objects()->indexOf(kNginx).isValid());
        const qint64 applied = shownRevision(w);
        w.resetAction()->trigger();
        QVERIFY(!w.models().objects()->indexOf(kNginx).isValid());
        QCOMPARE(w.models().objects()->objectCount(ObjectTreeModel::Nodes), 3);
        QCOMPARE(shownRevision(w), applied - 1);
        QTRY_VERIFY(w.models().trace()->rowCount() > 0);
        QVERIFY(w.applyEditor().ok());
        QTRY_COMPARE(shownRevision(w), applied);
    }
};

const ObjectRef TestMainWindow::kNginx{QStringLiteral("Deployment"), QStringLiteral("default"), QStringLiteral("nginx")};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
