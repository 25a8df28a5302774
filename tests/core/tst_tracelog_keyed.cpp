// TraceLog's appends without a whole TraceEvent key or without a TraceEvent at all: a key given
// apart (appendKeyed: etcd key bytes, or a namespace and a name) and a Compact event (names as
// ids, what rlab's hot paths append) read back as the same event appended whole.
#include "core/base/manualclock.h"
#include "core/base/tracelog.h"

#include <QJsonObject>
#include <QTest>

using namespace rlab;

class TestTraceLogKeyed : public QObject
{
    Q_OBJECT

private slots:
    // A key given apart (appendKeyed: etcd key bytes, or a namespace and a name) reads back as
    // the same key given whole would: "ns/name", either part alone when the other is empty.
    void keyedAppendReadsBackAsWhole_data()
    {
        QTest::addColumn<QString>("ns");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("whole");
        QTest::newRow("both") << QStringLiteral("default") << QStringLiteral("web-1") << QStringLiteral("default/web-1");
        QTest::newRow("no namespace") << QString() << QStringLiteral("node-1") << QStringLiteral("node-1");
        QTest::newRow("no name") << QStringLiteral("default") << QString() << QStringLiteral("default");
        QTest::newRow("neither") << QString() << QString() << QString();
        QTest::newRow("Latin-1") << QStringLiteral("café") << QStringLiteral("crème") << QStringLiteral("café/crème");
        QTest::newRow("beyond Latin-1") << QStringLiteral("한국") << QStringLiteral("テスト") << QStringLiteral("한국/テスト");
        // The etcd key's first sixteen bytes hold the non-ASCII ones (checked a block at a time).
        QTest::newRow("Latin-1 at once") << QStringLiteral("éé") << QStringLiteral("x") << QStringLiteral("éé/x");
        QTest::newRow("long ASCII") << QStringLiteral("kube-system") << QStringLiteral("coredns-5d78c9869d-abcde")
                                    << QStringLiteral("kube-system/coredns-5d78c9869d-abcde");
    }
    void keyedAppendReadsBackAsWhole()
    {
        QFETCH(QString, ns);
        QFETCH(QString, name);
        QFETCH(QString, whole);
        TraceLog log;
        TraceEvent e;
        e.component = QStringLiteral("apiserver");
        e.type = QStringLiteral("Request");
        e.text = QStringLiteral("after the key");
        log.appendKeyed(e, ns, name);
        const QByteArray etcdKey = QByteArrayLiteral("/registry/pods/") + whole.toUtf8();
        log.appendKeyed(e, etcdKey);
        e.key = whole;
        log.append(e);
        const auto all = log.since(0);
        QCOMPARE(all.size(), std::size_t(3));
        QCOMPARE(all[0].key, whole);
        QCOMPARE(all[0].text, e.text);
        QCOMPARE(all[1].key, QString::fromUtf8(etcdKey));
        QCOMPARE(all[1].text, e.text);
        QCOMPARE(all[2].key, whole);
    }

    // appendCompact (a queue's operations): names as ids, the key as a view, text and detail
    // made on read. It reads back exactly as append() of the same event, stamps and memory
    // figure included, whatever the key's characters; ids hold across clear().
    void compactAppendReadsBackAsAppend_data()
    {
        QTest::addColumn<QString>("key");
        QTest::newRow("ASCII") << QStringLiteral("default/web-1");
        QTest::newRow("none") << QString();
        QTest::newRow("Latin-1") << QStringLiteral("café/crème");
        QTest::newRow("beyond Latin-1") << QStringLiteral("한국/テスト");
    }
    void compactAppendReadsBackAsAppend()
    {
        QFETCH(QString, key);
        ManualClock clock(5000);
        TraceLog log;
        log.setClock(&clock, 1000);
        qint64 rev = 7;
        log.setRevisionSource([&] { return rev; });
        const auto text = [](const TraceEvent &ev) {
            return QStringLiteral("%1 %2 by %3: %4 (%5)").arg(ev.type, ev.key).arg(ev.worker).arg(ev.args[1]).arg(ev.text);
        };
        const auto detail = [](const TraceEvent &ev) {
            QJsonObject d = ev.detail;   // the stored one, with readyAt added
            d.insert(QStringLiteral("readyAt"), ev.args[2]);
            return d;
        };
        TraceEvent e;
        e.component = QStringLiteral("queue/replicaset");
        e.type = QStringLiteral("QueueGet");
        e.worker = 2;
        e.key = key;
        e.textFn = text;
        e.detailFn = detail;
        e.args[0] = 5;
        e.args[1] = -9;
        e.args[2] = 1234;
        e.text = QStringLiteral("kept → for the maker");   // not ASCII: kept as UTF-8
        e.detail = QJsonObject{{QStringLiteral("depth"), 3}};
        log.append(e);
        const std::size_t appendBytes = log.memoryBytes();
        log.clear();
        const quint32 component = log.nameId(e.component), type = log.nameId(e.type);
        QCOMPARE(log.nameId(QStringLiteral("queue/") + QStringLiteral("replicaset")), component);   // by text
        QVERIFY(type != component);
        const auto compact = [&] {
            TraceLog::Compact c;
            c.component = component;
            c.type = type;
            c.worker = e.worker;
            c.key = e.key;
            c.text = e.text;
            c.detail = &e.detail;
            c.textFn = text;
            c.detailFn = detail;
            std::copy(std::begin(e.args), std::end(e.args), std::begin(c.args));
            return c;
        };
        clock.advance(250);
        rev = 8;
        QCOMPARE(log.appendCompact(compact()), 2);
        QCOMPARE(log.memoryBytes(), appendBytes);
        log.append(e);
        const auto all = log.since(0);
        QCOMPARE(all.size(), std::size_t(2));
        QCOMPARE(all[0].t, 4250);
        QCOMPARE(all[0].rev, 8);
        QCOMPARE(all[0].key, key);
        QCOMPARE(all[0].text, all[1].text);
        QVERIFY(all[0].text.endsWith(QStringLiteral("(kept → for the maker)")));
        QCOMPARE(all[0].detail.value(QLatin1String("depth")).toInt(), 3);
        QCOMPARE(all[0].detail.value(QLatin1String("readyAt")).toInteger(), 1234);
        QJsonObject first = all[0].toJson(), second = all[1].toJson();
        QCOMPARE(first.value(QLatin1String("seq")).toInt(), 2);
        first.remove(QLatin1String("seq"));
        second.remove(QLatin1String("seq"));
        QCOMPARE(first, second);
        QCOMPARE(log.ofTypes(0, 3, {QStringLiteral("QueueGet")}).size(), std::size_t(2));
        log.setEnabled(false);
        QCOMPARE(log.appendCompact(compact()), 0);
        QCOMPARE(log.size(), std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestTraceLogKeyed)
#include "tst_tracelog_keyed.moc"
