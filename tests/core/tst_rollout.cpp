// SPDX-License-Identifier: Apache-2.0
// kubectl's client-side rollout operations against the API server: scale, set image, rollout
// undo / pause / resume / restart / history — their requests' effects, outputs and errors
// (kubectl-protocol.md §5.12-§5.17, upstream-semantics.md §12-§13).
#include "core/apiserver/apiserver.h"
#include "core/kubectl/rollout.h"
#include "tests/core/deploymentfixture.h"

#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::test;
namespace rollout = rlab::kubectl::rollout;

namespace {

const QString ns = QStringLiteral("default");

// Deployment "web" at revision 3 (image nginx:3) with ReplicaSets for revisions 1, 2, 3.
struct History
{
    ApiFixture f;
    std::shared_ptr<const Deployment> web;

    explicit History(int revisions = 3, bool paused = false)
    {
        auto d = makeDeployment(QStringLiteral("web"), 2, QStringLiteral("nginx:%1").arg(revisions));
        d->metadata.annotations = {{du::RevisionAnnotation, QString::number(revisions)},
                                   {du::ChangeCauseAnnotation, QStringLiteral("v%1").arg(revisions)},
                                   {du::LastAppliedConfigAnnotation, QStringLiteral("{}")}};
        d->spec.paused = paused;
        const auto r = f.api.create(d);
        if (!r.ok())
            qFatal("%s", qPrintable(r.error->message));
        web = objectCast<Deployment>(r.value);
        for (int v = 1; v <= revisions; ++v)
            addRS(v, v == 2 ? QString() : QStringLiteral("v%1").arg(v));
    }

    std::shared_ptr<const ReplicaSet> addRS(int revision, const QString &changeCause, bool owned = true,
                                            const QString &revisionText = {})
    {
        auto r = ownedRS(*web, QStringLiteral("web-h%1").arg(revision), revision == 3 ? 2 : 0);
        r->spec.template_.spec.containers[0].image = QStringLiteral("nginx:%1").arg(revision);
        const QString hash = QStringLiteral("h%1").arg(revision);
        r->spec.template_.metadata.labels.insert(du::DefaultDeploymentUniqueLabelKey, hash);
        r->spec.selector->matchLabels.insert(du::DefaultDeploymentUniqueLabelKey, hash);
        r->metadata.labels = r->spec.template_.metadata.labels;
        r->metadata.annotations.insert(du::RevisionAnnotation, revisionText.isEmpty() ? QString::number(revision) : revisionText);
        if (!changeCause.isEmpty())
            r->metadata.annotations.insert(du::ChangeCauseAnnotation, changeCause);
        r->metadata.annotations.insert(du::DesiredReplicasAnnotation, QStringLiteral("2"));
        if (!owned)
            r->metadata.ownerReferences.clear();
        const auto stored = f.api.restore(r);
        if (!stored.ok())
            qFatal("%s", qPrintable(stored.error->message));
        return objectCast<ReplicaSet>(stored.value);
    }

    std::shared_ptr<const Deployment> get() const { return f.api.getAs<Deployment>(ns, QStringLiteral("web")); }
};

} // namespace

class TestRollout : public QObject
{
    Q_OBJECT

private slots:
    void testScale_data();
    void testScale();
    void testSetImage_data();
    void testSetImage();
    void testPauseResume_data();
    void testPauseResume();
    void testRestart();
    void testRolloutUndo_data();
    void testRolloutUndo();
    void testHistory_data();
    void testHistory();
    void testUndoRenumbersRevision();
};

void TestRollout::testScale_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("replicas");
    QTest::addColumn<QString>("output");
    QTest::addColumn<QString>("errorLine");
    QTest::newRow("scale to 5") << "web" << 5 << "deployment.apps/web scaled" << "";
    QTest::newRow("scale to 0") << "web" << 0 << "deployment.apps/web scaled" << "";
    QTest::newRow("negative count") << "web" << -1 << ""
                                    << "error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0";
    QTest::newRow("unknown deployment") << "nope" << 3 << "" << "Error from server (NotFound): deployments.apps \"nope\" not found";
}

