// SPDX-License-Identifier: Apache-2.0
// decimal(): the same digits as QString::number, for the values a store's revisions take and
// the extremes.
#include "core/base/decimal.h"

#include <QTest>

#include <limits>

using namespace rlab;

class TestDecimal : public QObject
{
    Q_OBJECT

private slots:
    void asQStringNumber_data()
    {
        QTest::addColumn<qint64>("value");
        for (const qint64 v : {qint64(0), qint64(1), qint64(9), qint64(10), qint64(50197), qint64(999'999), qint64(1'000'000),
                               qint64(-1), qint64(-42), std::numeric_limits<qint64>::max(), std::numeric_limits<qint64>::min()})
            QTest::newRow(qPrintable(QString::number(v))) << v;
    }
    void asQStringNumber()
    {
        QFETCH(qint64, value);
        const QString got = decimal(value);
        QCOMPARE(got, QString::number(value));
    }
};

QTEST_GUILESS_MAIN(TestDecimal)
#include "tst_decimal.moc"
