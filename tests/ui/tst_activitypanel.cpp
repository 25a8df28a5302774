#include "ui/clustersession.h"
#include "ui/models/reconcilemodel.h"
#include "ui/theme.h"
#include "ui/widgets/activitypanel.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QPlainTextEdit>
#include <QTableView>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// Controller activity: ReconcileStart/End/Error pairing and the bound on synthetic traces, then
// the sample Deployment's real syncDeployment rows on a ClusterSession, and a screenshot.
class TestActivityPanel : public QObject
{
    Q_OBJECT

private:
    static const QByteArray kNginx;
    static qint64 s_seq;

    static TraceEvent ev(const char *type, const QString &component, int worker, const QString &key, qint64 t,
                         const QString &text = {})
    {
        TraceEvent e;
        e.seq = ++s_seq;
        e.t = t;
        e.component = component;
        e.worker = worker;
        e.type = QLatin1String(type);
        e.key = key;
        e.text = text;
        return e;
    }
    static QString cell(const ReconcileModel &m, int row, int column) { return m.index(row, column).data().toString(); }
    static QString outputPath(const QString &name)
    {
        const QByteArray dir = qgetenv("RLAB_BINARY_DIR");
        return (dir.isEmpty() ? QCoreApplication::applicationDirPath() : QString::fromLocal8Bit(dir)) + QLatin1Char('/') + name;
    }

private slots:
    void initTestCase()
    {
        theme::applyTo(*qobject_cast<QApplication *>(QCoreApplication::instance()));
    }

    void testPairing()
    {
        ReconcileModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QString d = QStringLiteral("deployment"), k = QStringLiteral("default/web");
        // Two workers overlap on different keys; the queue event in between is ignored.
        m.append({ev("ReconcileStart", d, 0, k, 1000, "syncDeployment default/web"),
                  ev("ReconcileStart", d, 1, "default/api", 1100, "syncDeployment default/api"),
                  ev("QueueGet", "queue/deployment", 2, k, 1150)});
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(m.runningCount(), 2);
        QCOMPARE(cell(m, 0, ReconcileModel::DurationColumn), QStringLiteral("running…"));
        m.append({ev("ReconcileEnd", d, 1, "default/api", 1340, "syncDeployment default/api: nothing to do"),
                  ev("ReconcileError", d, 0, k, 2500, "syncDeployment default/web failed: conflict (handleErr: addRateLimited)")});
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(m.runningCount(), 0);
        QCOMPARE(cell(m, 0, ReconcileModel::TimeColumn), QStringLiteral("1.000"));
        QCOMPARE(cell(m, 0, ReconcileModel::DurationColumn), QStringLiteral("1.5 s"));
        QCOMPARE(m.index(0, 0).data(ReconcileModel::OutcomeRole).toInt(), int(ReconcileModel::Failed));
        QVERIFY(cell(m, 0, ReconcileModel::TextColumn).contains(QStringLiteral("handleErr")));
        QCOMPARE(cell(m, 1, ReconcileModel::DurationColumn), QStringLiteral("240 ms"));
        QCOMPARE(cell(m, 1, ReconcileModel::WorkerColumn), QStringLiteral("1"));
        // The key has its own column: the text names the function, the tooltip keeps it all.
        QCOMPARE(cell(m, 1, ReconcileModel::TextColumn), QStringLiteral("syncDeployment: nothing to do"));
        QCOMPARE(m.index(1, ReconcileModel::TextColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("syncDeployment default/api: nothing to do"));
        // An end whose start never arrived still gets a row, without a duration.
        m.append({ev("ReconcileEnd", QStringLiteral("replicaset"), 0, "default/web-1", 3000, "syncReplicaSet default/web-1: ok")});
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(cell(m, 2, ReconcileModel::DurationColumn), QString());
        QCOMPARE(cell(m, 2, ReconcileModel::TimeColumn), QStringLiteral("3.000"));
        // Start and end in one batch.
        m.append({ev("ReconcileStart", d, 0, k, 4000, "syncDeployment default/web"),
                  ev("ReconcileEnd", d, 0, k, 4000, "syncDeployment default/web: done")});
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(cell(m, 3, ReconcileModel::DurationColumn), QStringLiteral("0 ms"));
        QCOMPARE(cell(m, 3, ReconcileModel::TextColumn), QStringLiteral("syncDeployment: done"));
    }

    void testDetailText_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("detail");
        QTest::newRow("steps") << "syncDeployment default/web: a → b; c" << "syncDeployment default/web:\n  • a → b\n  • c";
        QTest::newRow("one") << "syncReplicaSet default/web-1: nothing to do" << "syncReplicaSet default/web-1:\n  • nothing to do";
        QTest::newRow("no colon") << "odd" << "odd";
    }
    void testDetailText()
    {
        QFETCH(QString, text);
        QFETCH(QString, detail);
        QCOMPARE(ActivityPanel::detailText(text), detail);
    }

