// SPDX-License-Identifier: Apache-2.0
// joined(): the pieces (literals, QStrings, QStringViews) as one string, the same characters
// QString's own concatenation gives, empty pieces anywhere, and a non-null empty string when
// every piece is empty (as appending into a reserved string gave).
#include "core/base/joined.h"

#include <QTest>

using namespace rlab;

class TestJoined : public QObject
{
    Q_OBJECT

private slots:
    void asConcatenation_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("both") << QStringLiteral("default") << QStringLiteral("web-1");
        QTest::newRow("first empty") << QString() << QStringLiteral("web-1");
        QTest::newRow("second empty") << QStringLiteral("default") << QString();
        QTest::newRow("both empty") << QString() << QString();
        QTest::newRow("beyond Latin-1") << QStringLiteral("한국") << QStringLiteral("テスト → ok");
        QTest::newRow("long") << QString(300, QLatin1Char('x')) << QString(70, QLatin1Char('y'));
    }
    void asConcatenation()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        const QString got = joined(u"worker ", a, u" got ", QStringView(b), u"");
        QCOMPARE(got, QStringLiteral("worker ") + a + QStringLiteral(" got ") + b);
        QCOMPARE(got.size(), 12 + a.size() + b.size());
        QCOMPARE(got.constData()[got.size()].unicode(), u'\0');   // terminated, like any QString
    }

    void allEmptyIsEmptyNotNull()
    {
        const QString got = joined(QString(), u"", QStringView());
        QVERIFY(got.isEmpty());
        QVERIFY(!got.isNull());
    }
};

QTEST_APPLESS_MAIN(TestJoined)
#include "tst_joined.moc"
