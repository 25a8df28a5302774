// GlyphWarmer (issue #17): the fonts a window draws with are found (its widgets', bold faces,
// the extra ones), each once, and drawn before anything plays.
#include "ui/widgets/glyphwarmer.h"

#include <QLabel>

#include <algorithm>
#include <QTest>
#include <QVBoxLayout>

using namespace rlab::ui;

class TestGlyphWarmer : public QObject
{
    Q_OBJECT

private slots:
    void findsEveryDistinctFontOnce()
    {
        QWidget root;
        auto *layout = new QVBoxLayout(&root);
        auto *plain = new QLabel(QStringLiteral("plain"), &root);
        auto *big = new QLabel(QStringLiteral("big"), &root);
        QFont bigFont = root.font();
        bigFont.setPointSizeF(root.font().pointSizeF() * 2);
        big->setFont(bigFont);
        auto *styled = new QLabel(QStringLiteral("styled"), &root);
        styled->setStyleSheet(QStringLiteral("QLabel { font-size: 31px; }"));   // known after polish
        auto *twin = new QLabel(QStringLiteral("twin"), &root);   // the same font as plain
        layout->addWidget(plain);
        layout->addWidget(big);
        layout->addWidget(styled);
        layout->addWidget(twin);
        QFont mono(QStringLiteral("monospace"));
        mono.setPointSize(13);
        const QList<QFont> fonts = GlyphWarmer::fontsOf(&root, {mono, mono});
        QStringList keys;
        for (const QFont &f : fonts)
            keys << f.key();
        keys.removeDuplicates();
        QCOMPARE(keys.size(), fonts.size());   // each once
        // root/plain/twin, big, styled, mono: each regular and bold.
        QCOMPARE(fonts.size(), 8);
        const auto has = [&fonts](auto pred) { return std::any_of(fonts.begin(), fonts.end(), pred); };
        QVERIFY(has([](const QFont &f) { return f.pixelSize() == 31; }));
        QVERIFY(has([&](const QFont &f) { return f.pointSizeF() == bigFont.pointSizeF() && f.bold(); }));
        QVERIFY(has([](const QFont &f) { return f.pointSize() == 13 && !f.bold(); }));
        QCOMPARE(GlyphWarmer::warm(fonts), int(fonts.size()));
    }

    void sampleHasTheSymbolsThePanelsDraw()
    {
        const QString text = GlyphWarmer::sampleText();
        for (const QString &s : {QStringLiteral("A"), QStringLiteral("z"), QStringLiteral("9"), QStringLiteral("\u00b7"), QStringLiteral("\u2192"), QStringLiteral("\u2212")})
            QVERIFY2(text.contains(s), qPrintable(s));
    }
};

QTEST_MAIN(TestGlyphWarmer)
#include "tst_glyphwarmer.moc"