    void testBounded()
    {
        ReconcileModel m(nullptr, 10);
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        std::vector<TraceEvent> batch;
        for (int i = 0; i < 12; ++i)
            batch.push_back(ev("ReconcileStart", QStringLiteral("replicaset"), 0, QStringLiteral("default/rs-%1").arg(i), i));
        m.append(batch);
        QCOMPARE(m.rowCount(), 10);
        QCOMPARE(cell(m, 0, ReconcileModel::KeyColumn), QStringLiteral("default/rs-2"));
        // The end of a start that left the table gets its own row; the end of a kept one updates it.
        m.append({ev("ReconcileEnd", QStringLiteral("replicaset"), 0, QStringLiteral("default/rs-0"), 20),
                  ev("ReconcileEnd", QStringLiteral("replicaset"), 0, QStringLiteral("default/rs-5"), 21)});
        QCOMPARE(m.rowCount(), 10);
        QCOMPARE(cell(m, 9, ReconcileModel::KeyColumn), QStringLiteral("default/rs-0"));
        const int rs5 = 5 - 3;   // rs-0, rs-1 and (for the extra row) rs-2 left the table
        QCOMPARE(cell(m, rs5, ReconcileModel::KeyColumn), QStringLiteral("default/rs-5"));
        QCOMPARE(m.index(rs5, 0).data(ReconcileModel::DurationMsRole).toLongLong(), qint64(16));
    }

    void benchAppend()
    {
        // One frame's worth of trace (the session hands on at most 5,000 rows): 2,500 reconciles.
        std::vector<TraceEvent> batch;
        for (int i = 0; i < 2500; ++i) {
            batch.push_back(ev("ReconcileStart", QStringLiteral("replicaset"), i % 5, QStringLiteral("default/rs-%1").arg(i), i));
            batch.push_back(ev("ReconcileEnd", QStringLiteral("replicaset"), i % 5, QStringLiteral("default/rs-%1").arg(i), i + 1,
                               QStringLiteral("syncReplicaSet default/rs-%1: nothing to do").arg(i)));
        }
        ReconcileModel m;
        QBENCHMARK {
            m.append(batch);
        }
        QVERIFY(m.rowCount() >= 2500 && m.rowCount() <= m.capacity());
        QCOMPARE(m.index(m.rowCount() - 1, ReconcileModel::KeyColumn).data().toString(), QStringLiteral("default/rs-2499"));
    }

