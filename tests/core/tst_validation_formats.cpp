// SPDX-License-Identifier: Apache-2.0
// The format checks under validation: names (RFC 1123 subdomain and label, qualified names,
// label values, port names) with kube-apiserver's messages, and canonical quantities.
#include "core/api/namevalidation.h"
#include "core/api/validation.h"
#include "core/api/validationdetail.h"
#include "tests/core/validationtesthelpers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace rlab::api;
using namespace rlab::test::validation;
class TestValidationFormats : public QObject
{
    Q_OBJECT

private slots:
    void nameFormats_data();
    void nameFormats();
    void canonicalQuantity_data();
    void canonicalQuantity();
};
void TestValidationFormats::nameFormats_data()
{
    QTest::addColumn<QString>("function");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("subdomain ok") << "subdomain" << "web.example-1" << QStringList{};
    QTest::newRow("subdomain upper") << "subdomain" << "Web" << QStringList{kSubdomainMsg};
    QTest::newRow("subdomain too long") << "subdomain" << QString(254, QLatin1Char('a'))
                                        << QStringList{QStringLiteral("must be no more than 253 characters")};
    QTest::newRow("label dots") << "label" << "a.b" << QStringList{QStringLiteral("must not contain dots")};
    QTest::newRow("label underscore") << "label" << "a_b" << QStringList{kLabelMsg};
    QTest::newRow("label too long") << "label" << QString(64, QLatin1Char('a'))
                                    << QStringList{QStringLiteral("must be no more than 63 characters")};
    QTest::newRow("qualified ok") << "qualified" << "app.kubernetes.io/name" << QStringList{};
    QTest::newRow("qualified empty") << "qualified" << ""
                                     << QStringList{QStringLiteral("name part must be non-empty"),
                                                    QStringLiteral("name part ") + kQualifiedNameMsg};
    QTest::newRow("qualified empty prefix") << "qualified" << "/a" << QStringList{QStringLiteral("prefix part must be non-empty")};
    QTest::newRow("qualified bad prefix") << "qualified" << "Example.com/a"
                                          << QStringList{QStringLiteral("prefix part ") + kSubdomainMsg};
    QTest::newRow("qualified two slashes")
        << "qualified" << "a/b/c"
        << QStringList{QStringLiteral("a valid label key ") + kQualifiedNameMsg
                       + QStringLiteral(" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")};
    QTest::newRow("label value ok empty") << "labelValue" << "" << QStringList{};
    QTest::newRow("label value dash") << "labelValue" << "-x" << QStringList{kLabelValueMsg};
    QTest::newRow("percent") << "percent" << "25" << QStringList{kPercentMsg};
    QTest::newRow("generateName trailing dash ok") << "generateName" << "web-" << QStringList{};
    QTest::newRow("generateName upper") << "generateName" << "Web-" << QStringList{kSubdomainMsg};
    QTest::newRow("path segment slash") << "pathSegment" << "a/b" << QStringList{QStringLiteral("may not contain '/'")};
    QTest::newRow("path segment dot") << "pathSegment" << ".." << QStringList{QStringLiteral("may not be '..'")};
    QTest::newRow("path segment one dot") << "pathSegment" << "." << QStringList{QStringLiteral("may not be '.'")};
    QTest::newRow("path segment percent") << "pathSegment" << "50%" << QStringList{QStringLiteral("may not contain '%'")};
    QTest::newRow("path segment both, in upstream's order")
        << "pathSegment" << "%a/b" << QStringList{QStringLiteral("may not contain '/'"), QStringLiteral("may not contain '%'")};
    QTest::newRow("path segment ok") << "pathSegment" << "web-7c5b4f.18867251edfa001c" << QStringList{};
    QTest::newRow("path segment long, slash late")
        << "pathSegment" << "web-7c5b4f-x2x9z.18867251edfa001c/x" << QStringList{QStringLiteral("may not contain '/'")};
    QTest::newRow("path segment long, percent in the second eight")
        << "pathSegment" << "web-7c5b4%f-x2x9z" << QStringList{QStringLiteral("may not contain '%'")};
    QTest::newRow("path segment prefix dots ok") << "pathSegmentPrefix" << ".." << QStringList{};
    QTest::newRow("path segment prefix slash") << "pathSegmentPrefix" << "a/" << QStringList{QStringLiteral("may not contain '/'")};
    QTest::newRow("port name") << "portName" << "http--2"
                               << QStringList{QStringLiteral("must not contain consecutive hyphens")};
}

void TestValidationFormats::nameFormats()
{
    QFETCH(QString, function);
    QFETCH(QString, value);
    QFETCH(QStringList, expected);
    QStringList actual;
    if (function == QLatin1String("subdomain"))
        actual = isDNS1123Subdomain(value);
    else if (function == QLatin1String("label"))
        actual = isDNS1123Label(value);
    else if (function == QLatin1String("qualified"))
        actual = isQualifiedName(value);
    else if (function == QLatin1String("labelValue"))
        actual = isValidLabelValue(value);
    else if (function == QLatin1String("percent"))
        actual = isValidPercent(value);
    else if (function == QLatin1String("generateName"))
        actual = nameIsDNSSubdomain(value, true);
    else if (function == QLatin1String("pathSegment"))
        actual = validatePathSegmentName(value, false);
    else if (function == QLatin1String("pathSegmentPrefix"))
        actual = validatePathSegmentName(value, true);
    else
        actual = isValidPortName(value);
    QCOMPARE(actual, expected);
}

void TestValidationFormats::canonicalQuantity_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("1000m") << "1000m" << "1";
    QTest::newRow("0.5") << "0.5" << "500m";
    QTest::newRow("1500m") << "1500m" << "1500m";
    QTest::newRow("2000") << "2000" << "2k";
    QTest::newRow("1024Mi") << "1024Mi" << "1Gi";
    QTest::newRow("1536Mi") << "1536Mi" << "1536Mi";
    QTest::newRow("0.5Ki") << "0.5Ki" << "512";
    QTest::newRow("zero") << "0Mi" << "0";
    QTest::newRow("exponent") << "1e3" << "1e3";
    QTest::newRow("unparsable") << "lots" << "lots";
}

void TestValidationFormats::canonicalQuantity()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    QCOMPARE(validation::canonicalQuantity(input), expected);
}
QTEST_GUILESS_MAIN(TestValidationFormats)
#include "tst_validation_formats.moc"
