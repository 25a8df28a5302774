// TraceLog: gap-free sequence numbers, virtual time and revision stamps, batches by seq, and a
// bounded buffer (by count and by a memory budget) that counts what it drops; compact storage
// gives back exactly what was appended.
#include "core/base/manualclock.h"
#include "core/base/tracelog.h"

#include <QJsonDocument>
#include <QTest>

#include <limits>

using namespace rlab;

class TestTraceLog : public QObject
{
    Q_OBJECT

private slots:
    void stampsAndBatches()
    {
        ManualClock clock(5000);
        TraceLog log;
        log.setClock(&clock, 1000);
        qint64 rev = 7;
        log.setRevisionSource([&] { return rev; });
        TraceEvent e;
        e.component = QStringLiteral("apiserver");
        e.type = QStringLiteral("Request");
        e.text = QStringLiteral("one");
        QCOMPARE(log.append(e), 1);
        clock.advance(250);
        rev = 8;
        e.text = QStringLiteral("two");
        QCOMPARE(log.append(e), 2);
        const auto all = log.since(0);
        QCOMPARE(all.size(), std::size_t(2));
        QCOMPARE(all[0].t, 4000);          // relative to the epoch given to setClock
        QCOMPARE(all[1].t, 4250);
        QCOMPARE(all[0].rev, 7);
        QCOMPARE(all[1].rev, 8);
        QCOMPARE(log.since(1).size(), std::size_t(1));
        QCOMPARE(log.since(1)[0].text, QStringLiteral("two"));
        QCOMPARE(log.since(0, 1).size(), std::size_t(1));
        const QJsonObject json = all[1].toJson();
        QCOMPARE(json.value(QLatin1String("seq")).toInt(), 2);
        QCOMPARE(json.value(QLatin1String("component")).toString(), QStringLiteral("apiserver"));
        QVERIFY(!json.contains(QLatin1String("worker")));   // -1 = not a worker event
    }

    // ofTypes: the events of the given types in a seq window, as since() gives them; unknown
    // types match nothing; a window past the dropped oldest starts at the first kept.
    // Component and type names are interned, found first by where their characters are: a name
    // built afresh for each event (its memory freed and likely reused by the next one) must
    // still come back as its own text, as must one string object passed again and again.
    void internedNamesComeBackAsTheirText()
    {
        TraceLog log;
        const QString stable = QStringLiteral("kubelet/node-1");
        for (int i = 0; i < 300; ++i) {
            TraceEvent ev;
            ev.component = i % 2 ? stable : QStringLiteral("queue/kubelet/node-") + QString::number(i % 7);
            ev.type = QString::number(i % 5).prepend(u'T');
            log.append(std::move(ev));
        }
        const std::vector<TraceEvent> got = log.since(0);
        QCOMPARE(got.size(), std::size_t(300));
        for (int i = 0; i < 300; ++i) {
            QCOMPARE(got[std::size_t(i)].component, i % 2 ? stable : QStringLiteral("queue/kubelet/node-") + QString::number(i % 7));
            QCOMPARE(got[std::size_t(i)].type, QStringLiteral("T") + QString::number(i % 5));
        }
    }

    void ofTypesFiltersByTypeAndSeq()
    {
        TraceLog log(8);
        const QStringList types{QStringLiteral("QueueAdd"), QStringLiteral("Request"), QStringLiteral("QueueGet")};
        for (int i = 0; i < 12; ++i) {   // seqs 1..12, types cycling; 1..4 are dropped
            TraceEvent e;
            e.type = types[i % 3];
            e.text = QString::number(i + 1);
            log.append(e);
        }
        const auto texts = [](const std::vector<TraceEvent> &events) {
            QStringList out;
            for (const TraceEvent &e : events)
                out << e.text;
            return out;
        };
        const QStringList queue{QStringLiteral("QueueAdd"), QStringLiteral("QueueGet")};
        QCOMPARE(texts(log.ofTypes(0, 12, queue)), (QStringList{"6", "7", "9", "10", "12"}));
        QCOMPARE(texts(log.ofTypes(6, 10, queue)), (QStringList{"7", "9", "10"}));
        QCOMPARE(texts(log.ofTypes(0, 12, {QStringLiteral("Request")})), (QStringList{"5", "8", "11"}));
        QVERIFY(log.ofTypes(0, 12, {QStringLiteral("NoSuchType")}).empty());
        QVERIFY(log.ofTypes(10, 10, queue).empty());
        const auto full = log.since(6, 1);
        QCOMPARE(log.ofTypes(6, 7, queue).front().toJson(), full.front().toJson());   // rebuilt alike
    }

