// tracerecord (core/base/tracerecord.h): how TraceLog keeps one event — a header of varints (t
// and rev relative to a base event's) before the key's and text's bytes. Every field
// comes back as written, whatever the values (negative, 64-bit extremes, times going back), the
// header stays within kMaxHeader, and a usual event's header takes a dozen bytes.
#include "core/base/tracerecord.h"

#include <QByteArray>
#include <QTest>

#include <limits>

using namespace rlab;
using namespace rlab::tracerecord;

namespace {
constexpr qint64 kMin = std::numeric_limits<qint64>::min();
constexpr qint64 kMax = std::numeric_limits<qint64>::max();

Header header(quint8 flags, int worker, qint64 t, qint64 rev, std::array<qint64, 3> args)
{
    Header h;
    h.flags = flags;
    h.component = 300;
    h.type = 7;
    h.worker = worker;
    h.t = t;
    h.rev = rev;
    if (flags & Lazy) {
        h.textFn = 3;
        h.detailFn = 250;
        std::copy(args.begin(), args.end(), std::begin(h.args));
    }
    h.detail = (flags & HasDetail) ? 4095 : 0;
    h.keyLen = (flags & HasKey) ? 70000 : 0;
    h.textLen = (flags & HasText) ? 127 : 0;
    return h;
}
} // namespace

Q_DECLARE_METATYPE(rlab::tracerecord::Header)

class TestTraceRecord : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<Header>("h");
        QTest::addColumn<qint64>("baseT");
        QTest::addColumn<qint64>("baseRev");
        const quint8 all = KeyLatin1 | HasWorker | Lazy | HasDetail | HasKey | HasText;
        QTest::newRow("nothing but names") << header(0, -1, 0, 0, {}) << qint64(0) << qint64(0);
        QTest::newRow("everything") << header(all, 12, 5000, 77, {1, -2, 3}) << qint64(4990) << qint64(70);
        QTest::newRow("worker -1 kept as absent") << header(HasKey, -1, 10, 10, {}) << qint64(10) << qint64(10);
        QTest::newRow("negative worker") << header(HasWorker, -7, 10, 10, {}) << qint64(0) << qint64(0);
        QTest::newRow("time goes back") << header(Lazy, -1, 100, 5, {0, 0, 9}) << qint64(90'000) << qint64(6);
        QTest::newRow("only the middle arg") << header(Lazy | HasKey, 0, 1, 1, {0, 5, 0}) << qint64(0) << qint64(0);
        QTest::newRow("64-bit extremes") << header(all, std::numeric_limits<int>::max(), kMax, kMin, {kMin, kMax, -1}) << kMin << kMax;
        QTest::newRow("UTF-16 key") << header(HasKey | HasText, 2, 3, 4, {}) << qint64(3) << qint64(4);
        Header names = header(HasKey, 0, 0, 0, {});
        names.component = 0xffff;   // the first id past two bytes
        names.type = 0xfffe;        // the last in two
        QTest::newRow("names at two bytes' end") << names << qint64(0) << qint64(0);
    }
    void roundTrip()
    {
        QFETCH(Header, h);
        QFETCH(qint64, baseT);
        QFETCH(qint64, baseRev);
        QByteArray buf(int(kMaxHeader) + 8, '\xee');   // the bytes after must stay as they were
        char *end = writeHeader(buf.data(), h, baseT, baseRev);
        QVERIFY(std::size_t(end - buf.data()) <= kMaxHeader);
        QVERIFY(std::all_of(end, buf.data() + buf.size(), [](char c) { return c == '\xee'; }));
        Header back;
        back.worker = 99;   // everything is written over
        back.args[1] = 99;
        // Where it stops, as an address (QCOMPARE would read two char pointers as C strings).
        QCOMPARE(static_cast<const void *>(readHeader(buf.constData(), &back, baseT, baseRev)), static_cast<const void *>(end));
        QCOMPARE(back.flags, h.flags);
        QCOMPARE(back.component, h.component);
        QCOMPARE(back.type, h.type);
        QCOMPARE(back.worker, (h.flags & HasWorker) ? h.worker : -1);
        QCOMPARE(back.t, h.t);
        QCOMPARE(back.rev, h.rev);
        QCOMPARE(back.textFn, h.textFn);
        QCOMPARE(back.detailFn, h.detailFn);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(back.args[i], h.args[i]);
        QCOMPARE(back.detail, h.detail);
        QCOMPARE(back.keyLen, h.keyLen);
        QCOMPARE(back.textLen, h.textLen);
        QCOMPARE(back.keyBytes(), std::size_t(h.keyLen) * ((h.flags & KeyLatin1) ? 1 : 2));
    }

    // The worst case, every field at its longest, fits kMaxHeader exactly.
    void longestHeaderFits()
    {
        Header h = header(KeyLatin1 | HasWorker | Lazy | HasDetail | HasKey | HasText, std::numeric_limits<int>::min(), kMin, kMin,
                          {kMin, kMin, kMin});
        h.component = h.type = h.detail = h.keyLen = h.textLen = std::numeric_limits<quint32>::max();
        QByteArray buf(int(kMaxHeader), 0);
        // worker zigzags to 5 varint bytes at most here (an int), but room is kept for 10
        const char *end = writeHeader(buf.data(), h, kMax, kMax);
        QVERIFY(std::size_t(end - buf.constData()) <= kMaxHeader);
        Header back;
        readHeader(buf.constData(), &back, kMax, kMax);
        QCOMPARE(back.t, kMin);
        QCOMPARE(back.args[2], kMin);
        QCOMPARE(back.textLen, std::numeric_limits<quint32>::max());
    }

    // The example of tracerecord.h: a queue event made lazily, 13 header bytes.
    void queueEventExample()
    {
        Header h;
        h.flags = KeyLatin1 | HasWorker | Lazy | HasKey;
        h.component = 7;
        h.type = 9;
        h.worker = 0;
        h.t = 1003;
        h.rev = 52;
        h.textFn = 1;
        h.detailFn = 2;
        h.args[1] = 5;
        h.keyLen = 11;
        char buf[kMaxHeader];
        const char *end = writeHeader(buf, h, 1000, 50);
        QCOMPARE(QByteArray(buf, int(end - buf)).toHex(' '), QByteArray("17 07 00 09 00 00 06 04 01 02 02 0a 0b"));
    }
};

QTEST_GUILESS_MAIN(TestTraceRecord)
#include "tst_tracerecord.moc"
