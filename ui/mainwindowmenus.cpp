// MainWindow's actions, toolbars, menus and status bar: File (Open…, Export canvas…, Quit),
// Cluster (Apply, Reset), View (every dock from the registry, Restore default layout, presenter
// mode, Language — switched live), Time (the time toolbar's actions); the main toolbar with time travel and
// record/replay on its row, the time toolbar below. Split from mainwindow.cpp to keep both files
// small; same class, same thread rules (GUI thread only).
#include "ui/mainwindow.h"

#include "ui/clustersession.h"
#include "ui/i18n/language.h"
#include "ui/i18n/translationcatalog.h"
#include "ui/i18n/languagelayouts.h"
#include "ui/i18n/windowretranslator.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/live/livemenu.h"
#include "ui/presenter/presentermode.h"
#include "ui/record/recordcontrols.h"
#include "ui/scene/canvasexport.h"
#include "ui/scene/clustercanvas.h"
#include "ui/timetravel/timetravelbar.h"
#include "ui/widgets/timecontrols.h"
#include "ui/widgets/layoutbarrier.h"

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QLayout>
#include <QMenuBar>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>

namespace rlab::ui {

void MainWindow::createActions()
{
    QStyle *st = style();
    m_openAction = new QAction(st->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setToolTip(tr("Apply manifest files (YAML or JSON, one or more documents) — all or nothing"));
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openFiles);

    m_applyAction = new QAction(st->standardIcon(QStyle::SP_DialogApplyButton), tr("&Apply"), this);
    m_applyAction->setObjectName(QStringLiteral("applyAction"));
    m_applyAction->setToolTip(tr("kubectl apply the editor's manifest"));
    connect(m_applyAction, &QAction::triggered, this, &MainWindow::applyEditor);

    m_resetAction = new QAction(st->standardIcon(QStyle::SP_BrowserReload), tr("&Reset cluster"), this);
    m_resetAction->setToolTip(tr("Throw the cluster away and start a fresh one: empty store, three Ready nodes"));
    connect(m_resetAction, &QAction::triggered, this, &MainWindow::resetCluster);

    // First row: Open / Apply / Reset, then time travel and record/replay; second row: time.
    auto *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_openAction);
    bar->addAction(m_applyAction);
    bar->addSeparator();
    bar->addAction(m_resetAction);
    auto *travel = addToolBar(tr("Time travel"));
    travel->setObjectName(QStringLiteral("timeTravelToolBar"));
    travel->setMovable(false);
    travel->addWidget(panel<TimeTravelBar>(QStringLiteral("timeTravelBar")));
    travel->addSeparator();
    travel->addWidget(panel<RecordControls>(QStringLiteral("recordControls")));
    addToolBarBreak(Qt::TopToolBarArea);
    addToolBar(Qt::TopToolBarArea, panel<TimeControls>(QStringLiteral("timeControls")));
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openAction);
    auto *exportAction = file->addAction(tr("Export canvas…"));
    exportAction->setObjectName(QStringLiteral("exportCanvasAction"));
    connect(exportAction, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export canvas"), QStringLiteral("cluster.png"),
                                                          tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (path.isEmpty())
            return;
        QString error;
        const bool ok = exportCanvas(*panel<ClusterCanvas>(QStringLiteral("canvas"))->scene(), path, &error);
        showMessage(ok ? tr("Canvas saved to %1").arg(path) : tr("Export failed: %1").arg(error), 8000);
    });
    // Live mode: Connect to cluster…, Open recording…, Back to the lab, and the live banner.
    auto *live = new LiveMenu(*this, *m_session, file);
    m_panels.add(QStringLiteral("live"), live);
    connect(live, &LiveMenu::message, this, [this](const QString &text) { showMessage(text, 8000); });
    file->addSeparator();
    createLabActions(file);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *cluster = menuBar()->addMenu(tr("&Cluster"));
    cluster->addAction(m_applyAction);
    cluster->addAction(m_resetAction);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    for (QDockWidget *dock : m_panels.docks())
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    view->addAction(tr("Restore default layout"), this, &MainWindow::restoreDefaultLayout);
    view->addSeparator();
    view->addAction(panel<PresenterMode>(QStringLiteral("presenter"))->toggleAction());
    createLanguageMenu(view);

    auto *time = panel<TimeControls>(QStringLiteral("timeControls"));
    QMenu *timeMenu = menuBar()->addMenu(tr("&Time"));
    timeMenu->addActions({time->playAction(), time->stepAction(), time->nextEventAction(), time->runUntilAction()});
    timeMenu->addSeparator();
    timeMenu->addActions(time->latencyActions());
}