    void boundedWithDropCounter()
    {
        TraceLog log(100);
        for (int i = 0; i < 250; ++i) {
            TraceEvent e;
            e.text = QString::number(i);
            log.append(e);
        }
        QCOMPARE(log.size(), std::size_t(100));
        QCOMPARE(log.dropped(), 150);
        QCOMPARE(log.lastSeq(), 250);
        const auto kept = log.since(0);
        QCOMPARE(kept.front().seq, 151);   // the oldest were dropped, seqs stay gap-free
        QCOMPARE(kept.back().text, QStringLiteral("249"));
        QCOMPARE(log.since(200).size(), std::size_t(50));
    }

    void compactStorageRoundTrips()
    {
        // Interned component/type and UTF-8 text come back exactly as appended.
        TraceLog log;
        TraceEvent e;
        e.component = QStringLiteral("kubelet/node-%1").arg(7);
        e.type = QStringLiteral("PodPhase");
        e.worker = 3;
        e.key = QStringLiteral("default/web-1");
        e.detail = QJsonObject{{QStringLiteral("phase"), QStringLiteral("Running")}, {QStringLiteral("n"), 42}};
        e.text = QStringLiteral("scheduleOne default/web-1: scores n1 696 \u2192 n1");
        log.append(e);
        e.component = QStringLiteral("scheduler");
        log.append(e);
        const auto all = log.since(0);
        QCOMPARE(all.size(), std::size_t(2));
        QCOMPARE(all[0].component, QStringLiteral("kubelet/node-7"));
        QCOMPARE(all[1].component, QStringLiteral("scheduler"));
        QCOMPARE(all[0].type, QStringLiteral("PodPhase"));
        QCOMPARE(all[0].worker, 3);
        QCOMPARE(all[0].key, QStringLiteral("default/web-1"));
        QCOMPARE(all[0].text, e.text);
        QCOMPARE(all[0].detail, e.detail);
        QCOMPARE(QJsonDocument(all[1].toJson()).toJson(QJsonDocument::Compact),
                 QJsonDocument([&] { TraceEvent x = e; x.seq = 2; x.t = all[1].t; return x; }().toJson()).toJson(QJsonDocument::Compact));
    }

