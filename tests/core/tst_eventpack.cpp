// The Event layout of api::packObject (eventpack.h) and the vocabulary its strings are numbered
// in (PackVocabulary): Events as the recorders write them come back field for field, in fewer
// bytes once their strings are learnt; Events it does not fit go field by field; damaged bytes
// and unknown numbers give nullptr.
#include "core/api/codec.h"
#include "core/api/event.h"
#include "core/api/objectpack.h"
#include "core/api/packvocabulary.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace rlab::api;

namespace {

// A kubelet's Event, with `tag` in every string a source repeats, so that each test row starts
// with strings the vocabulary has not seen.
std::shared_ptr<Event> recorded(const QString &tag, const QString &pod = QStringLiteral("web-7c5b4f-x2x9z"))
{
    auto e = std::make_shared<Event>();
    e->metadata.name = pod + QStringLiteral(".18867251edfa001c");
    e->metadata.namespace_ = QStringLiteral("ns-") + tag;
    e->metadata.uid = QStringLiteral("51daf52d-cf7b-4798-b7cf-88e58f6772c3");
    e->metadata.resourceVersion = QStringLiteral("50197");
    e->metadata.creationTimestamp = 1767225600000;
    e->involvedObject.kind = QStringLiteral("Pod");
    e->involvedObject.namespace_ = e->metadata.namespace_;
    e->involvedObject.name = pod;
    e->involvedObject.uid = QStringLiteral("0ab97c46-10bf-4e63-a6cc-671c481bfaa4");
    e->involvedObject.apiVersion = QStringLiteral("v1");
    e->involvedObject.resourceVersion = QStringLiteral("37703");
    e->involvedObject.fieldPath = QStringLiteral("spec.containers{") + tag + u'}';
    e->reason = QStringLiteral("Started");
    e->message = QStringLiteral("Started container ") + tag;
    e->source.component = QStringLiteral("kubelet");
    e->source.host = QStringLiteral("node-") + tag;
    e->firstTimestamp = e->lastTimestamp = e->metadata.creationTimestamp;
    e->count = 1;
    e->type = QStringLiteral("Normal");
    e->reportingComponent = QStringLiteral("kubelet");
    e->reportingInstance = e->source.host;
    return e;
}

// The byte after the version and the kind: 0 when the Event went field by field.
quint8 layoutByte(const QByteArray &packed)
{
    return packed.size() > 2 ? quint8(packed[2]) : 0xff;
}

} // namespace

class TestEventPack : public QObject
{
    Q_OBJECT

private slots:
    // The first Event spells its strings; from the second sighting on they are numbers. E.g.
    // a kubelet Event: ~125 bytes, then ~89, of which its two uids are 34 (the field-by-field
    // layout: ~123, tst_objectpack).
    void learntStringsPackSmaller()
    {
        const auto first = recorded(QStringLiteral("learn"));
        const qsizetype known = PackVocabulary::instance().size();
        const QByteArray spelt = packObject(*first);
        // Seen once: only what the Event repeats itself is learnt (its namespace, the component as
        // source and reporter, the node as host and instance).
        QCOMPARE(PackVocabulary::instance().size(), known + 3);
        QVERIFY(layoutByte(spelt) != 0);
        // Another pod's Event from the same source: its repeated strings are learnt now.
        const auto second = recorded(QStringLiteral("learn"), QStringLiteral("web-7c5b4f-abcde"));
        const QByteArray numbered = packObject(*second);
        QVERIFY2(PackVocabulary::instance().size() >= known + 3 + 5, qPrintable(QString::number(PackVocabulary::instance().size() - known)));
        QVERIFY2(numbered.size() + 30 <= spelt.size(), qPrintable(QStringLiteral("%1 then %2").arg(spelt.size()).arg(numbered.size())));
        QVERIFY2(numbered.size() <= 90, qPrintable(QString::number(numbered.size())));
        for (const auto &[e, packed] : {std::pair{first, spelt}, std::pair{second, numbered}}) {
            const ObjectPtr back = unpackObject(packed);
            QVERIFY(back);
            QCOMPARE(back->toJsonBytes(), e->toJsonBytes());
        }
        // Unpacked Events share the learnt strings' characters.
        const auto a = std::static_pointer_cast<const Event>(unpackObject(numbered));
        const auto b = std::static_pointer_cast<const Event>(unpackObject(packObject(*second)));
        QCOMPARE(a->message.constData(), b->message.constData());
    }

