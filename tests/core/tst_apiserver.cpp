// API server semantics: create/get/list/update/patch/delete, conflicts, generation,
// subresources, graceful deletion, finalizers, watch and 410.
#include "core/api/deployment.h"
#include "core/api/namespace.h"
#include "core/api/pod.h"
#include "core/apiserver/apiserver.h"
#include "tests/testutil/fixtures.h"

#include <QJsonDocument>
#include <QTest>

using namespace rlab;
using namespace rlab::api;
using namespace rlab::apiserver;
using rlab::test::ApiFixture;

class TestApiServer : public QObject
{
    Q_OBJECT

private slots:
    // The etcd key of an object: prefix, namespace, name, as UTF-8 (ASCII names narrowed
    // directly, anything else encoded).
    void etcdKeys_data()
    {
        QTest::addColumn<QString>("ns");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("key");
        QTest::newRow("pod") << "default" << "web-5f7799dff-x8k2p" << QByteArray("/registry/pods/default/web-5f7799dff-x8k2p");
        QTest::newRow("long name") << "team-a" << QString(60, u'a') << QByteArray("/registry/pods/team-a/") + QByteArray(60, 'a');
        QTest::newRow("non-ASCII name") << "default" << QStringLiteral("caf\u00e9") << QByteArray("/registry/pods/default/caf\xc3\xa9");
        QTest::newRow("non-ASCII namespace") << QStringLiteral("\u00e9t\u00e9") << "a" << QByteArray("/registry/pods/\xc3\xa9t\xc3\xa9/a");
    }
    void etcdKeys()
    {
        QFETCH(QString, ns);
        QFETCH(QString, name);
        QFETCH(QByteArray, key);
        QCOMPARE(resources::byKind(Kind::Pod).etcdKey(ns, name), key);
    }

