// SPDX-License-Identifier: Apache-2.0
// core/api/hexdigits.h against QString::number(v, 16): every digit count from 1 to 16 (odd ones
// start with a single digit, then pairs), values with every nibble set, zero, and bits above the
// digits asked for ignored; and the two writers that use it, a UID's layout and an Event's name.
#include "core/api/eventname.h"
#include "core/api/hexdigits.h"
#include "core/apiserver/namegenerator.h"

#include <QRegularExpression>
#include <QTest>

using namespace rlab;
using api::hexdigits::putHex;

class TestHexDigits : public QObject
{
    Q_OBJECT
private slots:
    void putHexEveryDigitCount()
    {
        for (const quint64 v : {quint64(0), quint64(0x0123456789abcdefULL), quint64(0xfedcba9876543210ULL), ~quint64(0), quint64(0x5a)}) {
            for (int digits = 1; digits <= 16; ++digits) {
                QString out(digits + 2, QLatin1Char('#'));
                QChar *end = putHex(out.data() + 1, v, digits);
                QCOMPARE(end, out.data() + 1 + digits);
                const quint64 low = digits == 16 ? v : v & ((quint64(1) << (4 * digits)) - 1);
                QCOMPARE(out, QLatin1Char('#') + QString::number(low, 16).rightJustified(digits, QLatin1Char('0')) + QLatin1Char('#'));
            }
        }
    }

    void uidsKeepTheirLayout()
    {
        apiserver::NameGenerator names(42);
        static const QRegularExpression layout(QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"));
        QSet<QString> seen;
        for (int i = 0; i < 1000; ++i) {
            const QString uid = names.uid();
            QVERIFY2(layout.match(uid).hasMatch(), qPrintable(uid));
            seen.insert(uid);
        }
        QCOMPARE(seen.size(), 1000);
    }

    void eventNamesRoundTrip()
    {
        for (const quint64 suffix : {quint64(1), quint64(0xa), quint64(0x18867251edfa0057ULL), quint64(0xfff), ~quint64(0)}) {
            const QString name = api::eventName(QStringLiteral("web-1"), suffix);
            QCOMPARE(name, QStringLiteral("web-1.") + QString::number(suffix, 16));
            QCOMPARE(api::eventNameSuffix(name, QStringLiteral("web-1")), std::optional<quint64>(suffix));
        }
    }
};

QTEST_GUILESS_MAIN(TestHexDigits)
#include "tst_hexdigits.moc"
