#include "ui/launcher.h"

#include "ui/clustersession.h"
#include "ui/i18n/language.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/presenter/presentermode.h"
#include "ui/launchoptions.h"
#include "ui/mainwindow.h"
#include "ui/theme.h"

#include <QApplication>
#include <QDockWidget>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>
#include <QPixmap>
#include <QTextStream>

#include <cmath>
#include <cstdio>

namespace rlab::ui {

namespace {

// --presenter, --lesson and --dock, shared by the window and the screenshot.
bool prepareWindow(MainWindow &window, const LaunchOptions &options)
{
    bool ok = true;
    if (!options.lesson.isEmpty()) {
        QStringList errors;
        ok = window.lessonPanel()->openLesson(options.lesson, &errors);
        for (const QString &e : errors)
            QTextStream(stderr) << e << "\n";
        window.raiseDock(QStringLiteral("lesson"));
    }
    for (const QString &name : options.docks)
        window.raiseDock(name);
    if (options.presenter)
        window.presenterMode()->setEnabled(true);
    return ok;
}

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
    if (!prepareWindow(window, options))
        status = 1;
    window.session().advance(qint64(std::llround(options.afterSeconds * 1000.0)));
    window.refreshNow();
    QApplication::processEvents();
    if (qEnvironmentVariableIsSet("RLAB_DEBUG_LAYOUT")) {
        for (QWidget *w : window.findChildren<QDockWidget *>())
            QTextStream(stderr) << w->objectName() << " min " << w->minimumSizeHint().width() << "x"
                                << w->minimumSizeHint().height() << " size " << w->width() << "x" << w->height() << "\n";
        for (QWidget *w : window.findChildren<QToolBar *>())
            QTextStream(stderr) << "toolbar " << w->objectName() << " " << w->height() << " min " << w->minimumSizeHint().height() << "\n";
        QTextStream(stderr) << "central min " << window.centralWidget()->minimumSizeHint().height() << " menu "
                            << window.menuBar()->height() << " status " << window.statusBar()->height() << "\n";
        QTextStream(stderr) << "window " << window.width() << "x" << window.height() << "\n";
    }
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
    if (options.language.isEmpty())
        Language::applyPreferred();
    else
        Language::setLanguage(options.language);
    if (!options.screenshot.isEmpty())
        return takeScreenshot(options);

    MainWindow window;
    window.show();
    if (!options.files.isEmpty())
        window.applyFiles(options.files);
    prepareWindow(window, options);
    return app.exec();
}

} // namespace rlab::ui