void MainWindow::createStatusBar()
{
    m_revisionStatus = new QLabel(this);
    m_revisionStatus->setObjectName(QStringLiteral("revisionStatus"));
    m_timeStatus = new QLabel(this);
    m_countStatus = new QLabel(this);
    // Permanent widgets, so that transient messages (apply results) never hide the revision; the
    // time (also in the time controls' clock) and the counts step aside while a message shows,
    // so that it is not cut: a projector's 1280 px hold "kubectl set image deployment/nginx
    // nginx=nginx:1.26 → deployment.apps/nginx image updated" or them, not both.
    QList<QFrame *> lines;
    for (QLabel *label : {m_revisionStatus, m_timeStatus, m_countStatus}) {
        label->setContentsMargins(8, 0, 8, 0);
        if (label != m_revisionStatus) {
            auto *line = new QFrame(this);
            line->setFrameShape(QFrame::VLine);
            line->setFrameShadow(QFrame::Sunken);
            statusBar()->addPermanentWidget(line);
            lines << line;
        }
        statusBar()->addPermanentWidget(new LayoutBarrier(label, this));   // new text every frame
    }
    connect(statusBar(), &QStatusBar::messageChanged, this, [this, lines](const QString &message) {
        for (QWidget *w : std::initializer_list<QWidget *>{m_timeStatus, m_countStatus, lines[0], lines[1]})
            w->setVisible(message.isEmpty());
    });
}

void MainWindow::createLanguageMenu(QMenu *view)
{
    QMenu *languages = view->addMenu(tr("&Language"));
    auto *group = new QActionGroup(languages);
    for (const QString &code : Language::availableLanguages()) {
        QAction *action = languages->addAction(Language::displayName(code));
        action->setCheckable(true);
        action->setChecked(code == Language::current());
        action->setData(code);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { switchLanguage(code); });
    }
}

void MainWindow::switchLanguage(const QString &code)
{
    const QString from = Language::current();
    const QByteArray docks = saveState(kStateVersion);
    // Remembered as the preference only where the window keeps its settings (not in tests).
    if (code == from || !Language::setLanguage(code, m_options.persistLayout))
        return;
    LanguageLayouts *layouts = LanguageLayouts::of(this);
    const QByteArray target = layouts->leave(from, code, docks, size());
    // Live, nothing rebuilt: the cluster, the docks, presenter mode and time travel stay as they
    // are; every text the window shows in `from` becomes the new language's (panels that build
    // their texts themselves follow on QEvent::LanguageChange).
    // While time travelling, the read-only reason panels show is said in the new language.
    m_session->setReadOnlyError(TranslationCatalog::instance().convert(m_session->readOnlyError(), from));
    // Lessons carry their own words per language (title_ko, …): the one in progress goes on.
    panel<LessonPanel>(QStringLiteral("lesson"))->setLanguage(code);
    // The widgets that retranslate themselves do it now, then every other text.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    WindowRetranslator::retranslate(this, from);
    for (QAction *action : findChildren<QAction *>())
        if (action->isCheckable() && Language::availableLanguages().contains(action->data().toString()))
            action->setChecked(action->data().toString() == code);
    updateStatusBar();
    // The status bar's message (while time travelling: how to return), in the new language.
    const QString message = statusBar()->currentMessage();
    if (!message.isEmpty())
        showMessage(TranslationCatalog::instance().convert(message, from), m_session->isFrozen() ? 0 : 5000);
    // New words have new widths: the docks keep their sizes rather than follow them. The bars
    // take their new heights first (Hangul's glyphs are taller), then the docks theirs: after a
    // round trip with nothing moved, exactly the layout this language was left with.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    layout()->invalidate();
    layout()->activate();
    restoreState(target, kStateVersion);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    layouts->arrived(saveState(kStateVersion), size());
}

} // namespace rlab::ui
