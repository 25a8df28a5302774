// SPDX-License-Identifier: Apache-2.0
// NameGenerator::uid: the version-4 layout written in place gives exactly the string of the
// former QString::arg formatting for the same random draws (uids are in every dump and trace,
// so they must not change), for several seeds and many draws.
#include "core/apiserver/namegenerator.h"

#include <QRegularExpression>
#include <QTest>

#include <random>

using namespace rlab::apiserver;

namespace {
// The former formatting, kept here as the reference.
QString referenceUid(std::mt19937_64 &rng)
{
    const quint64 a = rng();
    const quint64 b = rng();
    auto hex = [](quint64 v, int digits) { return QString::number(v, 16).rightJustified(digits, QLatin1Char('0')).right(digits); };
    return QStringLiteral("%1-%2-4%3-%4%5-%6")
        .arg(hex(a >> 32, 8), hex((a >> 16) & 0xffff, 4), hex(a & 0xfff, 3))
        .arg(QLatin1Char("89ab"[b >> 62]))
        .arg(hex((b >> 48) & 0xfff, 3), hex(b & 0xffffffffffffULL, 12));
}
} // namespace

class TestNameGenerator : public QObject
{
    Q_OBJECT

private slots:
    void uidMatchesReference_data();
    void uidMatchesReference();
};

void TestNameGenerator::uidMatchesReference_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::newRow("seed 1") << quint64(1);
    QTest::newRow("seed 42") << quint64(42);
    QTest::newRow("seed 0") << quint64(0);
    QTest::newRow("seed max") << ~quint64(0);
}

void TestNameGenerator::uidMatchesReference()
{
    QFETCH(quint64, seed);
    NameGenerator gen(seed);
    std::mt19937_64 rng(seed);
    static const QRegularExpression layout(QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"));
    for (int i = 0; i < 2000; ++i) {
        const QString uid = gen.uid();
        QCOMPARE(uid, referenceUid(rng));
        QVERIFY2(layout.match(uid).hasMatch(), qPrintable(uid));
    }
}

QTEST_GUILESS_MAIN(TestNameGenerator)
#include "tst_namegenerator.moc"
