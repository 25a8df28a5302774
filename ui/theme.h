#pragma once
#include <QColor>
#include <QFont>

class QApplication;

namespace rlab::ui::theme {

// The look of the lab, chosen to stay readable on a classroom projector: an 11 pt base font,
// a monospace font for manifests and keys, and a small fixed palette. GUI thread only.

inline constexpr int kBasePointSize = 11;

// Fusion style, the light palette below and the base font, applied to the whole application.
void applyTo(QApplication &app);

QFont monospaceFont();
// `pointSize` scaled from the base font: headline(2.0) is twice the base size, bold.
QFont headlineFont(double scale);

// Accents, also used by models (BackgroundRole / ForegroundRole).
QColor accent();          // selection, the revision counter
QColor recentWrite();     // background of a key or row written less than a second ago
QColor deleted();         // DELETE events, errors
QColor created();         // PUT that created a key
QColor muted();           // secondary text ("not simulated", namespaces)
QColor errorBackground(); // the offending line in the manifest editor
QColor groupBackground(); // the kind rows of the object tree

} // namespace rlab::ui::theme
