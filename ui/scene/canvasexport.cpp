#include "ui/scene/canvasexport.h"

#include "ui/scene/canvasscene.h"

#include <QFileInfo>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include <utility>
#include <vector>

namespace rlab::ui {

namespace {
// Items painted from a device-resolution cache on screen (the node lanes) are painted as
// themselves while exporting: vectors in an SVG, the export's own resolution in a PNG.
class CachesOff
{
public:
    explicit CachesOff(QGraphicsScene &scene)
    {
        for (QGraphicsItem *item : scene.items())
            if (item->cacheMode() != QGraphicsItem::NoCache) {
                m_cached.emplace_back(item, item->cacheMode());
                item->setCacheMode(QGraphicsItem::NoCache);
            }
    }
    ~CachesOff()
    {
        for (const auto &[item, mode] : m_cached)
            item->setCacheMode(mode);
    }
    CachesOff(const CachesOff &) = delete;
    CachesOff &operator=(const CachesOff &) = delete;

private:
    std::vector<std::pair<QGraphicsItem *, QGraphicsItem::CacheMode>> m_cached;
};

// An export is drawn at its own resolution: each pod as its chip (rounded, labelled), not as
// the far zoom's plain rectangles (PodFieldItem).
class FarZoomOff
{
public:
    explicit FarZoomOff(QGraphicsScene &scene)
        : m_scene(qobject_cast<CanvasScene *>(&scene)), m_far(m_scene && m_scene->isFarZoom())
    {
        if (m_far)
            m_scene->setFarZoom(false);
    }
    ~FarZoomOff()
    {
        if (m_far)
            m_scene->setFarZoom(true);
    }
    FarZoomOff(const FarZoomOff &) = delete;
    FarZoomOff &operator=(const FarZoomOff &) = delete;

private:
    CanvasScene *m_scene;
    bool m_far;
};
} // namespace

bool exportCanvas(QGraphicsScene &scene, const QString &path, QString *error, double scale)
{
    const QRectF source = scene.itemsBoundingRect().adjusted(-16, -16, 16, 16);
    if (source.isEmpty()) {
        if (error)
            *error = QObject::tr("the canvas is empty");
        return false;
    }
    const CachesOff cachesOff(scene);
    const FarZoomOff farZoomOff(scene);
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
