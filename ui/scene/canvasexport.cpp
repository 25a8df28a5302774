#include "ui/scene/canvasexport.h"

#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

namespace rlab::ui {

bool exportCanvas(QGraphicsScene &scene, const QString &path, QString *error, double scale)
{
    const QRectF source = scene.itemsBoundingRect().adjusted(-16, -16, 16, 16);
    if (source.isEmpty()) {
        if (error)
            *error = QObject::tr("the canvas is empty");
        return false;
    }
    if (QFileInfo(path).suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(source.size().toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), source.size()));
        svg.setTitle(QStringLiteral("Reconcile Lab cluster"));
        QPainter painter;
        if (!painter.begin(&svg)) {
            if (error)
                *error = QObject::tr("cannot write %1").arg(path);
            return false;
        }
        painter.fillRect(QRectF(QPointF(0, 0), source.size()), Qt::white);
        scene.render(&painter, QRectF(QPointF(0, 0), source.size()), source);
        painter.end();
        return QFileInfo(path).size() > 0;
    }
    QImage image((source.size() * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
        scene.render(&painter, QRectF(QPointF(0, 0), image.size()), source);
    }
    if (!image.save(path)) {
        if (error)
            *error = QObject::tr("cannot write %1").arg(path);
        return false;
    }
    return true;
}

} // namespace rlab::ui