    // Names the recorders would not write ("<involved>.<hex>" with a leading zero, upper case,
    // 17 digits, another prefix, none) are spelt, and come back as they were.
    void namesComeBack_data()
    {
        QTest::addColumn<QString>("involved");
        QTest::addColumn<QString>("name");
        QTest::newRow("derived") << "web-1" << "web-1.18867251edfa001c";
        QTest::newRow("one digit") << "web-1" << "web-1.0";
        QTest::newRow("sixteen f") << "web-1" << "web-1.ffffffffffffffff";
        QTest::newRow("leading zero") << "web-1" << "web-1.018867251edfa001";
        QTest::newRow("upper case") << "web-1" << "web-1.18867251EDFA001C";
        QTest::newRow("seventeen digits") << "web-1" << "web-1.118867251edfa001c";
        QTest::newRow("another prefix") << "web-2" << "web-1.18867251edfa001c";
        QTest::newRow("no dot") << "web-1" << "web-1-18867251edfa001c";
        QTest::newRow("nothing after the dot") << "web-1" << "web-1.";
        QTest::newRow("no involved name") << "" << ".1a";
        QTest::newRow("the involved name alone") << "web-1" << "web-1";
        QTest::newRow("non-ASCII") << "wéb" << "wéb.1a";
    }
    void namesComeBack()
    {
        QFETCH(QString, involved);
        QFETCH(QString, name);
        auto e = recorded(QStringLiteral("names"));
        e->involvedObject.name = involved;
        e->metadata.name = name;
        const QByteArray packed = packObject(*e);
        QVERIFY(layoutByte(packed) != 0);
        const ObjectPtr back = unpackObject(packed);
        QVERIFY(back);
        QCOMPARE(back->metadata.name, name);
        QCOMPARE(back->toJsonBytes(), e->toJsonBytes());
    }

    // resourceVersions that are not plain decimals come back as they were.
    void resourceVersionsComeBack_data()
    {
        QTest::addColumn<QString>("rv");
        for (const char *rv : {"", "0", "7", "999999999999999999", "1000000000000000000", "007", "12a", "-1", "٣"})
            QTest::newRow(rv) << QString::fromUtf8(rv);
    }
    void resourceVersionsComeBack()
    {
        QFETCH(QString, rv);
        auto e = recorded(QStringLiteral("rv"));
        e->metadata.resourceVersion = rv;
        e->involvedObject.resourceVersion = rv;
        const ObjectPtr back = unpackObject(packObject(*e));
        QVERIFY(back);
        QCOMPARE(back->toJsonBytes(), e->toJsonBytes());
    }

    // What a recorder never sets sends the Event field by field (first byte 0), and it comes back.
    void othersGoFieldByField_data()
    {
        QTest::addColumn<int>("what");
        QTest::newRow("labels") << 0;
        QTest::newRow("annotations") << 1;
        QTest::newRow("owner") << 2;
        QTest::newRow("finalizer") << 3;
        QTest::newRow("generateName") << 4;
        QTest::newRow("deletion") << 5;
        QTest::newRow("extra fields") << 6;
        QTest::newRow("another apiVersion") << 7;
        QTest::newRow("generation") << 8;
        QTest::newRow("managedFields") << 9;
    }
    void othersGoFieldByField()
    {
        QFETCH(int, what);
        auto e = recorded(QStringLiteral("others"));
        switch (what) {
        case 0: e->metadata.labels.insert(QStringLiteral("a"), QStringLiteral("b")); break;
        case 1: e->metadata.annotations.insert(QStringLiteral("a"), QStringLiteral("b")); break;
        case 2: e->metadata.ownerReferences.append(OwnerReference{QStringLiteral("v1"), QStringLiteral("Pod"), QStringLiteral("p"), QStringLiteral("u"), true, {}}); break;
        case 3: e->metadata.finalizers.append(QStringLiteral("example.com/f")); break;
        case 4: e->metadata.generateName = QStringLiteral("web-"); break;
        case 5:
            e->metadata.deletionTimestamp = 1767225660000;
            e->metadata.deletionGracePeriodSeconds = 0;
            break;
        case 6: e->extra.insert(QStringLiteral("series"), QJsonObject{{QStringLiteral("count"), 2}}); break;
        case 7: e->apiVersion = QStringLiteral("v2"); break;
        case 8: e->metadata.generation = 3; break;
        case 9: e->metadata.extra.insert(QStringLiteral("managedFields"), QJsonArray{QJsonObject{{QStringLiteral("manager"), QStringLiteral("kubectl")}}}); break;
        }
        const QByteArray packed = packObject(*e);
        QCOMPARE(layoutByte(packed), quint8(0));
        const ObjectPtr back = unpackObject(packed);
        QVERIFY(back);
        QCOMPARE(back->toJsonBytes(), e->toJsonBytes());
    }

