#include "core/sim/view/clusterview.h"
#include "../testutil/testobject.h"
#include "core/kubectl/rollout.h"
#include "core/store/kvstore.h"
#include "ui/clustersession.h"
#include "ui/theme.h"
#include "ui/timetravel/fieldorigin.h"
#include "ui/timetravel/fieldoriginfinder.h"
#include "ui/timetravel/timetravel.h"
#include "ui/timetravel/timetravelbar.h"
#include "ui/timetravel/traceindex.h"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// FieldOrigin (tables over a real KvStore's history), TraceIndex, FieldOriginFinder on a
// session (scale 3 -> 5: spec.replicas was set by the scale's write, jumpTo shows it), and the
// TimeTravelBar in its live and past states, with screenshots.
class TestTimeTravelBar : public QObject
{
    Q_OBJECT

private:
    static QString manifest() { return QStringLiteral(RLAB_TEST_DATA "/../../resources/manifests/nginx-deployment.yaml"); }
    static api::ObjectPtr replicas(const QString &v)
    {
        QJsonObject spec;
        if (v != QLatin1String("-"))
            spec.insert(QStringLiteral("replicas"), v.toInt());
        return std::make_shared<test::TestObject>(QJsonObject{{QStringLiteral("spec"), spec}});
    }
    static void run(ClusterSession &session, qint64 ms)
    {
        session.advance(ms);
        session.frame();
    }

private slots:
    void initTestCase()
    {
        theme::applyTo(*qobject_cast<QApplication *>(QCoreApplication::instance()));
    }

    void origin_data()
    {
        // One write per token, from revision 2: a number puts {spec: {replicas: n}}, "-" puts
        // it without replicas, "x" deletes the key, "o" writes another key; "c<N>": compact(N).
        QTest::addColumn<QString>("writes");
        QTest::addColumn<bool>("found");
        QTest::addColumn<qint64>("revision");
        QTest::addColumn<bool>("atOrBefore");
        QTest::addColumn<QString>("value");
        QTest::newRow("set when created") << "3" << true << qint64(2) << false << "3";
        QTest::newRow("unchanged by later writes") << "3,3,3" << true << qint64(2) << false << "3";
        QTest::newRow("the latest run") << "3,3,5,5" << true << qint64(4) << false << "5";
        QTest::newRow("changed back") << "3,5,3" << true << qint64(4) << false << "3";
        QTest::newRow("other keys do not count") << "3,o,3,o,5,o" << true << qint64(6) << false << "5";
        QTest::newRow("absent now") << "3,-,-" << true << qint64(3) << false << "absent";
        QTest::newRow("deleted now") << "3,x" << false << qint64(0) << false << "absent";
        QTest::newRow("recreated") << "3,x,3" << true << qint64(4) << false << "3";
        QTest::newRow("compacted run") << "3,3,o,o,c5,3" << true << qint64(3) << true << "3";
        QTest::newRow("compacted, changed since") << "3,3,o,o,c5,4" << true << qint64(6) << false << "4";
    }
    void origin()
    {
        QFETCH(QString, writes);
        QFETCH(bool, found);
        QFETCH(qint64, revision);
        QFETCH(bool, atOrBefore);
        QFETCH(QString, value);
        store::KvStore kv;
        const QByteArray key("/registry/deployments/default/web");
        for (const QString &w : writes.split(QLatin1Char(','))) {
            if (w == QLatin1String("x"))
                kv.deleteRange(store::KeyRange::single(key));
            else if (w == QLatin1String("o"))
                kv.put("/registry/other", test::obj(1));
            else if (w.startsWith(QLatin1Char('c')))
                QCOMPARE(kv.compact(w.mid(1).toLongLong()), store::StoreError::None);
            else
                kv.put(key, replicas(w));
        }
        const FieldOrigin o = FieldOrigin::find(kv.history(key), QStringLiteral("spec.replicas"));
        QCOMPARE(o.found, found);
        QCOMPARE(o.revision, revision);
        QCOMPARE(o.atOrBefore, atOrBefore);
        QCOMPARE(o.value.isUndefined() ? QStringLiteral("absent") : QString::number(o.value.toInt()), value);
    }

