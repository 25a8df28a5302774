#include "ui/launcher.h"

#include "core/sim/scenario.h"
#include "core/sim/scenariorunner.h"
#include "core/sim/simulation.h"
#include "ui/scenarioplayer.h"
#include "ui/clustersession.h"
#include "ui/i18n/language.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/presenter/presentermode.h"
#include "ui/launchoptions.h"
#include "ui/live/livemenu.h"
#include "ui/mainwindow.h"
#include "ui/record/labautosave.h"
#include "ui/scene/clustercanvas.h"
#include "ui/theme.h"

#include <QScreen>
#include <QApplication>
#include <QFile>
#include <QRegularExpression>
#include <QPixmap>
#include <QTextStream>

#include <cmath>
#include <vector>
#include <cstdio>

namespace rlab::ui {

namespace {

bool isScenarioFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    static const QRegularExpression kind(QStringLiteral("^kind:\\s*Scenario\\s*$"), QRegularExpression::MultilineOption);
    return kind.match(QString::fromUtf8(file.read(64 * 1024))).hasMatch();
}

// Builds the first scenario's cluster (its nodes, seed, kubelet delays), opens the saved labs,
// applies the manifests, then runs each scenario's objects and steps on the window's cluster
// (on the deterministic runner, one step after the other, as `rlab run` would). Errors go to
// stderr with file:line; false if anything failed.
bool openFiles(MainWindow &window, const QStringList &files)
{
    QStringList manifests, scenarioPaths, labs;
    for (const QString &f : files)
        (f.endsWith(QLatin1String(".rlab")) ? labs : isScenarioFile(f) ? scenarioPaths : manifests) << f;
    bool ok = true;
    std::vector<Scenario> scenarios;
    for (const QString &path : scenarioPaths) {
        QStringList errors;
        if (std::optional<Scenario> scenario = Scenario::load(path, &errors))
            scenarios.push_back(std::move(*scenario));
        else
            ok = false;
        for (const QString &e : errors)
            QTextStream(stderr) << e << "\n";
    }
    if (!scenarios.empty()) {
        window.session().setMode(ClusterSession::Mode::Deterministic);
        // The (first) scenario's own cluster, as `rlab run` builds it: its nodes, seed, kubelet
        // delays and latency preset (instant unless the file names one: its waits and expects
        // were written for it). A saved lab given beside it replaces this cluster in turn.
        window.session().restore(ScenarioRunner::configFor(scenarios.front()));
    }
    for (const QString &path : labs) {   // a saved lab replaces the cluster: it comes first
        QString error;
        if (!window.openLab(path, &error)) {
            QTextStream(stderr) << error << "\n";
            ok = false;
        }
    }
    if (!manifests.isEmpty()) {
        // The window shows the refusal in the editor; the command line says it too.
        const ApplyReport report = window.applyFiles(manifests);
        for (const ApplyProblem &p : report.problems)
            QTextStream(stderr) << p.toString() << "\n";
        ok = ok && report.ok();
    }
    for (const Scenario &scenario : scenarios) {
        // In slices between frames, with progress and Cancel (ScenarioPlayer).
        QStringList errors;
        ok = ScenarioPlayer::play(scenario, window.session(), &window, &errors) && ok;
        for (const QString &e : errors)
            QTextStream(stderr) << e << "\n";
    }
    return ok;
}

// --presenter, --lesson and --dock, shared by the window and the screenshot.
bool prepareWindow(MainWindow &window, const LaunchOptions &options)
{
    bool ok = true;
    if (options.isLive() || !options.replay.isEmpty()) {   // live mode: a real or recorded cluster
        QString error;
        LiveMenu *live = window.panel<LiveMenu>(QStringLiteral("live"));
        const bool opened = options.replay.isEmpty()
                                ? live->connectCluster(options.kubeconfigs, options.context, options.namespace_, &error)
                                : live->openRecording(options.replay, &error);
        if (!opened) {
            QTextStream(stderr) << "error: " << error << "\n";
            ok = false;
        }
    }
    if (!options.lesson.isEmpty()) {
        QStringList errors;
        ok = window.panel<LessonPanel>(QStringLiteral("lesson"))->openLesson(options.lesson, &errors);
        for (const QString &e : errors)
            QTextStream(stderr) << e << "\n";
        window.raiseDock(QStringLiteral("lesson"));
    }
    for (const QString &name : options.docks)
        window.raiseDock(name);
    if (options.presenter)
        window.panel<PresenterMode>(QStringLiteral("presenter"))->setEnabled(true);
    return ok;
}

int takeScreenshot(const LaunchOptions &options, const view::ApiEndpointFactory &serveEndpoints)
{
    MainWindow::Options wo;
    wo.serveEndpoints = serveEndpoints;
    wo.persistLayout = false;
    wo.startFrames = false;
    MainWindow window(wo);
    window.session().setLatency(options.latency);
    window.resize(options.size);
    window.show();
    window.restoreDefaultLayout();
    QApplication::processEvents();
    int status = 0;
    if (!openFiles(window, options.files))
        status = 1;
    if (!prepareWindow(window, options))
        status = 1;
    window.session().advance(qint64(std::llround(options.afterSeconds * 1000.0)));
    window.refreshNow();
    QApplication::processEvents();   // the layouts the last writes asked for
    if (auto *canvas = window.panel<ClusterCanvas>(QStringLiteral("canvas")))
        canvas->finishMotion();
    QApplication::processEvents();
    const QPixmap shot = window.grab();
    if (!shot.save(options.screenshot)) {
        QTextStream(stderr) << "reconcile-lab: cannot write " << options.screenshot << "\n";
        return 1;
    }
    return status;
}

} // namespace

int runReconcileLab(QApplication &app, view::ApiEndpointFactory serveEndpoints)
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
        return takeScreenshot(options, serveEndpoints);

    MainWindow::Options wo;
    wo.serveEndpoints = std::move(serveEndpoints);
    wo.autosaveDir = LabAutosave::defaultDir();
    MainWindow window(wo);
    window.session().setLatency(options.latency);
    if (window.opensMaximized()) {
        // The size too: without a window manager (a bare X server, some kiosks) the maximize
        // hint alone does nothing.
        window.setGeometry(window.screen()->availableGeometry());
        window.showMaximized();
    }
    else
        window.show();
    // A crash last time: offer its autosave first (then autosaving starts); files given on
    // the command line still apply on top.
    window.offerCrashRestore();
    openFiles(window, options.files);
    prepareWindow(window, options);
    return app.exec();
}

} // namespace rlab::ui
