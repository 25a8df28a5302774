#pragma once
#include <QFont>
#include <QList>

class QWidget;

namespace rlab::ui {

// Warms the font engines and glyph caches a window will draw with, once, before anything runs:
// every font of `root`'s widgets (and its bold face) and the `extra` ones (the canvas's, the
// theme's), each made and drawn once with the printable ASCII and the few symbols the panels
// use. Issue #17: a panel first painted while a scenario played (a dock tab raised, a queue's
// first chip) made its font engine (fontconfig) and rasterised its glyphs inside a frame, one
// of the last GUI blocks over 17 ms. E.g. 40 distinct fonts: ~20-40 ms at window start.
// GUI thread only (QFont's engines and caches are per thread).
struct GlyphWarmer
{
    // The distinct fonts (by QFont::key()) of `root` and its descendants, bold faces added, and
    // `extra`; what warm() draws.
    static QList<QFont> fontsOf(const QWidget *root, const QList<QFont> &extra = {});
    // Draws the sample text in each font into an image of the screen's format; returns how
    // many fonts it drew.
    static int warm(const QList<QFont> &fonts);
    static QString sampleText();
};

} // namespace rlab::ui