void TestRollout::testScale()
{
    QFETCH(QString, name);
    QFETCH(int, replicas);
    QFETCH(QString, output);
    QFETCH(QString, errorLine);
    History h;
    const qint64 generation = h.web->metadata.generation;
    const rollout::RolloutResult r = rollout::scale(h.f.client, ns, name, replicas);
    QCOMPARE(r.output, output);
    QCOMPARE(r.errorLine(), errorLine);
    QCOMPARE(r.ok(), errorLine.isEmpty());
    if (r.ok()) {
        QCOMPARE(h.get()->spec.replicas, std::optional<int>(replicas));
        QCOMPARE(h.get()->metadata.generation, generation + 1);   // rollout status waits for it
    } else {
        QCOMPARE(h.get()->spec.replicas, std::optional<int>(2));
    }
}

void TestRollout::testSetImage_data()
{
    QTest::addColumn<QString>("container");
    QTest::addColumn<QString>("image");
    QTest::addColumn<QString>("output");
    QTest::addColumn<QString>("errorLine");
    QTest::addColumn<QStringList>("images");   // of app and sidecar afterwards
    QTest::newRow("one container") << "app" << "nginx:4" << "deployment.apps/web image updated" << ""
                                   << QStringList{"nginx:4", "busybox"};
    QTest::newRow("every container (*)") << "*" << "nginx:4" << "deployment.apps/web image updated" << ""
                                         << QStringList{"nginx:4", "nginx:4"};
    QTest::newRow("unknown container") << "nosuch" << "nginx:4" << "" << "error: unable to find container named \"nosuch\""
                                       << QStringList{"nginx:3", "busybox"};
    QTest::newRow("same image: nothing sent, nothing printed") << "app" << "nginx:3" << "" << "" << QStringList{"nginx:3", "busybox"};
}

void TestRollout::testSetImage()
{
    QFETCH(QString, container);
    QFETCH(QString, image);
    QFETCH(QString, output);
    QFETCH(QString, errorLine);
    QFETCH(QStringList, images);
    ApiFixture f;
    auto d = makeDeployment(QStringLiteral("web"), 1, QStringLiteral("nginx:3"));
    Container sidecar;
    sidecar.name = QStringLiteral("sidecar");
    sidecar.image = QStringLiteral("busybox");
    d->spec.template_.spec.containers.append(sidecar);
    QVERIFY(f.api.create(d).ok());
    const qint64 revision = f.api.currentRevision();
    const rollout::RolloutResult r = rollout::setImage(f.client, ns, QStringLiteral("web"), container, image);
    QCOMPARE(r.output, output);
    QCOMPARE(r.errorLine(), errorLine);
    const auto after = f.api.getAs<Deployment>(ns, QStringLiteral("web"));
    QCOMPARE(after->spec.template_.spec.containers[0].image, images[0]);
    QCOMPARE(after->spec.template_.spec.containers[1].image, images[1]);
    QCOMPARE(f.api.currentRevision() != revision, !output.isEmpty());
}

void TestRollout::testPauseResume_data()
{
    QTest::addColumn<bool>("paused");
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("output");
    QTest::addColumn<QString>("errorLine");
    QTest::addColumn<bool>("pausedAfter");
    QTest::newRow("pause") << false << "pause" << "deployment.apps/web paused" << "" << true;
    QTest::newRow("pause a paused deployment") << true << "pause" << "" << "error: deployments.apps \"web\" is already paused" << true;
    QTest::newRow("resume") << true << "resume" << "deployment.apps/web resumed" << "" << false;
    QTest::newRow("resume a running deployment") << false << "resume" << "" << "error: deployments.apps \"web\" is not paused" << false;
}

void TestRollout::testPauseResume()
{
    QFETCH(bool, paused);
    QFETCH(QString, command);
    QFETCH(QString, output);
    QFETCH(QString, errorLine);
    QFETCH(bool, pausedAfter);
    History h(3, paused);
    const rollout::RolloutResult r = command == QLatin1String("pause") ? rollout::pause(h.f.client, ns, QStringLiteral("web"))
                                                                       : rollout::resume(h.f.client, ns, QStringLiteral("web"));
    QCOMPARE(r.output, output);
    QCOMPARE(r.errorLine(), errorLine);
    QCOMPARE(h.get()->spec.paused, pausedAfter);
}