    // Keys are kept as Latin-1 when every character is one (object keys, nearly always), else
    // as UTF-16; either way, with any text after them, they come back as appended.
    void keysRoundTrip_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("text");
        QTest::newRow("ASCII") << QStringLiteral("default/web-7c5b4f-x2x9z") << QStringLiteral("syncPod");
        QTest::newRow("Latin-1") << QStringLiteral("café/crème-ÿ") << QStringLiteral("déjà vu");
        QTest::newRow("beyond Latin-1") << QStringLiteral("한국/テスト-Ā") << QStringLiteral("→ 🚀");
        QTest::newRow("two- and three-byte text, no surrogates")
            << QStringLiteral("default/a") << QString::fromUtf16(u"syncPod → Running \u07ff\u0800 \ufffd\uffff ▶ é");
        QTest::newRow("empty key") << QString() << QStringLiteral("no key");
        QTest::newRow("no text") << QStringLiteral("default/a") << QString();
    }
    void keysRoundTrip()
    {
        QFETCH(QString, key);
        QFETCH(QString, text);
        TraceLog log;
        TraceEvent e;
        e.component = QStringLiteral("c");
        e.type = QStringLiteral("T");
        for (int i = 0; i < 3; ++i) {   // neighbours in the arena
            e.key = i == 1 ? key : QStringLiteral("k%1").arg(i);
            e.text = i == 1 ? text : QStringLiteral("t%1").arg(i);
            log.append(e);
        }
        const auto all = log.since(0);
        QCOMPARE(all.size(), std::size_t(3));
        QCOMPARE(all[0].key, QStringLiteral("k0"));
        QCOMPARE(all[1].key, key);
        QCOMPARE(all[1].text, text);
        QCOMPARE(all[2].key, QStringLiteral("k2"));
        QCOMPARE(all[2].text, QStringLiteral("t2"));
    }

    // A text with a broken surrogate is kept as UTF-8 the way QString::toUtf8() writes it.
    void brokenTextReadsBackAsToUtf8()
    {
        TraceLog log;
        TraceEvent e;
        e.type = QStringLiteral("T");
        e.text = QString::fromUtf16(u"x \xd800 y → z");
        log.append(e);
        QCOMPARE(log.since(0).front().text, QString::fromUtf8(e.text.toUtf8()));
    }

    // Events keep their text and detail makers as small ids: each event reads back with its own.
    void severalMakersRoundTrip()
    {
        TraceLog log;
        TraceEvent e;
        e.component = QStringLiteral("c");
        e.type = QStringLiteral("T");
        const TraceEvent::TextFn texts[] = {[](const TraceEvent &x) { return QStringLiteral("a%1").arg(x.args[0]); },
                                            [](const TraceEvent &x) { return QStringLiteral("b%1").arg(x.args[0]); }};
        const TraceEvent::DetailFn detail = [](const TraceEvent &x) { return QJsonObject{{QStringLiteral("n"), x.args[1]}}; };
        for (int i = 0; i < 6; ++i) {
            e.textFn = i % 3 == 2 ? nullptr : texts[i % 3];
            e.detailFn = i % 2 == 0 ? detail : nullptr;
            e.text = QStringLiteral("eager%1").arg(i);
            e.args[0] = i;
            e.args[1] = 10 * i;
            log.append(e);
        }
        const auto all = log.since(0);
        QCOMPARE(all.size(), std::size_t(6));
        const QStringList expected{QStringLiteral("a0"), QStringLiteral("b1"), QStringLiteral("eager2"),
                                   QStringLiteral("a3"), QStringLiteral("b4"), QStringLiteral("eager5")};
        for (int i = 0; i < 6; ++i) {
            QCOMPARE(all[std::size_t(i)].text, expected[i]);
            QCOMPARE(all[std::size_t(i)].detail.value(QLatin1String("n")).toInteger(-1), i % 2 == 0 ? 10 * i : -1);
        }
    }

    void memoryBudgetDropsOldest()
    {
        TraceLog log(1'000'000, 64 * 1024);
        for (int i = 0; i < 5000; ++i) {
            TraceEvent e;
            e.type = QStringLiteral("Put");
            e.text = QStringLiteral("event %1 with a sentence of some length").arg(i);
            log.append(e);
        }
        QVERIFY(log.memoryBytes() <= 64 * 1024);
        QVERIFY(log.size() < 5000);
        QVERIFY(log.size() > 100);
        QCOMPARE(qint64(log.size()) + log.dropped(), 5000);
        QCOMPARE(log.since(0).back().text, QStringLiteral("event 4999 with a sentence of some length"));
        QCOMPARE(log.since(0).front().seq, log.dropped() + 1);   // gap-free from the oldest kept
        log.setMemoryBudget(1);
        QCOMPARE(log.size(), std::size_t(1));   // the newest always stays
        log.clear();
        QCOMPARE(log.memoryBytes(), std::size_t(0));
    }

    // Component and type names are interned through a small cache of recent names; names that
    // share a cache slot (same length and end characters) or differ only inside must still come
    // back exactly, in any interleaving.
    void internedNamesRoundTrip_data()
    {
        QTest::addColumn<QStringList>("components");
        QTest::newRow("same slot, different middles") << QStringList{"kubelet/node-1", "kubelet/nade-1", "kubelet/node-1", "kubelet/nxde-1"};
        QTest::newRow("alternating") << QStringList{"apiserver", "etcd", "apiserver", "etcd", "queue/deployment"};
        QTest::newRow("empty and one char") << QStringList{"", "a", "", "b", "a"};
        QTest::newRow("many distinct") << [] {
            QStringList l;
            for (int i = 0; i < 100; ++i)
                l << QStringLiteral("kubelet/node-%1").arg(i % 37) << QStringLiteral("queue/q%1").arg(i % 5);
            return l;
        }();
    }
    void internedNamesRoundTrip()
    {
        QFETCH(QStringList, components);
        TraceLog log;
        for (const QString &c : components) {
            TraceEvent ev;
            ev.component = c;
            ev.type = c + QStringLiteral("-type");
            log.append(ev);
        }
        const std::vector<TraceEvent> back = log.since(0);
        QCOMPARE(qsizetype(back.size()), components.size());
        for (qsizetype i = 0; i < components.size(); ++i) {
            QCOMPARE(back[std::size_t(i)].component, components[i]);
            QCOMPARE(back[std::size_t(i)].type, components[i] + QStringLiteral("-type"));
        }
    }

    // An event made with textFn keeps no text: since() and ofTypes() make it from the event's
    // fields and args when read, and it costs the memory budget less than its text would.
    void textMadeWhenRead()
    {
        TraceLog log;
        const auto text = [](const TraceEvent &ev) {
            return QStringLiteral("%1 %2 at %3, args %4/%5").arg(ev.type, ev.key).arg(ev.rev).arg(ev.args[0]).arg(ev.args[1]);
        };
        TraceEvent lazy;
        lazy.type = QStringLiteral("Put");
        lazy.key = QStringLiteral("/registry/pods/default/web-1");
        lazy.rev = 42;
        lazy.textFn = text;
        lazy.args[0] = 7;
        lazy.args[1] = -3;
        log.append(lazy);
        const std::size_t lazyBytes = log.memoryBytes();
        TraceEvent eager = lazy;
        eager.textFn = nullptr;
        eager.text = text(lazy);
        log.append(eager);
        QVERIFY(lazyBytes < log.memoryBytes() - lazyBytes);   // the eager one also holds its text
        const QString expected = QStringLiteral("Put /registry/pods/default/web-1 at 42, args 7/-3");
        const auto all = log.since(0);
        QCOMPARE(all.size(), std::size_t(2));
        QCOMPARE(all[0].text, expected);
        QCOMPARE(all[1].text, expected);
        QJsonObject first = all[0].toJson(), second = all[1].toJson();
        first.remove(QLatin1String("seq"));
        second.remove(QLatin1String("seq"));
        QCOMPARE(first, second);   // a lazy event reads back as the eager one
        const auto puts = log.ofTypes(0, 2, {QStringLiteral("Put")});
        QCOMPARE(puts.size(), std::size_t(2));
        QCOMPARE(puts[0].text, expected);
    }

    // A text given with a textFn is kept and handed to it: the sentence made on read may hold
    // it (a reconcile's notes after its sync function's name); none given, textFn sees none.
    void textFnSeesTheTextGiven()
    {
        TraceLog log;
        const auto text = [](const TraceEvent &ev) {
            return ev.text.isEmpty() ? QStringLiteral("sync %1").arg(ev.key) : QStringLiteral("sync %1: %2").arg(ev.key, ev.text);
        };
        TraceEvent ev;
        ev.type = QStringLiteral("ReconcileEnd");
        ev.key = QStringLiteral("default/web");
        ev.textFn = text;
        log.append(ev);
        ev.text = QStringLiteral("scaled up to 3 → déjà");
        log.append(ev);
        const auto all = log.since(0);
        QCOMPARE(all.size(), std::size_t(2));
        QCOMPARE(all[0].text, QStringLiteral("sync default/web"));
        QCOMPARE(all[1].text, QStringLiteral("sync default/web: scaled up to 3 → déjà"));
    }

    // An event made with detailFn keeps the detail it was given (shared between many events)
    // and reads back the detail detailFn makes from it and args[2] (a queue's addAfter adds its
    // readyAt), before textFn runs (which sees the made detail), through since() and ofTypes().
    void detailMadeWhenRead()
    {
        TraceLog log;
        const QJsonObject shared{{QStringLiteral("depth"), 3}, {QStringLiteral("whileProcessing"), false}};
        TraceEvent ev;
        ev.type = QStringLiteral("QueueAddAfter");
        ev.key = QStringLiteral("default/web");
        ev.detail = shared;
        ev.args[2] = 123456;
        ev.detailFn = [](const TraceEvent &e) {
            QJsonObject d = e.detail;
            d.insert(QLatin1String("readyAt"), e.args[2]);
            return d;
        };
        ev.textFn = [](const TraceEvent &e) { return QStringLiteral("ready at %1").arg(e.detail.value(QLatin1String("readyAt")).toInteger()); };
        log.append(ev);
        ev.args[2] = 7;
        ev.textFn = nullptr;
        ev.text = QStringLiteral("eager text");
        log.append(ev);
        const auto all = log.since(0);
        QCOMPARE(all.size(), std::size_t(2));
        const QJsonObject expected{{QStringLiteral("depth"), 3}, {QStringLiteral("readyAt"), 123456}, {QStringLiteral("whileProcessing"), false}};
        QCOMPARE(all[0].detail, expected);
        QCOMPARE(all[0].text, QStringLiteral("ready at 123456"));
        QCOMPARE(all[1].detail.value(QLatin1String("readyAt")).toInteger(), qint64(7));
        QCOMPARE(all[1].text, QStringLiteral("eager text"));
        const auto typed = log.ofTypes(0, 2, {QStringLiteral("QueueAddAfter")});
        QCOMPARE(typed.size(), std::size_t(2));
        QCOMPARE(typed[0].detail, expected);
    }

    // Kept events live in chunks of 4,096 and their keys and texts in 256 KiB arena blocks that
    // are freed from the front: long after the first chunk and block were dropped, every kept
    // event still reads back its own key and text (non-ASCII ones too), in order, and a clear
    // starts over at the next seq.
    void keysAndTextsSurviveTrimming()
    {
        TraceLog log(5000);
        const auto keyOf = [](int i) { return QStringLiteral("default/web-%1").arg(i); };
        const auto textOf = [](int i) {
            return i % 7 == 0 ? QStringLiteral("scaled %1 → %2 ✓").arg(i).arg(i + 1)
                              : QStringLiteral("event %1 ").arg(i).repeated(1 + i % 5);
        };
        for (int i = 0; i < 60'000; ++i) {
            TraceEvent e;
            e.type = QStringLiteral("Put");
            e.key = keyOf(i);
            e.text = textOf(i);
            if (i % 3 == 0)
                e.detail = QJsonObject{{QStringLiteral("i"), i}};
            log.append(e);
            if (i == 30'000)
                QCOMPARE(log.since(29'990).size(), std::size_t(11));
        }
        const auto kept = log.since(0);
        QCOMPARE(kept.size(), std::size_t(5000));
        for (std::size_t n = 0; n < kept.size(); ++n) {
            const int i = 55'000 + int(n);
            QCOMPARE(kept[n].seq, qint64(i) + 1);
            QCOMPARE(kept[n].key, keyOf(i));
            QCOMPARE(kept[n].text, textOf(i));
            QCOMPARE(kept[n].detail.value(QStringLiteral("i")).toInt(-1), i % 3 == 0 ? i : -1);
        }
        log.clear();
        QCOMPARE(log.size(), std::size_t(0));
        TraceEvent e;
        e.text = QStringLiteral("after clear");
        QCOMPARE(log.append(e), 60'001);
        QCOMPARE(log.since(0).front().text, QStringLiteral("after clear"));
    }

    // Records keep t and rev relative to an event's every 64 (in chunks of 4,096 events): over
    // several chunks, with times and revisions that jump, go back and go negative, workers and
    // args of any sign and details on some events, since() and ofTypes() give back exactly what
    // was appended, also once the oldest chunks have been dropped.
    void recordsAcrossChunks()
    {
        TraceLog log(10'000);
        const auto text = [](const TraceEvent &ev) { return QStringLiteral("%1 %2").arg(ev.args[0]).arg(ev.args[2]); };
        std::vector<TraceEvent> appended;
        for (int i = 0; i < 13'000; ++i) {
            TraceEvent e;
            e.component = i % 3 == 0 ? QStringLiteral("queue/replicaset") : QStringLiteral("etcd");
            e.type = i % 5 == 0 ? QStringLiteral("QueueAdd") : QStringLiteral("Put");
            e.t = i % 997 == 0 ? -qint64(i) * 1'000'000'007 : qint64(i) * 3 + (i % 7 == 0 ? 1'000'000'000'000 : 0);
            e.rev = i % 4096 == 1 ? std::numeric_limits<qint64>::max() - i : qint64(i) / 2 + 1;
            e.worker = i % 4 - 1;
            e.key = i % 11 == 0 ? QString() : QStringLiteral("default/web-%1").arg(i);
            if (i % 2 == 0) {
                e.textFn = text;
                e.args[0] = -i;
                e.args[2] = qint64(i) << 40;
            } else if (i % 9 != 0) {
                e.text = QStringLiteral("event %1").arg(i);
            }
            if (i % 6 == 0)
                e.detail = QJsonObject{{QStringLiteral("n"), i}};
            log.append(e);
            e.seq = i + 1;
            if (e.textFn)
                e.text = text(e);
            appended.push_back(e);
        }
        QCOMPARE(log.size(), std::size_t(10'000));
        const auto compare = [&](const std::vector<TraceEvent> &got, const std::vector<const TraceEvent *> &want) {
            QCOMPARE(got.size(), want.size());
            for (std::size_t k = 0; k < got.size(); ++k) {
                QCOMPARE(got[k].seq, want[k]->seq);
                QCOMPARE(got[k].t, want[k]->t);
                QCOMPARE(got[k].rev, want[k]->rev);
                QCOMPARE(got[k].worker, want[k]->worker);
                QCOMPARE(got[k].component, want[k]->component);
                QCOMPARE(got[k].type, want[k]->type);
                QCOMPARE(got[k].key, want[k]->key);
                QCOMPARE(got[k].text, want[k]->text);
                QCOMPARE(got[k].detail, want[k]->detail);
                QCOMPARE(got[k].args[0], want[k]->textFn ? want[k]->args[0] : 0);
            }
        };
        std::vector<const TraceEvent *> kept, adds;
        for (std::size_t i = 3'000; i < appended.size(); ++i) {
            kept.push_back(&appended[i]);
            if (appended[i].type == QLatin1String("QueueAdd") && appended[i].seq <= 12'000)
                adds.push_back(&appended[i]);
        }
        compare(log.since(0), kept);
        compare(log.ofTypes(0, 12'000, {QStringLiteral("QueueAdd")}), adds);
        compare(log.since(8'191), std::vector<const TraceEvent *>(kept.begin() + 5'191, kept.end()));
    }

    // What an event costs the budget is its record, its place in its chunk (12 bytes) and, when
    // it has one, its detail: a queue event made lazily with an 11-character key, 13 header
    // bytes, takes 36 (a fixed slot took 84 and the key on top).
    void recordCostsItsBytes()
    {
        TraceLog log;
        TraceLog::Compact c;
        c.component = log.nameId(QStringLiteral("queue/replicaset"));
        c.type = log.nameId(QStringLiteral("QueueAdd"));
        c.worker = 0;
        c.ns = u"default";
        c.name = u"web";
        c.textFn = [](const TraceEvent &) { return QString(); };
        c.args[1] = 5;
        c.rev = 3;
        log.appendCompact(c);
        // flags, names, worker, t and rev (the base event's), makers, which args, args[1], key
        // length: 13 bytes; then "default/web".
        QCOMPARE(log.memoryBytes(), std::size_t(12 + 13 + 11));
        QCOMPARE(log.since(0).front().key, QStringLiteral("default/web"));
        QCOMPARE(log.since(0).front().args[1], 5);
    }

    void disabledAppendsNothing()
    {
        TraceLog log;
        log.setEnabled(false);
        QCOMPARE(log.append(TraceEvent{}), 0);
        QCOMPARE(log.size(), std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestTraceLog)
#include "tst_tracelog.moc"