    void createFillsSystemFields()
    {
        ApiFixture f;
        const qint64 before = f.api.currentRevision();
        auto r = f.api.create(test::makeDeployment(QStringLiteral("web")));
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error->message));
        const auto d = objectCast<Deployment>(r.value);
        QCOMPARE(d->metadata.resourceVersion, QString::number(before + 1));
        QCOMPARE(d->metadata.generation, 1);
        QCOMPARE(d->metadata.uid.size(), 36);
        QCOMPARE(d->metadata.creationTimestamp, test::kStartMs);
        // apps/v1 defaults were applied
        QCOMPARE(d->spec.revisionHistoryLimit.value_or(-1), 10);
        QCOMPARE(d->spec.progressDeadlineSeconds.value_or(-1), 600);
        QCOMPARE(d->spec.strategy.type, QStringLiteral("RollingUpdate"));
        QCOMPARE(d->spec.strategy.rollingUpdate->maxSurge->toString(), QStringLiteral("25%"));
        QCOMPARE(d->spec.template_.spec.containers[0].imagePullPolicy, QStringLiteral("IfNotPresent"));
        QCOMPARE(f.api.get(f.rt(Kind::Deployment), QStringLiteral("default"), QStringLiteral("web")).value, r.value);
    }

    void createResetsStatus()
    {
        ApiFixture f;
        auto d = test::makeDeployment(QStringLiteral("web"));
        d->status.replicas = 7;
        const auto r = f.api.create(d);
        QVERIFY(r.ok());
        QCOMPARE(objectCast<Deployment>(r.value)->status.replicas, 0);
    }

    void generateName()
    {
        ApiFixture f;
        auto p = test::makePod(QString());
        p->metadata.generateName = QStringLiteral("web-7c5b4f-");
        const auto r = f.api.create(p);
        QVERIFY(r.ok());
        QVERIFY(r.value->metadata.name.startsWith(QLatin1String("web-7c5b4f-")));
        QCOMPARE(r.value->metadata.name.size(), 16);
        for (QChar c : r.value->metadata.name.mid(11))
            QVERIFY2(QStringLiteral("bcdfghjklmnpqrstvwxz2456789").contains(c), qPrintable(r.value->metadata.name));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("message");
        QTest::newRow("already exists") << "exists" << 409 << "AlreadyExists" << "deployments.apps \"web\" already exists";
        QTest::newRow("not found") << "notfound" << 404 << "NotFound" << "deployments.apps \"nope\" not found";
        QTest::newRow("pod not found") << "podnotfound" << 404 << "NotFound" << "pods \"nope\" not found";
        QTest::newRow("namespace missing") << "nsmissing" << 404 << "NotFound" << "namespaces \"prod\" not found";
        QTest::newRow("stale resourceVersion") << "stale" << 409 << "Conflict"
            << "Operation cannot be fulfilled on deployments.apps \"web\": the object has been modified; please apply your changes to the latest version and try again";
        QTest::newRow("invalid replicas") << "invalid" << 422 << "Invalid"
            << "Deployment.apps \"bad\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0";
        QTest::newRow("bad field selector") << "fieldsel" << 400 << "BadRequest" << "field label not supported: spec.foo";
    }
    void errors()
    {
        QFETCH(QString, what);
        QFETCH(int, code);
        QFETCH(QString, reason);
        QFETCH(QString, message);
        ApiFixture f;
        QVERIFY(f.api.create(test::makeDeployment(QStringLiteral("web"))).ok());
        const qint64 rev = f.api.currentRevision();
        std::optional<ApiError> err;
        if (what == QLatin1String("exists")) {
            err = f.api.create(test::makeDeployment(QStringLiteral("web"))).error;
        } else if (what == QLatin1String("notfound")) {
            err = f.api.get(f.rt(Kind::Deployment), QStringLiteral("default"), QStringLiteral("nope")).error;
        } else if (what == QLatin1String("podnotfound")) {
            err = f.api.remove(f.rt(Kind::Pod), QStringLiteral("default"), QStringLiteral("nope")).error;
        } else if (what == QLatin1String("nsmissing")) {
            auto d = test::makeDeployment(QStringLiteral("web"));
            d->metadata.namespace_ = QStringLiteral("prod");
            err = f.api.create(d).error;
        } else if (what == QLatin1String("stale")) {
            auto cur = f.api.getAs<Deployment>(QStringLiteral("default"), QStringLiteral("web"));
            auto a = std::static_pointer_cast<Deployment>(cur->clone());
            auto b = std::static_pointer_cast<Deployment>(cur->clone());
            a->spec.replicas = 4;
            b->spec.replicas = 5;
            QVERIFY(f.api.update(a).ok());
            err = f.api.update(b).error;
        } else if (what == QLatin1String("invalid")) {
            auto d = test::makeDeployment(QStringLiteral("bad"));
            d->spec.replicas = -1;
            err = f.api.create(d).error;
        } else if (what == QLatin1String("fieldsel")) {
            ListOptions o;
            o.fieldSelector = QStringLiteral("spec.foo=bar");
            err = f.api.list(f.rt(Kind::Deployment), QStringLiteral("default"), o).error;
        }
        QVERIFY(err.has_value());
        QCOMPARE(err->code, code);
        QCOMPARE(err->reason, reason);
        QCOMPARE(err->message, message);
        if (what != QLatin1String("stale"))
            QCOMPARE(f.api.currentRevision(), rev);   // a rejected request writes nothing
        QCOMPARE(err->toStatus().value(QLatin1String("kind")).toString(), QStringLiteral("Status"));
    }

    void generationBumpsOnlyOnSpecChange_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<int>("generation");
        QTest::addColumn<bool>("written");
        QTest::newRow("scale 3 -> 5") << "replicas" << 2 << true;
        QTest::newRow("new image") << "image" << 2 << true;
        // A Deployment's annotations count as well (deployment/strategy.go PrepareForUpdate: they are
        // copied to its ReplicaSets); tst_strategy has the table for every kind.
        QTest::newRow("annotation only") << "annotation" << 2 << true;
        QTest::newRow("status through main resource is ignored") << "status" << 1 << false;
        QTest::newRow("nothing") << "nothing" << 1 << false;
    }
    void generationBumpsOnlyOnSpecChange()
    {
        QFETCH(QString, change);
        QFETCH(int, generation);
        QFETCH(bool, written);
        ApiFixture f;
        const auto created = f.api.create(test::makeDeployment(QStringLiteral("web")));
        auto d = std::static_pointer_cast<Deployment>(created.value->clone());
        if (change == QLatin1String("replicas"))
            d->spec.replicas = 5;
        else if (change == QLatin1String("image"))
            d->spec.template_.spec.containers[0].image = QStringLiteral("nginx:1.26");
        else if (change == QLatin1String("annotation"))
            d->metadata.annotations.insert(QStringLiteral("team"), QStringLiteral("blue"));
        else if (change == QLatin1String("status"))
            d->status.replicas = 3;
        const qint64 rev = f.api.currentRevision();
        const auto r = f.api.update(d);
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error->message));
        QCOMPARE(r.value->metadata.generation, generation);
        QCOMPARE(f.api.currentRevision() != rev, written);
        QCOMPARE(r.value->metadata.resourceVersion, QString::number(f.api.currentRevision()));
    }

    void statusSubresource()
    {
        ApiFixture f;
        const auto created = f.api.create(test::makeDeployment(QStringLiteral("web")));
        auto d = std::static_pointer_cast<Deployment>(created.value->clone());
        d->status.replicas = 3;
        d->status.observedGeneration = 1;
        d->spec.replicas = 9;   // ignored by /status
        const auto r = f.api.updateStatus(d);
        QVERIFY(r.ok());
        const auto got = objectCast<Deployment>(r.value);
        QCOMPARE(got->status.replicas, 3);
        QCOMPARE(got->replicas(), 3);
        QCOMPARE(got->metadata.generation, 1);
    }

    void scaleSubresource()
    {
        ApiFixture f;
        QVERIFY(f.api.create(test::makeDeployment(QStringLiteral("web"))).ok());
        const ResourceType rt = f.rt(Kind::Deployment);
        const auto s = f.api.getScale(rt, QStringLiteral("default"), QStringLiteral("web"));
        QVERIFY(s.ok());
        QCOMPARE(s.value.value(QLatin1String("kind")).toString(), QStringLiteral("Scale"));
        QCOMPARE(s.value.value(QLatin1String("spec")).toObject().value(QLatin1String("replicas")).toInt(), 3);
        QCOMPARE(s.value.value(QLatin1String("status")).toObject().value(QLatin1String("selector")).toString(), QStringLiteral("app=web"));
        const auto p = f.api.patchScale(rt, QStringLiteral("default"), QStringLiteral("web"), PatchType::Merge,
                                        R"({"spec":{"replicas":5}})");
        QVERIFY2(p.ok(), p.ok() ? "" : qPrintable(p.error->message));
        QCOMPARE(f.api.getAs<Deployment>(QStringLiteral("default"), QStringLiteral("web"))->replicas(), 5);
        QCOMPARE(f.api.getAs<Deployment>(QStringLiteral("default"), QStringLiteral("web"))->metadata.generation, 2);
    }

    void patches_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("image");
        QTest::addColumn<int>("replicas");
        QTest::newRow("merge: replicas") << int(PatchType::Merge) << QByteArray(R"({"spec":{"replicas":4}})") << "nginx:1.25" << 4;
        QTest::newRow("strategic: set image (kubectl set image)") << int(PatchType::Strategic)
            << QByteArray(R"({"spec":{"template":{"spec":{"containers":[{"image":"nginx:1.26","name":"app"}]}}}})") << "nginx:1.26" << 3;
        QTest::newRow("json patch: replace") << int(PatchType::Json)
            << QByteArray(R"([{"op":"replace","path":"/spec/replicas","value":1}])") << "nginx:1.25" << 1;
    }
    void patches()
    {
        QFETCH(int, type);
        QFETCH(QByteArray, body);
        QFETCH(QString, image);
        QFETCH(int, replicas);
        ApiFixture f;
        QVERIFY(f.api.create(test::makeDeployment(QStringLiteral("web"))).ok());
        const auto r = f.api.patch(f.rt(Kind::Deployment), QStringLiteral("default"), QStringLiteral("web"), PatchType(type), body);
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error->message));
        const auto d = objectCast<Deployment>(r.value);
        QCOMPARE(d->spec.template_.spec.containers.size(), 1);
        QCOMPARE(d->spec.template_.spec.containers[0].image, image);
        QCOMPARE(d->replicas(), replicas);
    }

    void gracefulPodDeletion()
    {
        ApiFixture f;
        const ResourceType rt = f.rt(Kind::Pod);
        QVERIFY(f.api.create(test::makePod(QStringLiteral("p1"), QStringLiteral("n1"))).ok());
        auto r = f.api.remove(rt, QStringLiteral("default"), QStringLiteral("p1"));
        QVERIFY(r.ok());
        QCOMPARE(r.value->metadata.deletionTimestamp, test::kStartMs + 30000);
        QCOMPARE(r.value->metadata.deletionGracePeriodSeconds.value_or(-1), 30);
        QVERIFY(f.api.get(rt, QStringLiteral("default"), QStringLiteral("p1")).ok());   // Terminating
        // the kubelet confirms with grace 0
        DeleteOptions now;
        now.gracePeriodSeconds = 0;
        QVERIFY(f.api.remove(rt, QStringLiteral("default"), QStringLiteral("p1"), now).ok());
        QCOMPARE(f.api.get(rt, QStringLiteral("default"), QStringLiteral("p1")).error->code, 404);
        // an unscheduled pod goes at once
        QVERIFY(f.api.create(test::makePod(QStringLiteral("p2"))).ok());
        QVERIFY(f.api.remove(rt, QStringLiteral("default"), QStringLiteral("p2")).ok());
        QCOMPARE(f.api.get(rt, QStringLiteral("default"), QStringLiteral("p2")).error->code, 404);
    }

    void finalizersPark_data()
    {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<QString>("finalizer");
        QTest::newRow("Foreground") << "Foreground" << "foregroundDeletion";
        QTest::newRow("Orphan") << "Orphan" << "orphan";
    }
    void finalizersPark()
    {
        QFETCH(QString, policy);
        QFETCH(QString, finalizer);
        ApiFixture f;
        const ResourceType rt = f.rt(Kind::Deployment);
        QVERIFY(f.api.create(test::makeDeployment(QStringLiteral("web"))).ok());
        DeleteOptions o;
        o.propagationPolicy = policy;
        const auto r = f.api.remove(rt, QStringLiteral("default"), QStringLiteral("web"), o);
        QVERIFY(r.ok());
        QCOMPARE(r.value->metadata.finalizers, QStringList{finalizer});
        QVERIFY(r.value->metadata.deletionTimestamp != 0);
        // removing the finalizer (what the garbage collector does) deletes the object
        auto d = r.value->clone();
        d->metadata.finalizers.clear();
        QVERIFY(f.api.update(d).ok());
        QCOMPARE(f.api.get(rt, QStringLiteral("default"), QStringLiteral("web")).error->code, 404);
    }

    void listSelectors()
    {
        ApiFixture f;
        QVERIFY(f.api.create(test::makePod(QStringLiteral("a"), QStringLiteral("n1"))).ok());
        QVERIFY(f.api.create(test::makePod(QStringLiteral("b"), QStringLiteral("n2"))).ok());
        auto c = test::makePod(QStringLiteral("c"), QStringLiteral("n1"));
        c->metadata.labels[QStringLiteral("app")] = QStringLiteral("db");
        QVERIFY(f.api.create(c).ok());
        ListOptions o;
        o.fieldSelector = QStringLiteral("spec.nodeName=n1");
        QCOMPARE(f.api.list(f.rt(Kind::Pod), QStringLiteral("default"), o).value.items.size(), 2);
        o.labelSelector = QStringLiteral("app in (web)");
        const auto l = f.api.list(f.rt(Kind::Pod), QStringLiteral("default"), o);
        QCOMPARE(l.value.items.size(), 1);
        QCOMPARE(l.value.items[0]->metadata.name, QStringLiteral("a"));
        QCOMPARE(l.value.resourceVersion, f.api.currentRevision());
    }

    void watchFromResourceVersion()
    {
        ApiFixture f;
        const ResourceType rt = f.rt(Kind::Deployment);
        const auto created = f.api.create(test::makeDeployment(QStringLiteral("web")));
        const QString rv = created.value->metadata.resourceVersion;
        auto d = created.value->clone();
        static_cast<Deployment &>(*d).spec.replicas = 5;
        QVERIFY(f.api.update(d).ok());
        QVERIFY(f.api.remove(rt, QStringLiteral("default"), QStringLiteral("web")).ok());
        ListOptions o;
        o.resourceVersion = rv;
        const auto w = f.api.watch(rt, QStringLiteral("default"), o);
        QVERIFY(w.ok());
        const auto events = w.value->take();
        QCOMPARE(events.size(), std::size_t(2));
        QCOMPARE(events[0].type, ApiWatchEvent::Modified);
        QCOMPARE(events[1].type, ApiWatchEvent::Deleted);
        QCOMPARE(events[1].object->metadata.resourceVersion, QString::number(f.api.currentRevision()));
        // from "0": the current state as ADDED first
        QVERIFY(f.api.create(test::makeDeployment(QStringLiteral("api"))).ok());
        const auto w0 = f.api.watch(rt, QStringLiteral("default"), {});
        const auto e0 = w0.value->take();
        QCOMPARE(e0.size(), std::size_t(1));
        QCOMPARE(e0[0].type, ApiWatchEvent::Added);
        QCOMPARE(e0[0].object->metadata.name, QStringLiteral("api"));
    }

    void watchCompactedIsGone()
    {
        ApiFixture f;
        const ResourceType rt = f.rt(Kind::Deployment);
        for (int i = 0; i < 5; ++i)
            QVERIFY(f.api.create(test::makeDeployment(QStringLiteral("d%1").arg(i))).ok());
        const qint64 rev = f.api.currentRevision();
        QCOMPARE(f.store.compact(rev), store::StoreError::None);
        ListOptions o;
        o.resourceVersion = QStringLiteral("2");
        const auto w = f.api.watch(rt, QStringLiteral("default"), o);
        QVERIFY(w.ok());
        const auto ev = w.value->take();
        QCOMPARE(ev.size(), std::size_t(1));
        QCOMPARE(ev[0].type, ApiWatchEvent::Error);
        QCOMPARE(ev[0].error.code, 410);
        QCOMPARE(ev[0].error.message, QStringLiteral("too old resource version: 2 (%1)").arg(rev));
    }

    void watchSelectorTransitions()
    {
        ApiFixture f;
        const ResourceType rt = f.rt(Kind::Pod);
        QVERIFY(f.api.create(test::makePod(QStringLiteral("p"))).ok());
        ListOptions o;
        o.fieldSelector = QStringLiteral("spec.nodeName=n1");
        o.resourceVersion = QString::number(f.api.currentRevision());
        const auto w = f.api.watch(rt, QStringLiteral("default"), o);
        QVERIFY(f.api.bind(QStringLiteral("default"), QStringLiteral("p"), QStringLiteral("n1")).ok());
        const auto ev = w.value->take();
        QCOMPARE(ev.size(), std::size_t(1));
        QCOMPARE(ev[0].type, ApiWatchEvent::Added);   // started matching spec.nodeName=n1
    }

    // A stored version answers key() from a string kept with it, shared by the versions that
    // follow it (an update, a binding, a graceful delete); a copy does not inherit it, so a
    // renamed copy has its own key.
    void storedVersionsShareTheirKey()
    {
        ApiFixture f;
        const auto created = f.api.create(test::makePod(QStringLiteral("p")));
        QVERIFY(created.ok());
        QCOMPARE(created.value->key(), QStringLiteral("default/p"));
        QCOMPARE(created.value->key().constData(), created.value->key().constData());   // kept, not built again
        const auto bound = f.api.bind(QStringLiteral("default"), QStringLiteral("p"), QStringLiteral("n1"));
        QVERIFY(bound.ok());
        QCOMPARE(bound.value->key().constData(), created.value->key().constData());
        auto copy = std::static_pointer_cast<Pod>(bound.value->clone());
        copy->status.phase = QStringLiteral("Running");
        const auto updated = f.api.updateStatus(copy);
        QVERIFY(updated.ok());
        QCOMPARE(updated.value->key().constData(), created.value->key().constData());
        auto renamed = std::static_pointer_cast<Pod>(updated.value->clone());
        renamed->metadata.name = QStringLiteral("q");
        QCOMPARE(renamed->key(), QStringLiteral("default/q"));
        api::Pod assigned;
        assigned = *renamed;
        assigned.metadata.namespace_ = QStringLiteral("other");
        QCOMPARE(assigned.key(), QStringLiteral("other/q"));
        const auto deleting = f.api.remove(f.rt(Kind::Pod), QStringLiteral("default"), QStringLiteral("p"), DeleteOptions{});
        QVERIFY(deleting.ok());
        QVERIFY(deleting.value->metadata.deletionTimestamp != 0);   // graceful: a new version
        QCOMPARE(deleting.value->key().constData(), created.value->key().constData());
    }

    void bindOnce()
    {
        ApiFixture f;
        QVERIFY(f.api.create(test::makePod(QStringLiteral("p"))).ok());
        const auto r = f.api.bind(QStringLiteral("default"), QStringLiteral("p"), QStringLiteral("n1"));
        QVERIFY(r.ok());
        const auto pod = objectCast<Pod>(r.value);
        QCOMPARE(pod->spec.nodeName, QStringLiteral("n1"));
        QCOMPARE(pod->status.conditions.size(), 1);
        QCOMPARE(pod->status.conditions[0].type, QStringLiteral("PodScheduled"));
        const auto again = f.api.bind(QStringLiteral("default"), QStringLiteral("p"), QStringLiteral("n2"));
        QCOMPARE(again.error->code, 409);
        QCOMPARE(again.error->message, QStringLiteral("Operation cannot be fulfilled on pods \"p\": pod p is already assigned to node \"n1\""));
    }

    // DefaultTolerationSeconds admission: not-ready and unreachable tolerated for 300 s unless
    // the pod tolerates them already; pods that had no tolerations share one list.
    void defaultTolerationSeconds()
    {
        ApiFixture f;
        const auto a = objectCast<Pod>(f.api.create(test::makePod(QStringLiteral("a"))).value);
        const auto b = objectCast<Pod>(f.api.create(test::makePod(QStringLiteral("b"))).value);
        QCOMPARE(a->spec.tolerations.size(), 2);
        QCOMPARE(a->spec.tolerations[0].key, QStringLiteral("node.kubernetes.io/not-ready"));
        QCOMPARE(a->spec.tolerations[1].key, QStringLiteral("node.kubernetes.io/unreachable"));
        for (const Toleration &t : a->spec.tolerations) {
            QCOMPARE(t.operator_, QStringLiteral("Exists"));
            QCOMPARE(t.effect, QStringLiteral("NoExecute"));
            QCOMPARE(t.tolerationSeconds, std::optional<qint64>(300));
        }
        QVERIFY(a->spec.tolerations.constData() == b->spec.tolerations.constData());   // one list
        auto c = test::makePod(QStringLiteral("c"));
        Toleration own;
        own.key = QStringLiteral("node.kubernetes.io/unreachable");
        own.operator_ = QStringLiteral("Exists");
        own.effect = QStringLiteral("NoExecute");
        own.tolerationSeconds = 60;
        c->spec.tolerations = {own};
        const auto made = objectCast<Pod>(f.api.create(c).value);
        QCOMPARE(made->spec.tolerations.size(), 2);   // its own, then not-ready's default
        QCOMPARE(made->spec.tolerations[0].tolerationSeconds, std::optional<qint64>(60));
        QCOMPARE(made->spec.tolerations[1].key, QStringLiteral("node.kubernetes.io/not-ready"));
    }

    void concurrentUpdatesOneWinnerPerVersion()
    {
        ApiFixture f;
        const auto created = f.api.create(test::makeDeployment(QStringLiteral("web")));
        int ok = 0, conflicts = 0;
        for (int i = 0; i < 5; ++i) {
            auto d = std::static_pointer_cast<Deployment>(created.value->clone());
            d->spec.replicas = 10 + i;
            const auto r = f.api.update(d);
            r.ok() ? ++ok : ++conflicts;
        }
        QCOMPARE(ok, 1);
        QCOMPARE(conflicts, 4);
    }
};

QTEST_GUILESS_MAIN(TestApiServer)
#include "tst_apiserver.moc"