void TestRollout::testRestart()
{
    {
        History h;
        h.f.clock.advance(3'723'000);   // 01:02:03 virtual
        const rollout::RolloutResult r = rollout::restart(h.f.client, ns, QStringLiteral("web"));
        QCOMPARE(r.output, QStringLiteral("deployment.apps/web restarted"));
        const auto d = h.get();
        QCOMPARE(d->spec.template_.metadata.annotations.value(QStringLiteral("kubectl.kubernetes.io/restartedAt")),
                 QStringLiteral("2026-01-01T01:02:03Z"));
        QCOMPARE(d->metadata.generation, h.web->metadata.generation + 1);   // a new template
    }
    {
        History h(3, true);
        const rollout::RolloutResult r = rollout::restart(h.f.client, ns, QStringLiteral("web"));
        QCOMPARE(r.errorLine(), QStringLiteral("error: deployments.apps \"web\" can't restart paused deployment (run rollout resume first)"));
        QVERIFY(!h.get()->spec.template_.metadata.annotations.contains(QStringLiteral("kubectl.kubernetes.io/restartedAt")));
    }
}

void TestRollout::testRolloutUndo_data()
{
    QTest::addColumn<int>("revisions");
    QTest::addColumn<bool>("paused");
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("toRevision");
    QTest::addColumn<QString>("output");
    QTest::addColumn<QString>("errorLine");
    QTest::addColumn<QString>("image");        // of the deployment afterwards
    QTest::addColumn<QString>("changeCause");  // "" = none
    QTest::newRow("undo: the previous revision") << 3 << false << "web" << qint64(0) << "deployment.apps/web rolled back" << ""
                                                 << "nginx:2" << "";
    QTest::newRow("--to-revision=1") << 3 << false << "web" << qint64(1) << "deployment.apps/web rolled back" << "" << "nginx:1"
                                     << "v1";
    QTest::newRow("--to-revision=99") << 3 << false << "web" << qint64(99) << ""
                                      << "error: unable to find specified revision 99 in history" << "nginx:3" << "v3";
    QTest::newRow("--to-revision=-1") << 3 << false << "web" << qint64(-1) << ""
                                      << "error: unable to find specified revision -1 in history" << "nginx:3" << "v3";
    QTest::newRow("paused") << 3 << true << "web" << qint64(0) << ""
                            << "error: you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again"
                            << "nginx:3" << "v3";
    QTest::newRow("template already matches") << 3 << false << "web" << qint64(3)
                                              << "deployment.apps/web skipped rollback (current template already matches revision 3)" << ""
                                              << "nginx:3" << "v3";
    QTest::newRow("no rollout history") << 1 << false << "web" << qint64(0) << ""
                                        << "error: no rollout history found for deployment \"web\"" << "nginx:1" << "v1";
    QTest::newRow("unknown deployment") << 3 << false << "nope" << qint64(0) << ""
                                        << "Error from server (NotFound): deployments.apps \"nope\" not found" << "nginx:3" << "v3";
}

void TestRollout::testRolloutUndo()
{
    QFETCH(int, revisions);
    QFETCH(bool, paused);
    QFETCH(QString, name);
    QFETCH(qint64, toRevision);
    QFETCH(QString, output);
    QFETCH(QString, errorLine);
    QFETCH(QString, image);
    QFETCH(QString, changeCause);
    History h(revisions, paused);
    const qint64 revision = h.f.api.currentRevision();
    const rollout::RolloutResult r = rollout::rolloutUndo(h.f.client, ns, name, toRevision);
    QCOMPARE(r.output, output);
    QCOMPARE(r.errorLine(), errorLine);
    const auto d = h.get();
    QCOMPARE(d->spec.template_.spec.containers[0].image, image);
    QCOMPARE(d->metadata.annotations.value(du::ChangeCauseAnnotation), changeCause);
    const bool rolledBack = output.endsWith(QLatin1String("rolled back"));
    QCOMPARE(h.f.api.currentRevision() != revision, rolledBack);   // one PATCH, or none
    if (rolledBack) {
        // The skip-listed annotations stay the deployment's; the hash label is not copied.
        QCOMPARE(d->metadata.annotations.value(du::RevisionAnnotation), QStringLiteral("3"));
        QCOMPARE(d->metadata.annotations.value(du::LastAppliedConfigAnnotation), QStringLiteral("{}"));
        QVERIFY(!d->spec.template_.metadata.labels.contains(du::DefaultDeploymentUniqueLabelKey));
        QVERIFY(!d->metadata.annotations.contains(du::DesiredReplicasAnnotation));
    }
}

