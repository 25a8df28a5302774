// "Why node-1?" (issue 14): a pod's detail shows each node's filter result and each scoring
// plugin's score, read from the scheduler's Schedule trace event (SchedulingReport), and the
// object inspector shows it when a bound pod is selected.
#include "core/api/pod.h"
#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/mainwindow.h"
#include "ui/models/objectref.h"
#include "ui/models/objecttreemodel.h"
#include "ui/models/schedulingreport.h"
#include "ui/widgets/objectinspector.h"
#include "ui/widgets/objectspanel.h"

#include <QLabel>
#include <QTreeView>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

namespace {

QString deployment(int replicas, const QString &selector = {})
{
    QString yaml = QStringLiteral("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: %1\n"
                                  "  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n"
                                  "    spec:\n").arg(replicas);
    if (!selector.isEmpty())
        yaml += QStringLiteral("      nodeSelector: {kubernetes.io/hostname: %1}\n").arg(selector);
    yaml += QStringLiteral("      containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m, memory: 64Mi}}}]\n");
    return yaml;
}

QList<std::shared_ptr<const api::Pod>> pods(const ClusterSession &session)
{
    QList<std::shared_ptr<const api::Pod>> out;
    if (const std::optional<view::Snapshot> snapshot = session.view().objects())
        for (const view::KeyValue &kv : snapshot->kvs)
            if (auto pod = api::objectCast<api::Pod>(kv.value))
                out << pod;
    return out;
}

} // namespace

class TestSchedulingReport : public QObject
{
    Q_OBJECT
private slots:
    // Three feasible nodes: each is scored by every plugin, the plugins' weighted scores add up
    // to the node's total, and the chosen node (the pod's spec.nodeName) has the highest total.
    void everyNodeScoredAndTheBestChosen()
    {
        ClusterSession session;
        QVERIFY(session.apply({ManifestSource{QStringLiteral("web.yaml"), deployment(4).toUtf8(), {}}}).ok());
        session.advance(30'000);
        const QList<std::shared_ptr<const api::Pod>> all = pods(session);
        QCOMPARE(all.size(), 4);
        const std::vector<TraceEvent> trace = session.view().trace(0);
        for (const auto &pod : all) {
            const QString key = pod->metadata.namespace_ + QLatin1Char('/') + pod->metadata.name;
            const std::optional<SchedulingReport> r = SchedulingReport::latestFor(trace, key, pod->spec.nodeName);
            QVERIFY2(r, qPrintable(key));
            QCOMPARE(r->nodes.size(), 3);
            qint64 best = -1;
            for (const SchedulingReport::Node &n : r->nodes) {
                QVERIFY(n.fits);
                QCOMPARE(n.filter, QStringLiteral("fits"));
                QVERIFY2(n.plugins.size() >= 2, qPrintable(n.name));
                qint64 sum = 0;
                for (const SchedulingReport::Plugin &p : n.plugins)
                    sum += p.skip.isEmpty() ? p.weighted : 0;
                QCOMPARE(sum, n.total);
                best = std::max(best, n.total);
            }
            QCOMPARE(r->node(pod->spec.nodeName)->total, best);
            const QString text = r->text();
            QVERIFY2(text.contains(pod->spec.nodeName + QStringLiteral(": fits · ")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("NodeResourcesFit")), qPrintable(text));
            const QStringList lines = text.split(QLatin1Char('\n'));
            const auto chosenLine = std::find_if(lines.cbegin(), lines.cend(), [](const QString &l) { return l.endsWith(QStringLiteral("← chosen")); });
            QVERIFY2(chosenLine != lines.cend() && chosenLine->startsWith(pod->spec.nodeName + QLatin1Char(':')), qPrintable(text));
            QCOMPARE(text.count(QStringLiteral("← chosen")), 1);
        }
    }

    // A nodeSelector for node-2: the other nodes are filtered out with the filter's reason, and
    // with one feasible node nothing is scored (schedule_one.go).
    void filteredNodesSayWhy()
    {
        ClusterSession session;
        QVERIFY(session.apply({ManifestSource{QStringLiteral("web.yaml"), deployment(1, QStringLiteral("node-2")).toUtf8(), {}}}).ok());
        session.advance(30'000);
        const QList<std::shared_ptr<const api::Pod>> all = pods(session);
        QCOMPARE(all.size(), 1);
        QCOMPARE(all.first()->spec.nodeName, QStringLiteral("node-2"));
        const QString key = QStringLiteral("default/") + all.first()->metadata.name;
        const std::optional<SchedulingReport> r = SchedulingReport::latestFor(session.view().trace(0), key, QStringLiteral("node-2"));
        QVERIFY(r);
        for (const QString &other : {QStringLiteral("node-1"), QStringLiteral("node-3")}) {
            QVERIFY(r->node(other));
            QVERIFY(!r->node(other)->fits);
            QVERIFY2(r->node(other)->filter.contains(QStringLiteral("affinity/selector")), qPrintable(r->node(other)->filter));
        }
        QVERIFY(r->node(QStringLiteral("node-2"))->fits);
        QCOMPARE(r->node(QStringLiteral("node-2"))->total, -1);
        const QString text = r->text();
        QVERIFY2(text.contains(QStringLiteral("node-1: filtered out: ")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("node-2: fits · the only one: no scoring")), qPrintable(text));
        QVERIFY(!SchedulingReport::latestFor(session.view().trace(0), QStringLiteral("default/nobody"), {}));
    }

    // Selecting a bound pod in the Objects panel shows its report in the inspector; a
    // Deployment shows none.
    void inspectorShowsWhyThatNode()
    {
        MainWindow::Options o;
        o.persistLayout = false;
        o.startFrames = false;
        MainWindow w(o);
        QVERIFY(w.applyText(deployment(2), QStringLiteral("web.yaml")).ok());
        w.session().advance(30'000);
        w.refreshNow();
        const std::shared_ptr<const api::Pod> pod = pods(w.session()).first();
        auto *objects = w.panel<ObjectsPanel>(QStringLiteral("objects"));
        auto *model = qobject_cast<ObjectTreeModel *>(objects->view()->model());
        QVERIFY(model);   // the tree's own model (no proxy)
        const QModelIndex index = model->indexOf(ObjectRef{QStringLiteral("Pod"), QStringLiteral("default"), pod->metadata.name});
        QVERIFY(index.isValid());
        objects->view()->setCurrentIndex(index);
        auto *inspector = w.panel<ObjectInspector>(QStringLiteral("inspector"));
        QTRY_VERIFY(inspector->object() && inspector->object()->metadata.name == pod->metadata.name);
        const QString text = inspector->schedulingText();
        QVERIFY2(text.contains(pod->spec.nodeName + QStringLiteral(": fits · ")) && text.contains(QStringLiteral("← chosen")), qPrintable(text));
        QVERIFY(inspector->findChild<QLabel *>(QStringLiteral("inspectorScheduling"))->isVisibleTo(inspector));
        const QModelIndex d = model->indexOf(ObjectRef{QStringLiteral("Deployment"), QStringLiteral("default"), QStringLiteral("web")});
        objects->view()->setCurrentIndex(d);
        QTRY_COMPARE(inspector->object()->metadata.name, QStringLiteral("web"));
        QVERIFY(inspector->schedulingText().isEmpty());
    }
};

QTEST_MAIN(TestSchedulingReport)
#include "tst_schedulingreport.moc"