    void testSampleDeployment()
    {
        ClusterSession session;
        ActivityPanel panel(session);
        ReconcileModel *m = panel.model();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(session.apply({ManifestSource{QStringLiteral("nginx.yaml"), kNginx, {}}}).ok());
        session.advance(10000);
        session.frame();
        int deployments = 0, replicaSets = 0;
        bool rolling = false;
        for (int r = 0; r < m->rowCount(); ++r) {
            const QString controller = cell(*m, r, ReconcileModel::ControllerColumn);
            const QString text = cell(*m, r, ReconcileModel::TextColumn);
            if (controller == QLatin1String("deployment")) {
                ++deployments;
                QCOMPARE(cell(*m, r, ReconcileModel::KeyColumn), QStringLiteral("default/nginx"));
                QVERIFY2(text.startsWith(QStringLiteral("syncDeployment: ")) || text.startsWith(QStringLiteral("syncDeployment failed: ")),
                         qPrintable(text));
                rolling = rolling || text.contains(QStringLiteral("rolloutRolling → reconcileNewReplicaSet"));
            } else if (controller == QLatin1String("replicaset")) {
                ++replicaSets;
                QVERIFY2(text.startsWith(QStringLiteral("syncReplicaSet: ")), qPrintable(text));
                QVERIFY(cell(*m, r, ReconcileModel::KeyColumn).startsWith(QStringLiteral("default/nginx-")));
            }
        }
        QVERIFY(deployments >= 1);
        QVERIFY(replicaSets >= 1);
        QVERIFY(rolling);
        QCOMPARE(m->runningCount(), 0);
        // The chooser narrows the table to one controller.
        const int before = panel.view()->model()->rowCount();
        panel.chooser()->setCurrentIndex(panel.chooser()->findData(QStringLiteral("deployment")));
        QCOMPARE(panel.view()->model()->rowCount(), deployments);
        panel.chooser()->setCurrentIndex(0);
        QCOMPARE(panel.view()->model()->rowCount(), before);
        // Selecting a row shows its whole sentence.
        panel.view()->setCurrentIndex(panel.view()->model()->index(0, 0));
        // (a first-sync conflict also explains itself below: tst_conflictexplainer)
        QVERIFY(panel.detail()->toPlainText().startsWith(
            ActivityPanel::detailText(m->index(0, ReconcileModel::TextColumn).data(Qt::ToolTipRole).toString())));
        QVERIFY(panel.detail()->toPlainText().contains(cell(*m, 0, ReconcileModel::KeyColumn)));
        session.reset();
        QCOMPARE(m->rowCount(), 0);
    }

    void testScreenshot_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("dock at 1280x720") << QSize(1240, 260);
        QTest::newRow("dock at 1920x1080") << QSize(1880, 380);
    }
    void testScreenshot()
    {
        QFETCH(QSize, size);
        ClusterSession session;
        ActivityPanel panel(session);
        QVERIFY(session.apply({ManifestSource{QStringLiteral("nginx.yaml"), kNginx, {}}}).ok());
        session.advance(8000);
        QByteArray next = kNginx;
        next.replace("nginx:1.25", "nginx:1.26");
        QVERIFY(session.apply({ManifestSource{QStringLiteral("nginx.yaml"), next, {}}}).ok());
        session.advance(2500);
        session.frame();
        panel.resize(size);
        panel.setAttribute(Qt::WA_DontShowOnScreen);
        panel.show();
        panel.view()->scrollToBottom();
        const QAbstractItemModel *shown = panel.view()->model();
        panel.view()->setCurrentIndex(shown->index(shown->rowCount() - 3, 0));
        const QString path = outputPath(QStringLiteral("activitypanel-%1x%2.png").arg(size.width()).arg(size.height()));
        QVERIFY(panel.grab().save(path));
        qInfo("screenshot: %s", qPrintable(path));
    }
};

qint64 TestActivityPanel::s_seq = 0;
const QByteArray TestActivityPanel::kNginx = QByteArrayLiteral(
    "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\nspec:\n  replicas: 3\n"
    "  selector:\n    matchLabels: {app: nginx}\n  template:\n    metadata:\n      labels: {app: nginx}\n"
    "    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.25\n");

QTEST_MAIN(TestActivityPanel)
#include "tst_activitypanel.moc"
