#include "core/sim/view/clusterview.h"
#include "core/api/event.h"
#include "core/apiserver/apiserver.h"
#include "core/sim/simulation.h"
#include "ui/clustersession.h"
#include "ui/models/eventsmodel.h"
#include "ui/theme.h"
#include "ui/widgets/eventspanel.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLabel>
#include <QTableView>
#include <QtTest>

using namespace rlab;
using namespace rlab::ui;

// Rows removed after a TTL sweep or inserted mid-list move with memmove (issue #17).
static_assert(QTypeInfo<EventsRow>::isRelocatable);

// The Events table: kubectl's HumanDuration, ordering and moves on synthetic watch events, then
// the real events of the sample Deployment coming up on a ClusterSession, and a screenshot.
class TestEventsPanel : public QObject
{
    Q_OBJECT

private:
    static const QByteArray kNginx;

    static store::KeyValue eventKv(const QString &name, qint64 lastSeen, qint64 rev, int count = 1,
                                   const QString &type = QStringLiteral("Normal"))
    {
        auto e = std::make_shared<api::Event>();
        e->metadata.name = name;
        e->metadata.namespace_ = QStringLiteral("default");
        e->involvedObject.kind = QStringLiteral("Pod");
        e->involvedObject.name = QStringLiteral("web-1");
        e->type = type;
        e->reason = QStringLiteral("Reason-") + name;
        e->message = QStringLiteral("message of ") + name;
        e->firstTimestamp = 1000;
        e->lastTimestamp = lastSeen;
        e->count = count;
        return store::KeyValue{"/registry/events/default/" + name.toUtf8(), 2, rev, 1, e};
    }
    static store::WatchEvent put(const store::KeyValue &kv) { return store::WatchEvent{store::WatchEvent::Put, {kv.modRevision, 0}, kv, {}}; }
    static QStringList reasons(const EventsModel &m)
    {
        QStringList out;
        for (int r = 0; r < m.rowCount(); ++r)
            out << m.index(r, EventsModel::ReasonColumn).data().toString();
        return out;
    }
    static int rowWithReason(const EventsModel &m, const QString &reason, int from = 0)
    {
        for (int r = from; r < m.rowCount(); ++r)
            if (m.index(r, EventsModel::ReasonColumn).data().toString() == reason)
                return r;
        return -1;
    }
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

    void testHumanDuration_data()
    {
        QTest::addColumn<qint64>("ms");
        QTest::addColumn<QString>("text");
        QTest::newRow("now") << qint64(0) << "0s";
        QTest::newRow("clock skew") << qint64(-1500) << "0s";
        QTest::newRow("invalid") << qint64(-5000) << "<invalid>";
        QTest::newRow("59s") << qint64(59999) << "59s";
        QTest::newRow("119s") << qint64(119000) << "119s";
        QTest::newRow("2m9s") << qint64(129000) << "2m9s";
        QTest::newRow("5m") << qint64(300000) << "5m";
        QTest::newRow("15m") << qint64(15 * 60000 + 30000) << "15m";
        QTest::newRow("5h10m") << qint64((5 * 60 + 10) * 60000LL) << "5h10m";
        QTest::newRow("3d4h") << qint64(76 * 3600000LL) << "3d4h";
        QTest::newRow("2y10d") << qint64(740 * 86400000LL) << "2y10d";
    }
    void testHumanDuration()
    {
        QFETCH(qint64, ms);
        QFETCH(QString, text);
        QCOMPARE(EventsModel::humanDuration(ms), text);
    }

