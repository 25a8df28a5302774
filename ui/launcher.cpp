#include "ui/launcher.h"

#include "ui/clustersession.h"
#include "ui/launchoptions.h"
#include "ui/mainwindow.h"
#include "ui/theme.h"

#include <QApplication>
#include <QPixmap>
#include <QTextStream>

#include <cmath>
#include <cstdio>

namespace rlab::ui {

namespace {

int takeScreenshot(const LaunchOptions &options)
{
    MainWindow::Options wo;
    wo.persistLayout = false;
    wo.startFrames = false;
    MainWindow window(wo);
    window.resize(options.size);
    window.show();
    window.restoreDefaultLayout();
    QApplication::processEvents();
    int status = 0;
    if (!options.files.isEmpty() && !window.applyFiles(options.files).ok())
        status = 1;
    window.session().advance(qint64(std::llround(options.afterSeconds * 1000.0)));
    window.refreshNow();
    QApplication::processEvents();
    const QPixmap shot = window.grab();
    if (!shot.save(options.screenshot)) {
        QTextStream(stderr) << "reconcile-lab: cannot write " << options.screenshot << "\n";
        return 1;
    }
    return status;
}

} // namespace

int runReconcileLab(QApplication &app)
{
    QApplication::setApplicationName(QStringLiteral("reconcile-lab"));
    QApplication::setOrganizationName(QStringLiteral("Reconcile Lab"));
    QApplication::setApplicationDisplayName(QStringLiteral("Reconcile Lab"));
    theme::applyTo(app);

    const LaunchOptions options = LaunchOptions::parse(QApplication::arguments());
    if (options.help) {
        QTextStream(stdout) << LaunchOptions::usage();
        return 0;
    }
    if (!options.error.isEmpty()) {
        QTextStream(stderr) << "reconcile-lab: " << options.error << "\n" << LaunchOptions::usage();
        return 2;
    }
    if (!options.screenshot.isEmpty())
        return takeScreenshot(options);

    MainWindow window;
    window.show();
    if (!options.files.isEmpty())
        window.applyFiles(options.files);
    return app.exec();
}

} // namespace rlab::ui
