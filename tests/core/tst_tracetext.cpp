// SPDX-License-Identifier: Apache-2.0
// core/base/tracetext.h against a character-at-a-time reference, for every length from 0 to 40
// (below, at and past the 4-, 8- and 16-unit steps and their overlapping last steps) and a
// character out of range at every position: noneHas for ASCII and Latin-1, isAscii, and narrow
// writing exactly the string's bytes (a guard byte on each side stays).
#include "core/base/tracetext.h"

#include <QTest>

#include <vector>

using namespace rlab::tracetext;

namespace {
bool referenceNoneHas(QStringView s, quint16 mask)
{
    for (const QChar c : s)
        if (c.unicode() & mask)
            return false;
    return true;
}
// "web-0-7c5b4f9d8-x2x9zabcdefghijklmnopqrs" cut to n characters.
QString plain(int n)
{
    return QStringLiteral("web-0-7c5b4f9d8-x2x9zabcdefghijklmnopqrstuvwxyz").left(n);
}
} // namespace

class TestTraceText : public QObject
{
    Q_OBJECT
private slots:
    void noneHasEveryLengthAndPosition()
    {
        for (int n = 0; n <= 40; ++n) {
            const QString s = plain(n);
            QVERIFY2(noneHas(s, 0xff80) && noneHas(s, 0xff00), qPrintable(s));
            for (int at = 0; at < n; ++at) {
                for (const char16_t c : {u'\u00e9', u'\u0100', u'\u2603', u'\uffff', u'\u0080'}) {
                    QString t = s;
                    t[at] = QChar(c);
                    QCOMPARE(noneHas(t, 0xff80), referenceNoneHas(t, 0xff80));
                    QCOMPARE(noneHas(t, 0xff00), referenceNoneHas(t, 0xff00));
                }
            }
        }
        const QString cafe = QStringLiteral("caf\u00e9");
        QVERIFY(!noneHas(cafe, 0xff80));
        QVERIFY(noneHas(cafe, 0xff00));
    }

    void isAsciiEveryLengthAndPosition()
    {
        for (int n = 0; n <= 40; ++n) {
            const QByteArray s = plain(n).toLatin1();
            QVERIFY2(isAscii(s), s.constData());
            for (int at = 0; at < n; ++at) {
                QByteArray t = s;
                t[at] = char(0x80 | (at & 0x7f));
                QVERIFY2(!isAscii(t), qPrintable(QStringLiteral("n %1 at %2").arg(n).arg(at)));
            }
        }
        // Only the view's bytes count: a non-ASCII byte just past it is not read as its own.
        const QByteArray wider = QByteArrayLiteral("default/web-1\xc3\xa9");
        QVERIFY(isAscii(QByteArrayView(wider).first(13)));
    }

    void narrowWritesExactlyTheString()
    {
        for (int n = 0; n <= 40; ++n) {
            QString s = plain(n);
            if (n > 2)
                s[n / 2] = QChar(0xe9);   // Latin-1, one byte
            std::vector<char> out(std::size_t(n) + 2, '#');
            narrow(out.data() + 1, s);
            QCOMPARE(out.front(), '#');
            QCOMPARE(out.back(), '#');
            QCOMPARE(QByteArray(out.data() + 1, n), s.toLatin1());
        }
    }

    // utf8Size and writeUtf8 agree with QString::toUtf8 for every length to 40 with one, two or
    // three characters past ASCII (2- and 3-byte ones, at every position, in and across the
    // eight-character steps), write exactly that many bytes, and refuse (-1) any surrogate.
    void utf8EveryLengthAndPosition()
    {
        for (int n = 0; n <= 40; ++n) {
            for (int at = -1; at < n; ++at) {
                for (const char16_t c : {u'\u00e9', u'\u2192', u'\u0080', u'\u07ff', u'\u0800', u'\uffff', u'\ue000'}) {
                    QString s = plain(n);
                    if (at >= 0) {
                        s[at] = QChar(c);
                        if (at + 9 < n)
                            s[at + 9] = QChar(u'\u2014');   // another in the next step
                    }
                    const QByteArray expected = s.toUtf8();
                    QCOMPARE(utf8Size(s), expected.size());
                    std::vector<char> out(std::size_t(expected.size()) + 2, '#');
                    writeUtf8(out.data() + 1, s);
                    QCOMPARE(out.front(), '#');
                    QCOMPARE(out.back(), '#');
                    QCOMPARE(QByteArray(out.data() + 1, expected.size()), expected);
                }
                if (at >= 0) {
                    for (const char16_t c : {u'\xd800', u'\xdbff', u'\xdc00', u'\xdfff'}) {
                        QString s = plain(n);
                        s[at] = QChar(c);
                        QCOMPARE(utf8Size(s), qsizetype(-1));
                    }
                }
            }
        }
        const QString pair = QStringLiteral("web \U0001F680 ok");   // a surrogate pair
        QCOMPARE(utf8Size(pair), qsizetype(-1));
    }
};

QTEST_GUILESS_MAIN(TestTraceText)
#include "tst_tracetext.moc"
