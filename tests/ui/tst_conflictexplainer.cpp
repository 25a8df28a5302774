#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/models/conflictexplainer.h"
#include "ui/models/reconcilemodel.h"
#include "ui/widgets/activitypanel.h"

#include <QAbstractItemModelTester>
#include <QPlainTextEdit>
#include <QTableView>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// "syncDeployment failed: … the object has been modified" after an Apply (issue 14): the
// activity detail says which write moved the object (its revision and who wrote it, from the
// trace), that upstream behaves the same, and that handleErr requeues the key.
class TestConflictExplainer : public QObject
{
    Q_OBJECT

    static TraceEvent event(qint64 seq, qint64 rev, const QString &component, const QString &type, const QString &key,
                            const QString &text = {}, const QJsonObject &detail = {}, int worker = -1)
    {
        TraceEvent e;
        e.seq = seq;
        e.t = seq * 10;
        e.rev = rev;
        e.component = component;
        e.type = type;
        e.key = key;
        e.text = text;
        e.detail = detail;
        e.worker = worker;
        return e;
    }
    static QJsonObject request(const QString &verb, const QString &agent, const QString &subresource = {})
    {
        return {{QStringLiteral("verb"), verb}, {QStringLiteral("userAgent"), agent}, {QStringLiteral("subresource"), subresource}};
    }
    static QString conflictText()
    {
        return QStringLiteral("syncDeployment default/nginx failed: Operation cannot be fulfilled on deployments.apps \"nginx\": "
                              "the object has been modified; please apply your changes to the latest version and try again "
                              "(handleErr: addRateLimited)");
    }

private slots:
    void findsTheWriteThatMovedTheObject()
    {
        const QString nginx = QStringLiteral("default/nginx");
        const std::vector<TraceEvent> events{
            event(1, 1, QStringLiteral("apiserver"), QStringLiteral("Request"), nginx, {}, request(QStringLiteral("create"), QStringLiteral("kubectl apply"))),
            event(2, 2, QStringLiteral("etcd"), QStringLiteral("Put"), QStringLiteral("/registry/deployments/default/nginx")),
            event(3, 2, QStringLiteral("deployment"), QStringLiteral("ReconcileStart"), nginx, {}, {}, 0),
            event(4, 2, QStringLiteral("apiserver"), QStringLiteral("Request"), nginx, {}, request(QStringLiteral("update"), QStringLiteral("deployment"), QStringLiteral("status")), 0),
            event(5, 3, QStringLiteral("etcd"), QStringLiteral("Put"), QStringLiteral("/registry/deployments/default/nginx")),
            event(6, 4, QStringLiteral("etcd"), QStringLiteral("Put"), QStringLiteral("/registry/replicasets/default/nginx-abc")),
            event(7, 4, QStringLiteral("apiserver"), QStringLiteral("Request"), nginx, {}, request(QStringLiteral("update"), QStringLiteral("deployment")), 0),
            event(8, 4, QStringLiteral("deployment"), QStringLiteral("ReconcileError"), nginx, conflictText(), {}, 0),
        };
        const std::optional<ConflictExplainer::Write> w = ConflictExplainer::find(events, 8);
        QVERIFY(w);
        QCOMPARE(w->revision, 3);
        QCOMPARE(w->writer, QStringLiteral("deployment"));
        QCOMPARE(w->worker, 0);
        QCOMPARE(w->verb, QStringLiteral("update"));
        QCOMPARE(w->subresource, QStringLiteral("status"));
        QCOMPARE(w->object, QStringLiteral("Deployment default/nginx"));
        QCOMPARE(w->etcdKey, QByteArray("/registry/deployments/default/nginx"));
        QCOMPARE(w->failedAtRevision, 4);
        QVERIFY(w->sameSync);   // rev 3 was written by the failing sync itself (seq 5 > its start, seq 3)
        const QString text = ConflictExplainer::explain(*w, QStringLiteral("deployment"));
        QVERIFY2(text.contains(QStringLiteral("revision 3")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("deployment (worker 0)")));
        QVERIFY(text.contains(QStringLiteral("Upstream")));
        QVERIFY(text.contains(QStringLiteral("handleErr")));
        // Written before the sync started: someone else moved it.
        std::vector<TraceEvent> before = events;
        std::swap(before[2].seq, before[4].seq);   // ReconcileStart after the Put
        std::sort(before.begin(), before.end(), [](const TraceEvent &a, const TraceEvent &b) { return a.seq < b.seq; });
        const std::optional<ConflictExplainer::Write> other = ConflictExplainer::find(before, 8);
        QVERIFY(other);
        QVERIFY(!other->sameSync);
        QVERIFY(ConflictExplainer::explain(*other, QStringLiteral("deployment")).contains(QStringLiteral("informer cache")));
        // Not a conflict, or an unknown seq: nothing.
        QVERIFY(!ConflictExplainer::find(events, 5));
        QVERIFY(!ConflictExplainer::find(events, 99));
    }

    // The real thing: the sample Deployment applied, its first syncs run; the failed one's
    // detail names the revision that moved it and who wrote it.
    void activityDetailExplainsTheFirstSyncConflict()
    {
        ClusterSession session;
        ActivityPanel panel(session);
        QAbstractItemModelTester tester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(session.apply({ManifestSource::fromFile(QStringLiteral(RLAB_TEST_DATA "/../../resources/manifests/nginx-deployment.yaml"))}).ok());
        session.advance(30'000);
        session.frame();
        QTableView *view = panel.view();
        int failed = -1;
        for (int row = 0; row < view->model()->rowCount() && failed < 0; ++row) {
            const QModelIndex i = view->model()->index(row, ReconcileModel::TextColumn);
            if (ConflictExplainer::isConflict(i.data(Qt::ToolTipRole).toString()))
                failed = row;
        }
        QVERIFY2(failed >= 0, "the first syncs after an apply should include the conflict (issue 14)");
        view->setCurrentIndex(view->model()->index(failed, 0));
        const QString detail = panel.detail()->toPlainText();
        static const QRegularExpression written(QStringLiteral("written at revision (\\d+) .* by (\\S+)"));
        const QRegularExpressionMatch m = written.match(detail);
        QVERIFY2(m.hasMatch(), qPrintable(detail));
        QVERIFY(detail.contains(QStringLiteral("Upstream kube-controller-manager does exactly the same")));
        QVERIFY2(detail.contains(QStringLiteral("by this same sync")), qPrintable(detail));   // getNewReplicaSet's status update
        QVERIFY(detail.contains(QStringLiteral("handleErr requeues the key")));
        // That revision really is a write of the Deployment's key.
        bool found = false;
        for (const TraceEvent &e : session.view().trace(0))
            found |= e.type == QLatin1String("Put") && e.rev == m.captured(1).toLongLong()
                  && e.key == QLatin1String("/registry/deployments/default/nginx");
        QVERIFY2(found, qPrintable(detail));
        // And the reconcile after it succeeded (handleErr requeued the key).
        bool laterOk = false;
        for (int row = failed + 1; row < view->model()->rowCount(); ++row) {
            const QModelIndex i = view->model()->index(row, 0);
            laterOk |= i.siblingAtColumn(ReconcileModel::ControllerColumn).data().toString() == QLatin1String("deployment")
                    && i.data(ReconcileModel::OutcomeRole).toInt() == ReconcileModel::Succeeded;
        }
        QVERIFY(laterOk);
    }
};

QTEST_MAIN(TestConflictExplainer)
#include "tst_conflictexplainer.moc"
