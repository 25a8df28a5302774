// MainWindow's default arrangement, as tabs rather than splits (at 1280×720 a split column is
// unreadable): left, what one does (Manifest | Controls | Lesson); the canvas in the centre;
// right, the machinery (Workqueues | Arithmetic | etcd | Objects); bottom, what happened and
// the details (Controller activity | Trace | Events | Charts | Rollout history | Inspector |
// Serve the API).
// Split from mainwindow.cpp to keep both files small; same class, same thread rules.
#include "ui/mainwindow.h"

#include <QDockWidget>
#include <QScreen>

namespace rlab::ui {

namespace {
struct DockColumn
{
    Qt::DockWidgetArea area;
    QStringList tabs;   // the first is the one shown
};
} // namespace

QSize MainWindow::defaultSize() const
{
    const QScreen *s = screen();
    const QSize available = s ? s->availableSize() : QSize(1280, 720);
    return QSize(1600, 900).boundedTo(available * 0.92).expandedTo(QSize(960, 600));
}

bool MainWindow::opensMaximized() const
{
    const QScreen *s = screen();
    if (!s || m_geometryRestored)
        return false;
    const QSize available = s->availableSize();
    return available.width() < 1400 || available.height() < 800;
}

void MainWindow::restoreDefaultLayout()
{
    const QList<DockColumn> columns{
        {Qt::LeftDockWidgetArea, {QStringLiteral("editor"), QStringLiteral("controls"), QStringLiteral("lesson")}},
        // Four tabs on the right: at 1280×720 a fifth elides every title ("Workqu… Arith… e…").
        {Qt::RightDockWidgetArea,
         {QStringLiteral("workqueue"), QStringLiteral("arithmetic"), QStringLiteral("etcd"), QStringLiteral("objects")}},
        {Qt::BottomDockWidgetArea,
         {QStringLiteral("activity"), QStringLiteral("trace"), QStringLiteral("events"), QStringLiteral("charts"),
          QStringLiteral("history"), QStringLiteral("inspector"), QStringLiteral("serve")}},
    };
    for (QDockWidget *dock : m_panels.docks()) {
        dock->setFloating(false);
        dock->show();
    }
    for (const DockColumn &column : columns) {
        const QList<QDockWidget *> docks = m_panels.docks(column.tabs);
        addDockWidget(column.area, docks.first());
        for (QDockWidget *dock : docks.mid(1))
            tabifyDockWidget(docks.first(), dock);
    }
    for (const QString &shown : {QStringLiteral("workqueue"), QStringLiteral("activity"), QStringLiteral("editor")})
        m_panels.dock(shown)->raise();
    applyDefaultDockSizes();
}

void MainWindow::applyDefaultDockSizes()
{
    m_dockSizesPending = !isVisible();
    const QSize s = size();
    resizeDocks({m_panels.dock(QStringLiteral("editor")), m_panels.dock(QStringLiteral("etcd"))},
                {s.width() * 22 / 100, s.width() * 29 / 100}, Qt::Horizontal);
    resizeDocks({m_panels.dock(QStringLiteral("trace"))}, {s.height() * 26 / 100}, Qt::Vertical);
}

} // namespace rlab::ui