    void testOrderMovesAndDeletes()
    {
        EventsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.reset({eventKv("b", 5000, 11), eventKv("a", 3000, 10),
                 store::KeyValue{"/registry/pods/default/web-1", 3, 3, 1, nullptr}});
        QCOMPARE(reasons(m), (QStringList{"Reason-a", "Reason-b"}));
        m.apply({put(eventKv("c", 4000, 12))});
        QCOMPARE(reasons(m), (QStringList{"Reason-a", "Reason-c", "Reason-b"}));
        // The count of "a" goes up: it moves to the bottom, with its new count.
        m.apply({put(eventKv("a", 9000, 13, 2))});
        QCOMPARE(reasons(m), (QStringList{"Reason-c", "Reason-b", "Reason-a"}));
        QCOMPARE(m.index(2, EventsModel::CountColumn).data().toInt(), 2);
        QVERIFY(m.index(2, EventsModel::MessageColumn).data(Qt::BackgroundRole).isValid());   // just written
        QCOMPARE(m.index(2, 0).data(EventsModel::HighlightRole).toDouble(), 1.0);
        m.tick(11000, 5000);   // 5 s later the highlight is gone
        QCOMPARE(m.index(2, 0).data(EventsModel::HighlightRole).toDouble(), 0.0);
        QCOMPARE(m.index(2, EventsModel::LastSeenColumn).data().toString(), QStringLiteral("2s"));
        QCOMPARE(m.index(0, EventsModel::LastSeenColumn).data().toString(), QStringLiteral("7s"));
        QCOMPARE(m.index(0, EventsModel::ObjectColumn).data().toString(), QStringLiteral("pod/web-1"));
        // A Warning stands out.
        m.apply({put(eventKv("w", 9500, 14, 1, QStringLiteral("Warning")))}, 5000);
        m.tick(11000, 9000);
        QCOMPARE(m.warningCount(), 1);
        const int w = m.rowOfKey("/registry/events/default/w");
        QCOMPARE(w, 3);
        QVERIFY(m.index(w, 0).data(EventsModel::WarningRole).toBool());
        QVERIFY(m.index(w, EventsModel::MessageColumn).data(Qt::BackgroundRole).isValid());
        QVERIFY(!m.index(0, EventsModel::MessageColumn).data(Qt::BackgroundRole).isValid());
        // Deletes remove the row; other keys are ignored.
        store::WatchEvent del{store::WatchEvent::Delete, {15, 0}, store::KeyValue{"/registry/events/default/c", 0, 15, 0, nullptr}, {}};
        store::WatchEvent podDel{store::WatchEvent::Delete, {16, 0}, store::KeyValue{"/registry/pods/default/web-1", 0, 16, 0, nullptr}, {}};
        m.apply({del, podDel});
        QCOMPARE(reasons(m), (QStringList{"Reason-b", "Reason-a", "Reason-w"}));
        m.apply({store::WatchEvent{store::WatchEvent::Delete, {17, 0}, store::KeyValue{"/registry/events/default/w", 0, 17, 0, nullptr}, {}}});
        QCOMPARE(m.warningCount(), 0);
    }

    // A batch bigger than EventsModel::kBulkEvents is merged under one reset: the rows, their
    // order, counts and warnings are what the same events give one by one.
    void testBulkBatchSameAsOneByOne()
    {
        std::vector<store::WatchEvent> batch;
        qint64 rev = 100;
        for (int i = 0; i < 300; ++i)
            batch.push_back(put(eventKv(QStringLiteral("e%1").arg(i), 1000 + (i * 37) % 500, ++rev, 1,
                                        i % 7 == 0 ? QStringLiteral("Warning") : QStringLiteral("Normal"))));
        for (int i = 0; i < 300; i += 10)   // rewritten later in the same batch: count 2, seen later
            batch.push_back(put(eventKv(QStringLiteral("e%1").arg(i), 2000 + i, ++rev, 2)));
        for (int i = 5; i < 300; i += 50)
            batch.push_back(store::WatchEvent{store::WatchEvent::Delete, {++rev, 0},
                                              store::KeyValue{"/registry/events/default/e" + QByteArray::number(i), 0, rev, 0, nullptr}, {}});
        EventsModel bulk, single;
        QAbstractItemModelTester tester(&bulk, QAbstractItemModelTester::FailureReportingMode::QtTest);
        bulk.reset({eventKv("old", 1500, 10)});
        single.reset({eventKv("old", 1500, 10)});
        bulk.apply(batch, 7);
        for (const store::WatchEvent &ev : batch)
            single.apply({ev}, 7);
        QCOMPARE(bulk.rowCount(), 300 + 1 - 6);
        QCOMPARE(reasons(bulk), reasons(single));
        QCOMPARE(bulk.warningCount(), single.warningCount());
        for (int r = 0; r < bulk.rowCount(); ++r)
            QCOMPARE(bulk.index(r, EventsModel::CountColumn).data(), single.index(r, EventsModel::CountColumn).data());
        QCOMPARE(bulk.rowOfKey("/registry/events/default/e10"), single.rowOfKey("/registry/events/default/e10"));
        QCOMPARE(bulk.rowOfKey("/registry/events/default/e5"), -1);
        bulk.tick(3000, 7);   // the batch was written "now": every row of it is highlighted
        QCOMPARE(bulk.index(bulk.rowOfKey("/registry/events/default/e10"), 0).data(EventsModel::HighlightRole).toDouble(), 1.0);
        QCOMPARE(bulk.index(bulk.rowOfKey("/registry/events/default/old"), 0).data(EventsModel::HighlightRole).toDouble(), 0.0);
    }