    void valueAt_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("json");   // compact JSON of the value, "" when absent
        QTest::newRow("nested") << "spec.template.spec.containers[0].image" << "\"nginx:1.25\"";
        QTest::newRow("second item") << "spec.template.spec.containers[1].name" << "\"sidecar\"";
        QTest::newRow("index out of range") << "spec.template.spec.containers[2].image" << "";
        QTest::newRow("key with dots") << "metadata.annotations[deployment.kubernetes.io/revision]" << "\"2\"";
        QTest::newRow("object") << "status" << "{\"readyReplicas\":3}";
        QTest::newRow("missing") << "spec.paused" << "";
        QTest::newRow("through a scalar") << "spec.replicas.x" << "";
    }
    void valueAt()
    {
        QFETCH(QString, path);
        QFETCH(QString, json);
        const QJsonObject obj = QJsonDocument::fromJson(R"({"metadata":{"annotations":{"deployment.kubernetes.io/revision":"2"}},
            "spec":{"replicas":3,"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.25"},{"name":"sidecar"}]}}},
            "status":{"readyReplicas":3}})").object();
        const QJsonValue v = FieldOrigin::valueAt(obj, path);
        const QString got = v.isUndefined() ? QString()
                                            : QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
        QCOMPARE(got, json);
    }

    void traceIndexIsBoundedAndSkipsRepeats()
    {
        TraceIndex index(2);
        auto put = [](qint64 seq, qint64 rev, const char *key) {
            TraceEvent e;
            e.seq = seq;
            e.rev = rev;
            e.component = QStringLiteral("etcd");
            e.type = QStringLiteral("Put");
            e.key = QLatin1String(key);
            return e;
        };
        TraceEvent other = put(2, 3, "/registry/a");
        other.component = QStringLiteral("apiserver");
        index.add({put(1, 2, "/registry/a"), other, put(3, 3, "/registry/b")});
        QCOMPARE(index.size(), std::size_t(2));
        QCOMPARE(index.find(2, QStringLiteral("/registry/a"))->seq, 1);
        QVERIFY(!index.find(3, QStringLiteral("/registry/a")));
        QCOMPARE(index.atRevision(3)->key, QStringLiteral("/registry/b"));
        index.add({put(3, 9, "/registry/z")});   // seen already
        QVERIFY(!index.atRevision(9));
        index.add({put(4, 4, "/registry/c")});   // the oldest goes
        QCOMPARE(index.size(), std::size_t(2));
        QVERIFY(!index.find(2, QStringLiteral("/registry/a")));
        QVERIFY(index.atRevision(4));
    }

    // Its tables are sized for the capacity from the start: filling them never rehashes (a
    // rehash of 131,072 writes was a ~50 ms GUI block while a long scenario played).
    void traceIndexNeverGrowsItsTables()
    {
        TraceIndex index(1'000);
        const qsizetype room = index.tableCapacity();
        QVERIFY(room >= 1'000);
        std::vector<TraceEvent> writes;
        for (int i = 1; i <= 1'500; ++i) {
            TraceEvent e;
            e.seq = i;
            e.rev = i;
            e.component = QStringLiteral("etcd");
            e.type = QStringLiteral("Put");
            e.key = QStringLiteral("/registry/pods/default/p%1").arg(i);
            writes.push_back(e);
        }
        index.add(writes);
        QCOMPARE(index.size(), std::size_t(1'000));
        QCOMPARE(index.tableCapacity(), room);
        QCOMPARE(index.tableAllocations(), 1);
        index.clear();
        QCOMPARE(index.tableCapacity(), room);
        QCOMPARE(index.size(), std::size_t(0));
        QVERIFY(!index.find(1'500, QStringLiteral("/registry/pods/default/p1500")));
        QVERIFY(!index.atRevision(1'500));
        QCOMPARE(index.tableAllocations(), 1);   // 1,000 writes: removed in place
        // Filled again after the clear: found as before (the in-place removal left no stale entry).
        index.add({writes.back()});   // seq 1,500 <= lastSeq was reset by clear()
        QCOMPARE(index.find(1'500, QStringLiteral("/registry/pods/default/p1500"))->seq, 1'500);
        QCOMPARE(index.atRevision(1'500)->key, QStringLiteral("/registry/pods/default/p1500"));
    }

    // Past kClearInPlace writes clear() makes the tables again (removing each would take longer).
    void traceIndexClearOfManyMakesNewTables()
    {
        const std::size_t n = TraceIndex::kClearInPlace + 1;
        TraceIndex index(n);
        std::vector<TraceEvent> writes;
        for (std::size_t i = 1; i <= n; ++i) {
            TraceEvent e;
            e.seq = qint64(i);
            e.rev = qint64(i);
            e.component = QStringLiteral("etcd");
            e.type = QStringLiteral("Put");
            e.key = QStringLiteral("/registry/pods/default/p%1").arg(i);
            writes.push_back(e);
        }
        index.add(writes);
        QCOMPARE(index.size(), n);
        index.clear();
        QCOMPARE(index.tableAllocations(), 2);
        QCOMPARE(index.size(), std::size_t(0));
        QVERIFY(index.tableCapacity() >= qsizetype(n));
        QVERIFY(!index.atRevision(1));
    }

    void finderJumpsToTheScale()
    {
        ClusterSession session;
        TimeTravel travel(session);
        FieldOriginFinder finder(travel);
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        run(session, 30'000);
        const qint64 before = session.view().revision();
        QVERIFY(kubectl::rollout::scale(session.client(), "default", "nginx", 5).ok());
        const qint64 scaled = session.view().revision();
        QVERIFY(scaled > before);
        run(session, 30'000);
        const QByteArray key("/registry/deployments/default/nginx");
        const FieldOrigin o = finder.origin(key, QStringLiteral("spec.replicas"));
        QVERIFY(o.found);
        QCOMPARE(o.revision, scaled);
        QCOMPARE(o.value.toInt(), 5);
        QVERIFY(o.event);
        QCOMPARE(o.event->type, QStringLiteral("Put"));
        QCOMPARE(o.event->key, QString::fromUtf8(key));
        QCOMPARE(o.event->rev, scaled);
        QVERIFY2(finder.describe(key, QStringLiteral("spec.replicas")).startsWith(QStringLiteral("spec.replicas = 5 since revision %1 (t=").arg(scaled)),
                 qPrintable(finder.describe(key, QStringLiteral("spec.replicas"))));
        // The image never changed: set when the Deployment was created.
        const FieldOrigin image = finder.origin(key, QStringLiteral("spec.template.spec.containers[0].image"));
        QCOMPARE(session.view().history(key).front().revision.main, image.revision);
        // readyReplicas reached 5 after the scale, by the controller's status write.
        const FieldOrigin ready = finder.origin(key, QStringLiteral("status.readyReplicas"));
        QCOMPARE(ready.value.toInt(), 5);
        QVERIFY(ready.revision > scaled);

        QSignalSpy jumped(&finder, &FieldOriginFinder::jumped);
        QVERIFY(finder.jumpTo(key, QStringLiteral("spec.replicas")));
        QCOMPARE(jumped.size(), 1);
        QVERIFY(!travel.isLive());
        QCOMPARE(travel.viewedRevision(), scaled);
        // One revision before, the Deployment still wanted 3.
        QVERIFY(travel.viewRevision(scaled - 1));
        QCOMPARE(finder.origin(key, QStringLiteral("spec.replicas")).revision, scaled);   // history is not the view
        QVERIFY(!finder.jumpTo("/registry/deployments/default/nope", QStringLiteral("spec.replicas")));
    }

    void barLiveAndPast()
    {
        ClusterSession session;
        QVERIFY(session.apply({ManifestSource::fromFile(manifest())}).ok());
        run(session, 30'000);
        TimeTravel travel(session);
        TimeTravelBar bar(travel);
        bar.resize(1280, bar.sizeHint().height());
        session.frame();
        const qint64 current = session.view().revision();
        auto *banner = bar.findChild<QLabel *>(QStringLiteral("timeTravelBanner"));
        auto *label = bar.findChild<QLabel *>(QStringLiteral("timeTravelLabel"));
        QVERIFY(banner && label);
        QCOMPARE(bar.slider()->maximum(), int(current));
        QCOMPARE(bar.slider()->minimum(), 1);
        QCOMPARE(bar.slider()->value(), int(current));
        QCOMPARE(banner->text(), QStringLiteral("● Live"));
        QVERIFY(label->text().startsWith(QStringLiteral("revision %1 of %1 · t=00:00:").arg(current)));
        saveShot(bar, QStringLiteral("timetravelbar-live"));

        bar.stepBack();
        QVERIFY(!travel.isLive());
        QCOMPARE(travel.viewedRevision(), current - 1);
        QCOMPARE(banner->text(), QStringLiteral("Viewing the past — read-only ·"));
        QCOMPARE(bar.slider()->value(), int(current - 1));
        QVERIFY(label->text().startsWith(QStringLiteral("revision %1 of %2").arg(current - 1).arg(current)));

        bar.slider()->setValue(12);   // the user drags: coalesced to the latest value
        bar.slider()->setValue(9);
        QCOMPARE(travel.viewedRevision(), current - 1);
        QTRY_COMPARE(travel.viewedRevision(), 9);
        // The key without its "/registry/" prefix, so the line fits a 1280-px toolbar (issue 14).
        QVERIFY2(label->text().contains(QStringLiteral(" · PUT deployments/default/nginx")), qPrintable(label->text()));
        bar.stepForward();
        QCOMPARE(travel.viewedRevision(), 10);
        saveShot(bar, QStringLiteral("timetravelbar-past"));

        bar.goLive();
        QVERIFY(travel.isLive());
        QCOMPARE(banner->text(), QStringLiteral("● Live"));
        QCOMPARE(bar.slider()->value(), int(current));
    }

private:
    static void saveShot(QWidget &w, const QString &name)
    {
        const QString dir = QDir::current().absoluteFilePath(QStringLiteral("screenshots"));
        QDir().mkpath(dir);
        for (int width : {1280, 1920}) {
            w.resize(width, w.sizeHint().height());
            QVERIFY(w.grab().save(QStringLiteral("%1/%2-%3.png").arg(dir, name).arg(width)));
        }
    }
};

QTEST_MAIN(TestTimeTravelBar)
#include "tst_timetravelbar.moc"
