#include "ui/theme.h"

#include <QApplication>
#include <QFontDatabase>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace rlab::ui::theme {

void applyTo(QApplication &app)
{
    if (QStyle *fusion = QStyleFactory::create(QStringLiteral("Fusion")))
        app.setStyle(fusion);
    QPalette p = app.style()->standardPalette();
    p.setColor(QPalette::Window, QColor(0xf3, 0xf4, 0xf6));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xf7, 0xf8, 0xfa));
    p.setColor(QPalette::Text, QColor(0x1f, 0x29, 0x37));
    p.setColor(QPalette::WindowText, QColor(0x1f, 0x29, 0x37));
    p.setColor(QPalette::ButtonText, QColor(0x1f, 0x29, 0x37));
    p.setColor(QPalette::Highlight, accent());
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xe8));
    p.setColor(QPalette::ToolTipText, QColor(0x1f, 0x29, 0x37));
    p.setColor(QPalette::PlaceholderText, muted());
    app.setPalette(p);
    QFont f = app.font();
    if (f.pointSizeF() < kBasePointSize)
        f.setPointSizeF(kBasePointSize);
    app.setFont(f);
}

QFont monospaceFont()
{
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    f.setStyleHint(QFont::Monospace);
    f.setPointSizeF(qMax<qreal>(QApplication::font().pointSizeF(), kBasePointSize));
    return f;
}

QFont headlineFont(double scale)
{
    QFont f = QApplication::font();
    f.setPointSizeF(qMax<qreal>(f.pointSizeF(), kBasePointSize) * scale);
    f.setBold(true);
    return f;
}

QColor accent() { return QColor(0x25, 0x63, 0xeb); }
QColor recentWrite() { return QColor(0xfd, 0xe6, 0x8a); }
QColor deleted() { return QColor(0xb9, 0x1c, 0x1c); }
QColor created() { return QColor(0x15, 0x80, 0x3d); }
QColor muted() { return QColor(0x6b, 0x72, 0x80); }
QColor errorBackground() { return QColor(0xfe, 0xe2, 0xe2); }
QColor groupBackground() { return QColor(0xe5, 0xe7, 0xeb); }

} // namespace rlab::ui::theme