    // A big batch of deletes (an Event TTL sweep: ~600 of 7,500 Events) is removed as runs of
    // adjacent rows, one rowsRemoved each, without a reset (every view laid all rows out again);
    // the few puts with it go in one by one. The end is what the events give one by one.
    void testBulkDeletesAreRemovedInRuns()
    {
        std::vector<store::KeyValue> start;
        for (int i = 0; i < 1000; ++i)
            start.push_back(eventKv(QStringLiteral("e%1").arg(i, 4, 10, QLatin1Char('0')), 1000 + i, 10 + i, 1,
                                    i % 9 == 0 ? QStringLiteral("Warning") : QStringLiteral("Normal")));
        std::vector<store::WatchEvent> batch;
        qint64 rev = 2000;
        int runs = 0;
        for (int i = 0; i < 1000; ++i) {
            if (i % 5 == 4 || i >= 750)
                continue;   // rows 0-3, 5-8, ... go: runs of 4
            runs += i % 5 == 0 ? 1 : 0;
            batch.push_back(store::WatchEvent{store::WatchEvent::Delete, {++rev, 0},
                                              store::KeyValue{start[std::size_t(i)].key, 0, rev, 0, nullptr}, {}});
        }
        for (int i = 0; i < 10; ++i)   // new Events written with the sweep
            batch.push_back(put(eventKv(QStringLiteral("n%1").arg(i), 5000 + i, ++rev)));
        QVERIFY(batch.size() > EventsModel::kBulkEvents);
        EventsModel bulk, single;
        bulk.reset(start);
        single.reset(start);
        QAbstractItemModelTester tester(&bulk, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy resets(&bulk, &QAbstractItemModel::modelReset);
        QSignalSpy removed(&bulk, &QAbstractItemModel::rowsRemoved);
        bulk.apply(batch, 7);
        for (const store::WatchEvent &ev : batch)
            single.apply({ev}, 7);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(removed.count(), runs);
        QCOMPARE(bulk.rowCount(), 1000 - 600 + 10);
        QCOMPARE(reasons(bulk), reasons(single));
        QCOMPARE(bulk.warningCount(), single.warningCount());
        QCOMPARE(bulk.rowOfKey("/registry/events/default/n9"), bulk.rowCount() - 1);
        QCOMPARE(bulk.rowOfKey("/registry/events/default/e0000"), -1);
    }

    // A batch of at most kBulkEvents (what a budgeted frame hands on of a TTL sweep) removes the
    // deletes that follow each other as runs of adjacent rows too, not row by row; a put between
    // two deletes splits them, and one that re-creates a deleted key comes back at the bottom.
    // The end is what the events give one by one.
    void testSmallBatchDeletesAreRemovedInRuns()
    {
        std::vector<store::KeyValue> start;
        for (int i = 0; i < 200; ++i)
            start.push_back(eventKv(QStringLiteral("e%1").arg(i, 3, 10, QLatin1Char('0')), 1000 + i, 10 + i, 1,
                                    i % 9 == 0 ? QStringLiteral("Warning") : QStringLiteral("Normal")));
        const auto del = [](const store::KeyValue &kv, qint64 rev) {
            return store::WatchEvent{store::WatchEvent::Delete, {rev, 0}, store::KeyValue{kv.key, 0, rev, 0, nullptr}, {}};
        };
        std::vector<store::WatchEvent> batch;
        qint64 rev = 2000;
        for (int i = 0; i < 60; ++i)   // the oldest 60: one run
            batch.push_back(del(start[std::size_t(i)], ++rev));
        batch.push_back(put(eventKv(QStringLiteral("e010"), 9000, ++rev)));   // re-created: a row of its own
        for (int i = 100; i < 140; ++i)   // rows 100-139 and 150-159 (then rows 41-80, 91-100): two runs
            batch.push_back(del(start[std::size_t(i)], ++rev));
        for (int i = 150; i < 160; ++i)
            batch.push_back(del(start[std::size_t(i)], ++rev));
        batch.push_back(del(start[150], ++rev));   // deleted twice: once
        QVERIFY(batch.size() <= EventsModel::kBulkEvents);
        EventsModel model, single;
        model.reset(start);
        single.reset(start);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        model.apply(batch, 7);
        for (const store::WatchEvent &ev : batch)
            single.apply({ev}, 7);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(removed.count(), 3);   // one by one: 110
        QCOMPARE(model.rowCount(), 200 - 110 + 1);
        QCOMPARE(reasons(model), reasons(single));
        QCOMPARE(model.warningCount(), single.warningCount());
        QCOMPARE(model.rowOfKey("/registry/events/default/e010"), model.rowCount() - 1);
        QCOMPARE(model.rowOfKey("/registry/events/default/e000"), -1);
        QCOMPARE(model.rowOfKey("/registry/events/default/e150"), -1);
    }

    void testSampleDeploymentEvents()
    {
        ClusterSession session;
        EventsPanel panel(session);
        EventsModel *m = panel.model();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(m->rowCount(), 0);
        QVERIFY(session.apply({ManifestSource{QStringLiteral("nginx.yaml"), kNginx, {}}}).ok());
        session.advance(10000);
        session.frame();
        const int scaling = rowWithReason(*m, QStringLiteral("ScalingReplicaSet"));
        QVERIFY(scaling >= 0);
        QCOMPARE(m->index(scaling, EventsModel::ObjectColumn).data().toString(), QStringLiteral("deployment/nginx"));
        QVERIFY(m->index(scaling, EventsModel::MessageColumn).data().toString().startsWith(QStringLiteral("Scaled up replica set nginx-")));
        QVERIFY(m->index(scaling, EventsModel::MessageColumn).data().toString().endsWith(QStringLiteral(" to 3")));
        QCOMPARE(m->index(scaling, EventsModel::TypeColumn).data().toString(), QStringLiteral("Normal"));
        int created = 0, scheduled = 0;
        for (int r = 0; r < m->rowCount(); ++r) {
            const QString reason = m->index(r, EventsModel::ReasonColumn).data().toString();
            const QString message = m->index(r, EventsModel::MessageColumn).data().toString();
            if (reason == QLatin1String("SuccessfulCreate")) {
                ++created;
                QVERIFY2(message.startsWith(QStringLiteral("Created pod: nginx-")), qPrintable(message));
                QVERIFY(m->index(r, EventsModel::ObjectColumn).data().toString().startsWith(QStringLiteral("replicaset/nginx-")));
            } else if (reason == QLatin1String("Scheduled")) {
                ++scheduled;
                QVERIFY2(message.startsWith(QStringLiteral("Successfully assigned default/nginx-")), qPrintable(message));
            }
        }
        QCOMPARE(created, 3);
        QCOMPARE(scheduled, 3);
        QVERIFY(panel.summary()->text().contains(QStringLiteral("%1 events").arg(m->rowCount())));
        // LAST SEEN moves with the virtual clock.
        const QString before = m->index(scaling, EventsModel::LastSeenColumn).data().toString();
        session.advance(130000);
        session.frame();
        const int again = m->rowOfKey(m->index(scaling, 0).data(EventsModel::EtcdKeyRole).toByteArray());
        QVERIFY(again >= 0);
        const QString after = m->index(again, EventsModel::LastSeenColumn).data().toString();
        QVERIFY2(before.endsWith(QLatin1Char('s')) && before.chopped(1).toInt() < 11, qPrintable(before));
        QVERIFY2(after.startsWith(QStringLiteral("2m")), qPrintable(after));

        // Deleting an Event through the API server removes its row.
        const api::ObjectPtr ev = m->event(again);
        QVERIFY(session.client().remove(apiserver::resources::byKind(api::Kind::Event), ev->metadata.namespace_, ev->metadata.name).ok());
        const int rows = m->rowCount();
        session.frame();
        QCOMPARE(m->rowCount(), rows - 1);
        QCOMPARE(m->rowOfKey(m->index(0, 0).data(EventsModel::EtcdKeyRole).toByteArray()), 0);

        session.reset();
        QCOMPARE(m->rowCount(), 0);
    }

    void benchApply()
    {
        // 5,000 new events in one frame, then 5,000 count bumps that each move a row to the bottom.
        std::vector<store::WatchEvent> created, bumped;
        for (int i = 0; i < 5000; ++i) {
            created.push_back(put(eventKv(QStringLiteral("e%1").arg(i), 1000 + i, 10 + i)));
            bumped.push_back(put(eventKv(QStringLiteral("e%1").arg(i), 100000 + i, 10000 + i, 2)));
        }
        QBENCHMARK {
            EventsModel m;
            m.apply(created, 0);
            m.apply(bumped, 0);
            m.tick(200000, 0);
        }
    }

    void testLiveFrames()
    {
        // With the frame timer running (as in the window), rows arrive without anyone calling frame().
        ClusterSession session;
        EventsPanel panel(session);
        QAbstractItemModelTester tester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        session.setSpeed(20.0);
        session.start();
        QVERIFY(session.apply({ManifestSource{QStringLiteral("nginx.yaml"), kNginx, {}}}).ok());
        QTRY_VERIFY_WITH_TIMEOUT(rowWithReason(*panel.model(), QStringLiteral("Started")) >= 0, 20000);
        QVERIFY(rowWithReason(*panel.model(), QStringLiteral("ScalingReplicaSet")) >= 0);
        session.stop();
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
        EventsPanel panel(session);
        QVERIFY(session.apply({ManifestSource{QStringLiteral("nginx.yaml"), kNginx, {}}}).ok());
        session.advance(3000);
        QByteArray broken = kNginx;
        broken.replace("nginx:1.25", "nginx:doesnotexist");
        QVERIFY(session.apply({ManifestSource{QStringLiteral("nginx.yaml"), broken, {}}}).ok());
        session.advance(20000);
        session.frame();
        QVERIFY(panel.model()->warningCount() > 0);
        // As a second later, when the "just written" highlight has faded.
        panel.model()->tick(session.view().now(), session.monotonicMs() + 2000);
        panel.resize(size);
        panel.setAttribute(Qt::WA_DontShowOnScreen);
        panel.show();
        panel.view()->scrollToBottom();
        const QString path = outputPath(QStringLiteral("eventspanel-%1x%2.png").arg(size.width()).arg(size.height()));
        QVERIFY(panel.grab().save(path));
        qInfo("screenshot: %s", qPrintable(path));
    }
};

const QByteArray TestEventsPanel::kNginx = QByteArrayLiteral(
    "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\nspec:\n  replicas: 3\n"
    "  selector:\n    matchLabels: {app: nginx}\n  template:\n    metadata:\n      labels: {app: nginx}\n"
    "    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.25\n");

QTEST_MAIN(TestEventsPanel)
#include "tst_eventspanel.moc"
