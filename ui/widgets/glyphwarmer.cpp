#include "ui/widgets/glyphwarmer.h"

#include <QImage>
#include <QPainter>
#include <QSet>
#include <QWidget>

namespace rlab::ui {

QString GlyphWarmer::sampleText()
{
    QString text;
    for (char16_t c = 0x20; c < 0x7f; ++c)
        text += QChar(c);
    // The symbols panels and the canvas draw: · → − … × ✓ ✗ ▲ ▼ ● µ ≤ ≥
    text += QStringLiteral(" \u00b7\u2192\u2212\u2026\u00d7\u2713\u2717\u25b2\u25bc\u25cf\u00b5\u2264\u2265");
    return text;
}

QList<QFont> GlyphWarmer::fontsOf(const QWidget *root, const QList<QFont> &extra)
{
    QList<QFont> fonts;
    QSet<QString> seen;
    const auto add = [&](const QFont &font) {
        for (const bool bold : {font.bold(), true}) {
            QFont f = font;
            f.setBold(bold);
            if (!seen.contains(f.key())) {
                seen.insert(f.key());
                fonts.append(f);
            }
        }
    };
    if (root) {
        add(root->font());
        for (const QWidget *w : root->findChildren<QWidget *>()) {
            w->ensurePolished();   // a style sheet's font is the widget's from its polish on
            add(w->font());
        }
    }
    for (const QFont &f : extra)
        add(f);
    return fonts;
}

int GlyphWarmer::warm(const QList<QFont> &fonts)
{
    const QString text = sampleText();
    QImage image(1024, 96, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::TextAntialiasing);
    for (const QFont &f : fonts) {
        painter.setFont(f);
        painter.drawText(QPointF(0, 64), text);
    }
    return int(fonts.size());
}

} // namespace rlab::ui
