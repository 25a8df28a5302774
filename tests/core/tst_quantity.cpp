// Rows ported from k8s.io/apimachinery/pkg/api/resource/quantity_test.go (TestQuantityParse,
// TestQuantityString, TestQuantityParseEmit, TestMilliNewSet, TestNewSet) plus MilliValue/Value.
#include "core/api/quantity.h"

#include <QTest>

using rlab::api::Quantity;

Q_DECLARE_METATYPE(Quantity::Format)

class TestQuantity : public QObject
{
    Q_OBJECT

private slots:
    void testParse_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<qint64>("milli");
        QTest::addColumn<qint64>("value");
        QTest::addColumn<QString>("canonical");
        QTest::addColumn<Quantity::Format>("format");

        const auto si = Quantity::Format::DecimalSI;
        const auto bin = Quantity::Format::BinarySI;
        const auto exp = Quantity::Format::DecimalExponent;
        QTest::newRow("500m") << "500m" << qint64(500) << qint64(1) << "500m" << si;
        QTest::newRow("2") << "2" << qint64(2000) << qint64(2) << "2" << si;
        QTest::newRow("1.5") << "1.5" << qint64(1500) << qint64(2) << "1500m" << si;
        QTest::newRow("128Mi") << "128Mi" << qint64(134217728000) << qint64(134217728) << "128Mi" << bin;
        QTest::newRow("1Gi") << "1Gi" << qint64(1073741824000) << qint64(1073741824) << "1Gi" << bin;
        QTest::newRow("1G") << "1G" << qint64(1000000000000) << qint64(1000000000) << "1G" << si;
        QTest::newRow("1e3") << "1e3" << qint64(1000000) << qint64(1000) << "1e3" << exp;
        QTest::newRow("100k") << "100k" << qint64(100000000) << qint64(100000) << "100k" << si;
        QTest::newRow("0") << "0" << qint64(0) << qint64(0) << "0" << si;
        QTest::newRow("0Ki") << "0Ki" << qint64(0) << qint64(0) << "0" << bin;
        QTest::newRow("8Ki") << "8Ki" << qint64(8192000) << qint64(8192) << "8Ki" << bin;
        QTest::newRow("3Ei") << "3Ei" << std::numeric_limits<qint64>::max() << qint64(3458764513820540928) << "3Ei" << bin;
        QTest::newRow("5n") << "5n" << qint64(1) << qint64(1) << "5n" << si;
        QTest::newRow("4u") << "4u" << qint64(1) << qint64(1) << "4u" << si;
        QTest::newRow("50k") << "50k" << qint64(50000000) << qint64(50000) << "50k" << si;
        QTest::newRow("40T") << "40T" << qint64(40000000000000000) << qint64(40000000000000) << "40T" << si;
        QTest::newRow("1E") << "1E" << std::numeric_limits<qint64>::max() << qint64(1000000000000000000) << "1E" << si;
        QTest::newRow("1E-3") << "1E-3" << qint64(1) << qint64(1) << "1e-3" << exp;
        QTest::newRow("1E6") << "1E6" << qint64(1000000000) << qint64(1000000) << "1e6" << exp;
        QTest::newRow("100.035k") << "100.035k" << qint64(100035000) << qint64(100035) << "100035" << si;
        QTest::newRow("0.001") << "0.001" << qint64(1) << qint64(1) << "1m" << si;
        QTest::newRow("0.0005k") << "0.0005k" << qint64(500) << qint64(1) << "500m" << si;
        QTest::newRow("0.5e-1") << "0.5e-1" << qint64(50) << qint64(1) << "50e-3" << exp;
        QTest::newRow("10.035M") << "10.035M" << qint64(10035000000) << qint64(10035000) << "10035k" << si;
        QTest::newRow("1.2e3") << "1.2e3" << qint64(1200000) << qint64(1200) << "1200" << exp;
        QTest::newRow("1.3E+6") << "1.3E+6" << qint64(1300000000) << qint64(1300000) << "1300e3" << exp;
        QTest::newRow("9.01") << "9.01" << qint64(9010) << qint64(10) << "9010m" << si;
        QTest::newRow("2.5P") << "2.5P" << qint64(2500000000000000000) << qint64(2500000000000000) << "2500T" << si;
        QTest::newRow("3.001n rounds up") << "3.001n" << qint64(1) << qint64(1) << "4n" << si;
        QTest::newRow("0.0000000001") << "0.0000000001" << qint64(1) << qint64(1) << "1n" << si;
        QTest::newRow("0.9n") << "0.9n" << qint64(1) << qint64(1) << "1n" << si;
        QTest::newRow("0.00000012345") << "0.00000012345" << qint64(1) << qint64(1) << "124n" << si;
        QTest::newRow("9Ei capped") << "9Ei" << std::numeric_limits<qint64>::max() << std::numeric_limits<qint64>::max()
                                    << "9223372036854775807" << bin;
        QTest::newRow("12E not capped") << "12E" << std::numeric_limits<qint64>::max() << std::numeric_limits<qint64>::max()
                                        << "12E" << si;
        QTest::newRow("100.035Ki") << "100.035Ki" << qint64(102435840) << qint64(102436) << "102435840m" << bin;
        QTest::newRow("0.5Mi") << "0.5Mi" << qint64(524288000) << qint64(524288) << "512Ki" << bin;
        QTest::newRow("1.5Gi") << "1.5Gi" << qint64(1610612736000) << qint64(1610612736) << "1536Mi" << bin;
        QTest::newRow("0.000000000001Ki troll") << "0.000000000001Ki" << qint64(1) << qint64(1) << "2n" << si;
        QTest::newRow(".001") << ".001" << qint64(1) << qint64(1) << "1m" << si;
        QTest::newRow("1.") << "1." << qint64(1000) << qint64(1) << "1" << si;
        QTest::newRow("1.G") << "1.G" << qint64(1000000000000) << qint64(1000000000) << "1G" << si;
        QTest::newRow(". is zero") << "." << qint64(0) << qint64(0) << "0" << si;
        QTest::newRow("-500m") << "-500m" << qint64(-500) << qint64(-1) << "-500m" << si;
        QTest::newRow("-1.5Gi") << "-1.5Gi" << qint64(-1610612736000) << qint64(-1610612736) << "-1536Mi" << bin;
        QTest::newRow("+1") << "+1" << qint64(1000) << qint64(1) << "1" << si;
        QTest::newRow("1024Mi") << "1024Mi" << qint64(1073741824000) << qint64(1073741824) << "1Gi" << bin;
        QTest::newRow("1000M") << "1000M" << qint64(1000000000000) << qint64(1000000000) << "1G" << si;
        QTest::newRow(".001Ki") << ".001Ki" << qint64(1024) << qint64(2) << "1024m" << bin;
        QTest::newRow(".000000001Ki") << ".000000001Ki" << qint64(1) << qint64(1) << "1024n" << si;
        QTest::newRow("1000e18") << "1000e18" << std::numeric_limits<qint64>::max() << std::numeric_limits<qint64>::max()
                                 << "1e21" << exp;
    }

    void testParse()
    {
        QFETCH(QString, input);
        QFETCH(qint64, milli);
        QFETCH(qint64, value);
        QFETCH(QString, canonical);
        QFETCH(Quantity::Format, format);
        QString error;
        const std::optional<Quantity> q = Quantity::parse(input, &error);
        QVERIFY2(q.has_value(), qPrintable(error));
        QCOMPARE(q->milliValue(), milli);
        QCOMPARE(q->value(), value);
        QCOMPARE(q->toString(), canonical);
        QCOMPARE(q->format(), format);
        // The canonical form parses back to the same amount.
        const std::optional<Quantity> again = Quantity::parse(canonical);
        QVERIFY(again.has_value());
        QVERIFY(*again == *q);
    }

    void testParseErrors_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("error");
        const QString format = QStringLiteral(
            "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
        const QString suffix = QStringLiteral("unable to parse quantity's suffix");
        QTest::newRow("empty") << "" << format;
        QTest::newRow("words") << "Non-Numeric" << format;
        QTest::newRow("1x") << "1x" << format;
        QTest::newRow("1.1.M") << "1.1.M" << format;
        QTest::newRow("1+1.0M") << "1+1.0M" << format;
        QTest::newRow("1Kb") << "1Kb" << format;
        QTest::newRow("leading space") << " 1" << format;
        QTest::newRow("trailing space") << "1 " << format;
        QTest::newRow("1K") << "1K" << suffix;
        QTest::newRow("1i") << "1i" << suffix;
        QTest::newRow("1mi") << "1mi" << suffix;
        QTest::newRow("1e") << "1e" << suffix;
        QTest::newRow("1e-") << "1e-" << suffix;
        QTest::newRow(".e-10") << ".e-10" << QStringLiteral("unable to parse numeric part of quantity");
    }

    void testParseErrors()
    {
        QFETCH(QString, input);
        QFETCH(QString, error);
        QString got;
        QVERIFY(!Quantity::parse(input, &got).has_value());
        QCOMPARE(got, error);
        qint64 milli = 42;
        QString got2;
        QVERIFY(!rlab::api::parseQuantity(input, &milli, &got2));
        QCOMPARE(got2, error);
    }

    void testFromMilli_data()
    {
        QTest::addColumn<qint64>("milli");
        QTest::addColumn<Quantity::Format>("format");
        QTest::addColumn<QString>("expect");
        QTest::newRow("1m") << qint64(1) << Quantity::Format::DecimalSI << "1m";
        QTest::newRow("1000m") << qint64(1000) << Quantity::Format::DecimalSI << "1";
        QTest::newRow("1234000m") << qint64(1234000) << Quantity::Format::DecimalSI << "1234";
        QTest::newRow("1024m binary") << qint64(1024) << Quantity::Format::BinarySI << "1024m";
        QTest::newRow("exponent") << qint64(1000000) << Quantity::Format::DecimalExponent << "1e3";
        QTest::newRow("1048576m binary") << qint64(1024 * 1024) << Quantity::Format::BinarySI << "1048576m";
    }

    void testFromMilli()
    {
        QFETCH(qint64, milli);
        QFETCH(Quantity::Format, format);
        QFETCH(QString, expect);
        QCOMPARE(Quantity::fromMilli(milli, format).toString(), expect);
    }

    void testFromValue_data()
    {
        QTest::addColumn<qint64>("value");
        QTest::addColumn<Quantity::Format>("format");
        QTest::addColumn<QString>("expect");
        QTest::newRow("1") << qint64(1) << Quantity::Format::DecimalSI << "1";
        QTest::newRow("1k") << qint64(1000) << Quantity::Format::DecimalSI << "1k";
        QTest::newRow("1234k") << qint64(1234000) << Quantity::Format::DecimalSI << "1234k";
        QTest::newRow("1Ki") << qint64(1024) << Quantity::Format::BinarySI << "1Ki";
        QTest::newRow("1e6") << qint64(1000000) << Quantity::Format::DecimalExponent << "1e6";
        QTest::newRow("1Mi") << qint64(1024 * 1024) << Quantity::Format::BinarySI << "1Mi";
        QTest::newRow("1025 binary") << qint64(1025) << Quantity::Format::BinarySI << "1025";
        QTest::newRow("5 binary") << qint64(5) << Quantity::Format::BinarySI << "5";
        QTest::newRow("1001Gi") << qint64(1001) * 1024 * 1024 * 1024 << Quantity::Format::BinarySI << "1001Gi";
        QTest::newRow("-300Mi") << -qint64(300) * 1024 * 1024 << Quantity::Format::BinarySI << "-300Mi";
    }

    void testFromValue()
    {
        QFETCH(qint64, value);
        QFETCH(Quantity::Format, format);
        QFETCH(QString, expect);
        QCOMPARE(Quantity::fromValue(value, format).toString(), expect);
    }

    void testShortcuts()
    {
        qint64 milli = 0;
        QVERIFY(rlab::api::parseQuantity(QStringLiteral("250m"), &milli));
        QCOMPARE(milli, qint64(250));
        QVERIFY(rlab::api::parseQuantity(QStringLiteral("64Mi"), &milli));
        QCOMPARE(milli, qint64(64) * 1024 * 1024 * 1000);
        QCOMPARE(rlab::api::formatCpuMilli(500), QStringLiteral("500m"));
        QCOMPARE(rlab::api::formatCpuMilli(2000), QStringLiteral("2"));
        QCOMPARE(rlab::api::formatCpuMilli(1500), QStringLiteral("1500m"));
        QCOMPARE(rlab::api::formatCpuMilli(0), QStringLiteral("0"));
        QCOMPARE(rlab::api::formatMemoryBytes(134217728), QStringLiteral("128Mi"));
        QCOMPARE(rlab::api::formatMemoryBytes(1536), QStringLiteral("1536"));
        QCOMPARE(rlab::api::formatMemoryBytes(1000), QStringLiteral("1k"));
    }
};

QTEST_GUILESS_MAIN(TestQuantity)
#include "tst_quantity.moc"