    // Every strict prefix, a trailing byte, unknown flags, a vocabulary number past the end, an
    // even tag: nullptr, no crash.
    void damagedBytesGiveNothing()
    {
        const auto e = recorded(QStringLiteral("damaged"));
        packObject(*e);
        const QByteArray packed = packObject(*e);   // its strings numbered
        QVERIFY(layoutByte(packed) != 0);
        QVERIFY(unpackObject(packed));
        for (qsizetype n = 0; n < packed.size(); ++n)
            QVERIFY2(!unpackObject(QByteArrayView(packed).first(n)), qPrintable(QString::number(n)));
        QVERIFY(!unpackObject(packed + '\0'));
        for (const quint8 flags : {quint8(4), quint8(5), quint8(0x83), quint8(0xff)}) {
            QByteArray bad = packed;
            bad[2] = char(flags);
            QVERIFY2(!unpackObject(bad), qPrintable(QString::number(flags)));
        }
        // Byte 3 is the involved kind's tag ("Pod", learnt: odd). A number no entry has: nullptr;
        // an even tag other than 0 and 2: nullptr; 0 (empty) reads.
        QVERIFY(quint8(packed[3]) & 1);
        QVERIFY(!unpackObject(packed.left(3) + QByteArray("\xff\xff\xff\x7f", 4) + packed.mid(4)));
        QVERIFY(!unpackObject(packed.left(3) + QByteArray("\x04", 1) + packed.mid(4)));
        const ObjectPtr noKind = unpackObject(packed.left(3) + QByteArray("\x00", 1) + packed.mid(4));
        QVERIFY(noKind);
        QVERIFY(std::static_pointer_cast<const Event>(noKind)->involvedObject.kind.isEmpty());
    }

    // The vocabulary learns a string the second time it is offered (by the same characters or
    // by an equal string elsewhere), never one too long, and says nothing for a number past it.
    void vocabularyLearnsOnTheSecondSighting()
    {
        PackVocabulary &v = PackVocabulary::instance();
        const QString once = QStringLiteral("offered once, vocabulary test");
        QCOMPARE(v.indexOf(once), qsizetype(-1));
        const qsizetype i = v.indexOf(once);   // the same characters
        QVERIFY(i >= 0);
        QCOMPARE(v.indexOf(once), i);
        const QString elsewhere = QString(once).append(u'!').chopped(1);   // equal, other characters
        QVERIFY(elsewhere.constData() != once.constData());
        QCOMPARE(v.indexOf(elsewhere), i);
        const QString copyA = QStringLiteral("learnt by content, vocabulary test");
        const QString copyB = QString(copyA).append(u'!').chopped(1);
        QCOMPARE(v.indexOf(copyA), qsizetype(-1));
        QVERIFY(v.indexOf(copyB) >= 0);
        bool ok = false;
        QCOMPARE(v.at(quint64(i), &ok), once);
        QVERIFY(ok);
        QVERIFY(v.at(quint64(v.size()), &ok).isNull());
        QVERIFY(!ok);
        const QString tooLong(PackVocabulary::kMaxLength + 1, u'x');
        QCOMPARE(v.indexOf(tooLong), qsizetype(-1));
        QCOMPARE(v.indexOf(tooLong), qsizetype(-1));
        QCOMPARE(v.indexOf(QString()), qsizetype(-1));
    }
};

QTEST_GUILESS_MAIN(TestEventPack)
#include "tst_eventpack.moc"
