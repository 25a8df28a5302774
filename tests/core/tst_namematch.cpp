// SPDX-License-Identifier: Apache-2.0
// namematch: the hand-written matchers answer exactly as a full match of apimachinery's
// patterns (the regexes namevalidation.cpp used before), and utf8Length counts as toUtf8().
#include "core/api/namematch.h"

#include <QRegularExpression>
#include <QTest>

using namespace rlab::api;

namespace {
const QString kLabel = QStringLiteral("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
const QString kSubdomain = kLabel + QStringLiteral("(\\.") + kLabel + QStringLiteral(")*");
const QString kKey = QStringLiteral("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
const QString kValue = QStringLiteral("(") + kKey + QStringLiteral(")?");

bool regexMatch(const QString &fmt, const QString &value)
{
    return QRegularExpression(QRegularExpression::anchoredPattern(fmt)).match(value).hasMatch();
}
} // namespace

class TestNameMatch : public QObject
{
    Q_OBJECT

private slots:
    void sameAsRegex_data();
    void sameAsRegex();
    void utf8Length_data();
    void utf8Length();
};

void TestNameMatch::sameAsRegex_data()
{
    QTest::addColumn<QString>("value");
    const QStringList values{
        QString(), QStringLiteral("a"), QStringLiteral("A"), QStringLiteral("0"), QStringLiteral("-"), QStringLiteral("."),
        QStringLiteral("_"), QStringLiteral("web"), QStringLiteral("web-1"), QStringLiteral("web-"), QStringLiteral("-web"),
        QStringLiteral("Web"), QStringLiteral("a.b"), QStringLiteral("a..b"), QStringLiteral(".a"), QStringLiteral("a."),
        QStringLiteral("a.-b"), QStringLiteral("a-.b"), QStringLiteral("example.com"), QStringLiteral("my_value"),
        QStringLiteral("_a"), QStringLiteral("a_"), QStringLiteral("a_b.C-d"), QStringLiteral("MyName"), QStringLiteral("123-abc"),
        QStringLiteral("pod-template-hash"), QStringLiteral("7c5b4f9d8"), QStringLiteral("a b"), QStringLiteral("a/b"),
        QStringLiteral("app.kubernetes.io/name"), QStringLiteral("é"), QStringLiteral("aé"), QStringLiteral("a\nb"),
        QStringLiteral("a\n"), QString(63, QLatin1Char('a')), QString(64, QLatin1Char('z')), QStringLiteral("web-7c5b4f.x-1"),
        QStringLiteral("a--b"), QStringLiteral("--"), QStringLiteral("a.b.c.d"), QStringLiteral("1.2.3.4"), QStringLiteral("ß"),
    };
    for (const QString &v : values)
        QTest::newRow(qPrintable(QLatin1Char('"') + v + QLatin1Char('"'))) << v;
}

void TestNameMatch::sameAsRegex()
{
    QFETCH(QString, value);
    QCOMPARE(namematch::dns1123Label(value), regexMatch(kLabel, value));
    QCOMPARE(namematch::dns1123Subdomain(value), regexMatch(kSubdomain, value));
    QCOMPARE(namematch::labelKeyName(value), regexMatch(kKey, value));
    QCOMPARE(namematch::labelValue(value), regexMatch(kValue, value));
}

void TestNameMatch::utf8Length_data()
{
    QTest::addColumn<QString>("value");
    QTest::newRow("empty") << QString();
    QTest::newRow("ascii") << QStringLiteral("web-1");
    QTest::newRow("two bytes") << QStringLiteral("é");
    QTest::newRow("three bytes") << QStringLiteral("名前");
    QTest::newRow("surrogate pair") << QStringLiteral("a😀b");
    QTest::newRow("lone high surrogate") << (QStringLiteral("a") + QChar(0xD83D) + QStringLiteral("b"));
    QTest::newRow("lone low surrogate at end") << (QStringLiteral("a") + QChar(0xDE00));
    QTest::newRow("high surrogate at end") << (QStringLiteral("a") + QChar(0xD83D));
}

void TestNameMatch::utf8Length()
{
    QFETCH(QString, value);
    QCOMPARE(namematch::utf8Length(value), value.toUtf8().size());
}

QTEST_GUILESS_MAIN(TestNameMatch)
#include "tst_namematch.moc"
