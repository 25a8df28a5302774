#pragma once
#include <QString>

class QGraphicsScene;

namespace rlab::ui {

// "Export the canvas": the whole cluster picture (every card, lane and pod, not just what the
// view shows) written as SVG when `path` ends in .svg (vector, for slides), else as a PNG at
// `scale` × scene size on a white background (2 = crisp on a projector). False (with
// `error`) when nothing could be written. GUI thread only.
bool exportCanvas(QGraphicsScene &scene, const QString &path, QString *error = nullptr, double scale = 2.0);

} // namespace rlab::ui
