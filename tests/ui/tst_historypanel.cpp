#include "core/api/deployment.h"
#include "core/kubectl/rollout.h"
#include "ui/apply/manifestsource.h"
#include "ui/clustersession.h"
#include "ui/history/historymodel.h"
#include "ui/history/historypanel.h"
#include "ui/history/linediff.h"
#include "ui/theme.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QPushButton>
#include <QTableView>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;
namespace rollout = rlab::kubectl::rollout;

// The rollout history panel on a live session: revisions from set image, the template diff,
// roll back from the panel with upstream's renumbering, scale without a revision.
class TestHistoryPanel : public QObject
{
    Q_OBJECT

    static QString manifest() { return QStringLiteral(RLAB_TEST_DATA "/../../resources/manifests/nginx-deployment.yaml"); }

    static void settle(ClusterSession &s)
    {
        s.advance(60'000);
        s.frame();
    }

private slots:
    void initTestCase() { theme::applyTo(*qobject_cast<QApplication *>(QCoreApplication::instance())); }

    void testRevisionsDiffRollback()
    {
        ClusterSession session;
        HistoryPanel panel(session);
        QAbstractItemModelTester tester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        settle(session);
        QCOMPARE(panel.deployment(), QStringLiteral("default/nginx"));
        QCOMPARE(panel.model()->revisions(), (QList<qint64>{1}));

        QVERIFY(rollout::setImage(session.client(), "default", "nginx", "nginx", "nginx:1.26").ok());
        settle(session);
        QVERIFY2(panel.explanation().contains(QStringLiteral("image nginx:1.25 → nginx:1.26")), qPrintable(panel.explanation()));
        QVERIFY(rollout::setImage(session.client(), "default", "nginx", "nginx", "nginx:1.27").ok());
        settle(session);
        QCOMPARE(panel.model()->revisions(), (QList<qint64>{1, 2, 3}));
        QCOMPARE(panel.model()->data(panel.model()->index(2, HistoryModel::ImageColumn)).toString(), QStringLiteral("nginx:1.27"));
        QCOMPARE(panel.model()->data(panel.model()->index(2, HistoryModel::ReplicasColumn)).toString(), QStringLiteral("3/3 ready"));

        // Scaling is not a template change: no revision.
        QVERIFY(rollout::scale(session.client(), "default", "nginx", 5).ok());
        settle(session);
        QCOMPARE(panel.model()->revisions(), (QList<qint64>{1, 2, 3}));
        QVERIFY2(panel.explanation().contains(QStringLiteral("spec.replicas 3 → 5")), qPrintable(panel.explanation()));
        QVERIFY(panel.explanation().contains(QStringLiteral("no new revision")));

        // Diff 1 ↔ 3: exactly the image line.
        QVERIFY(panel.compare(1, 3));
        QCOMPARE(LineDiff::countOf(panel.diff(), LineDiff::Op::Removed), 1);
        QCOMPARE(LineDiff::countOf(panel.diff(), LineDiff::Op::Added), 1);
        QVERIFY2(panel.diffText().contains(QStringLiteral("- ") + QStringLiteral("  - image: nginx:1.25")), qPrintable(panel.diffText()));
        QVERIFY(panel.diffText().contains(QStringLiteral("+ ") + QStringLiteral("  - image: nginx:1.27")));
        QVERIFY(!panel.diffText().contains(QStringLiteral("pod-template-hash")));
        QVERIFY(!panel.compare(1, 9));

        // Roll back to revision 1 from the panel: select its row, press the button.
        auto *table = panel.findChild<QTableView *>(QStringLiteral("historyTable"));
        QVERIFY(table);
        table->selectRow(panel.model()->rowOf(1));
        QTest::mouseClick(panel.findChild<QPushButton *>(QStringLiteral("rollback")), Qt::LeftButton);
        QVERIFY2(panel.rollbackOutput().endsWith(QStringLiteral("deployment.apps/nginx rolled back")), qPrintable(panel.rollbackOutput()));
        settle(session);
        const auto d = session.client().getAs<api::Deployment>("default", "nginx");
        QVERIFY(d);
        QCOMPARE(d->spec.template_.spec.containers.first().image, QStringLiteral("nginx:1.25"));
        QCOMPARE(panel.model()->revisions(), (QList<qint64>{2, 3, 4}));
        // The panel's list is kubectl's list.
        const QList<rollout::HistoryEntry> kubectl = rollout::historyEntries(session.client(), "default", "nginx");
        QCOMPARE(kubectl.size(), panel.model()->entries().size());
        for (qsizetype i = 0; i < kubectl.size(); ++i) {
            QCOMPARE(panel.model()->entries()[i].revision, kubectl[i].revision);
            QCOMPARE(panel.model()->entries()[i].replicaSet->metadata.name, kubectl[i].replicaSet->metadata.name);
        }
        QVERIFY2(panel.explanation().contains(QStringLiteral("renumbered to revision 4")), qPrintable(panel.explanation()));

        // The current template again: kubectl skips it.
        panel.rollBackTo(4);
        QVERIFY2(panel.rollbackOutput().endsWith(QStringLiteral("skipped rollback (current template already matches revision 4)")),
                 qPrintable(panel.rollbackOutput()));
        QCOMPARE(panel.model()->revisions(), (QList<qint64>{2, 3, 4}));

        // Mid-rollout screenshot: a new image, a few seconds in, diff of the last two revisions.
        QVERIFY(rollout::setImage(session.client(), "default", "nginx", "nginx", "nginx:1.28").ok());
        session.advance(3000);
        session.frame();
        for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
            panel.resize(size);
            QVERIFY(panel.grab().save(QStringLiteral("/tmp/h6-history-%1.png").arg(size.width())));
        }
    }

    void testResetClears()
    {
        ClusterSession session;
        HistoryPanel panel(session);
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        settle(session);
        QCOMPARE(panel.model()->rowCount(), 1);
        session.reset();
        QCOMPARE(panel.model()->rowCount(), 0);
        QCOMPARE(panel.deployment(), QString());
    }
};

QTEST_MAIN(TestHistoryPanel)
#include "tst_historypanel.moc"