void TestRollout::testHistory_data()
{
    QTest::addColumn<QString>("extra");   // what else is listed
    QTest::addColumn<QString>("output");
    QTest::newRow("three revisions") << ""
                                     << "deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         v1\n2         <none>\n3         v3\n";
    QTest::newRow("an RS with matching labels but no owner is ignored")
        << "orphan" << "deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         v1\n2         <none>\n3         v3\n";
    QTest::newRow("an unparsable revision is skipped") << "unparsable"
                                                       << "deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         v1\n2         <none>\n3         v3\n";
    QTest::newRow("wide revisions widen the column") << "wide"
                                                     << "deployment.apps/web \nREVISION    CHANGE-CAUSE\n1           v1\n2           <none>\n"
                                                        "3           v3\n1234567890  big\n";
    QTest::newRow("no rollout history") << "none" << "deployment.apps/web \nNo rollout history found.";
}

void TestRollout::testHistory()
{
    QFETCH(QString, extra);
    QFETCH(QString, output);
    History h(extra == QLatin1String("none") ? 0 : 3);
    if (extra == QLatin1String("orphan"))
        h.addRS(4, QStringLiteral("not mine"), false);
    else if (extra == QLatin1String("unparsable"))
        h.addRS(5, QStringLiteral("bad"), true, QStringLiteral("five"));
    else if (extra == QLatin1String("wide"))
        h.addRS(6, QStringLiteral("big"), true, QStringLiteral("1234567890"));
    const rollout::RolloutResult r = rollout::history(h.f.client, ns, QStringLiteral("web"));
    QVERIFY2(r.ok(), qPrintable(r.errorLine()));
    QCOMPARE(r.output, output);
    if (extra.isEmpty()) {
        const QList<rollout::HistoryEntry> entries = rollout::historyEntries(h.f.client, ns, QStringLiteral("web"));
        QCOMPARE(entries.size(), 3);
        QCOMPARE(entries[1].revision, 2);
        QCOMPARE(entries[1].replicaSet->metadata.name, QStringLiteral("web-h2"));
        QCOMPARE(entries[2].changeCause, QStringLiteral("v3"));
    }
}

// undo to revision 1 with the controller running: that RS becomes revision 3, history "1".
void TestRollout::testUndoRenumbersRevision()
{
    DeploymentFixture f;
    auto web = makeDeployment(QStringLiteral("web"), 1, QStringLiteral("nginx:1"));
    web->metadata.annotations.insert(du::ChangeCauseAnnotation, QStringLiteral("first"));
    QVERIFY(f.api.create(web).ok());
    f.settle();
    f.clock.advance(5000);
    const QByteArray patch = R"({"metadata":{"annotations":{"kubernetes.io/change-cause":"second"}},)"
                             R"("spec":{"template":{"spec":{"containers":[{"name":"app","image":"nginx:2"}]}}}})";
    QVERIFY(f.api.patch(f.rt(Kind::Deployment), ns, QStringLiteral("web"), apiserver::PatchType::Strategic, patch).ok());
    f.settle();
    QCOMPARE(rollout::history(f.client, ns, QStringLiteral("web")).output,
             QStringLiteral("deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         first\n2         second\n"));
    const rollout::RolloutResult undo = rollout::rolloutUndo(f.client, ns, QStringLiteral("web"), 1);
    QCOMPARE(undo.output, QStringLiteral("deployment.apps/web rolled back"));
    QCOMPARE(f.getD(QStringLiteral("web"))->metadata.annotations.value(du::ChangeCauseAnnotation), QStringLiteral("first"));
    f.settle();
    QCOMPARE(rollout::history(f.client, ns, QStringLiteral("web")).output,
             QStringLiteral("deployment.apps/web \nREVISION  CHANGE-CAUSE\n2         second\n3         first\n"));
    const RSList owned = f.ownedBy(QStringLiteral("web"));
    QCOMPARE(owned.size(), 2);
    QCOMPARE(owned[0]->metadata.annotations.value(du::RevisionAnnotation), QStringLiteral("3"));
    QCOMPARE(owned[0]->metadata.annotations.value(du::RevisionHistoryAnnotation), QStringLiteral("1"));
    QCOMPARE(f.getD(QStringLiteral("web"))->metadata.annotations.value(du::RevisionAnnotation), QStringLiteral("3"));
    // Undo again: back to revision 2, which becomes 4.
    QCOMPARE(rollout::rolloutUndo(f.client, ns, QStringLiteral("web")).output, QStringLiteral("deployment.apps/web rolled back"));
    f.settle();
    QCOMPARE(rollout::history(f.client, ns, QStringLiteral("web")).output,
             QStringLiteral("deployment.apps/web \nREVISION  CHANGE-CAUSE\n3         first\n4         second\n"));
}

QTEST_GUILESS_MAIN(TestRollout)
#include "tst_rollout.moc"
