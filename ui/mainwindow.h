#pragma once
#include "core/sim/view/apiendpoint.h"
#include "ui/apply/applyproblem.h"
#include "ui/apply/manifestsource.h"
#include "ui/panelregistry.h"

#include <QMainWindow>
#include <QSize>
#include <functional>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;

namespace rlab::ui {

class ClusterSession;
class LabAutosave;
class StoreModels;
class TimeTravel;

// Reconcile Lab's main window: the cluster canvas in the centre, every panel a dock (manifest
// editor, controls, lesson, workqueues, arithmetic, etcd, objects, inspector, activity, trace,
// events, charts, rollout history, serve), the time and time-travel toolbars, and a status bar
// with store revision, virtual time and object counts. Owns one ClusterSession, its TimeTravel
// and the StoreModels it feeds; every part is registered by name in panels() (the one map of
// name -> widget and dock). Manifests arrive by the editor, Open… or drag-and-drop (files or
// text), always all or nothing. While time travelling every path that writes (Apply, Open…,
// drops, Reset, the panels' commands, lesson steps) is disabled and refused. Dock layout and
// geometry persist in QSettings. GUI thread only.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    struct Options
    {
        bool persistLayout = true;   // restore and save geometry + dock state (QSettings)
        bool startFrames = true;     // start the session's frame timer
        // "Serve the API": the app injects core/server's endpoint; none = the dock says it cannot.
        view::ApiEndpointFactory serveEndpoints;
        // Asks the user a yes/no question (Reset during a lesson); none = a QMessageBox.
        std::function<bool(const QString &question)> confirm;
        // Where the lab is autosaved and a crash is noticed (LabAutosave); "" = no autosave.
        QString autosaveDir;
        int autosaveIntervalMs = 60'000;
    };
    // A first start (no saved geometry) on a projector-sized screen (under 1400×800 available):
    // the window should open maximized — at 92 % of 1280×720 the right-hand tabs elide.
    bool opensMaximized() const;

    explicit MainWindow(QWidget *parent = nullptr);
    explicit MainWindow(const Options &options, QWidget *parent = nullptr);
    ~MainWindow() override;

    ApplyReport applyEditor();
    ApplyReport applyFiles(const QStringList &paths);
    // A batch on a worker thread behind ApplyProgressDialog (Cancel until the first write); the
    // window keeps painting while this waits. applyFiles() uses it above kBackgroundBytes.
    ApplyReport applyInBackground(const QList<ManifestSource> &sources);
    ApplyReport applyText(const QString &text, const QString &name);
    void resetCluster();
    // mainwindowlab.cpp: saved labs (LabFile). openLab replaces the cluster by the file's lab,
    // or changes nothing and says why; saveLab writes the lab as it is now.
    bool openLab(const QString &path, QString *error = nullptr);
    bool saveLab(const QString &path, QString *error = nullptr);
    // The autosave of a run that crashed, offered once (after the window shows): restored when
    // the user (Options::confirm) agrees. False when there was none or it was declined.
    bool offerCrashRestore();
    LabAutosave *autosave() const { return m_autosave; }
    void restoreDefaultLayout();
    // Runs frames until every panel has taken a reset, then drains the session and refreshes
    // everything (tests and screenshots call it).
    void refreshNow();

    ClusterSession &session() const { return *m_session; }
    TimeTravel &timeTravel() const { return *m_timeTravel; }
    StoreModels &models() const { return *m_models; }
    // Docked panels: editor, objects, inspector, etcd, trace, controls, workqueue, activity,
    // events, charts, history, arithmetic, lesson, serve; other parts: canvas, timeControls,
    // timeTravelBar, recordControls, presenter.
    const PanelRegistry &panels() const { return m_panels; }
    template<class T> T *panel(const QString &name) const { return m_panels.get<T>(name); }
    QAction *applyAction() const { return m_applyAction; }
    QAction *openAction() const { return m_openAction; }
    QAction *resetAction() const { return m_resetAction; }
    // View > Language: switches to `code` live (WindowRetranslator), keeping the cluster, the
    // dock layout, presenter mode and the time-travel position; nothing for an unknown code.
    void switchLanguage(const QString &code);
    // Shows and raises the dock "<name>Dock" (e.g. "workqueue", "lesson"); false if none.
    bool raiseDock(const QString &name);
    QString statusText() const;

    // Panels whose minimum size exceeds this are put in a scroll area inside their dock.
    static constexpr QSize kMaxDockMinimum{320, 150};
    // Raising the Charts tab (bottom area) grows that area to this share of the window's height.
    static constexpr int kChartsShare = 45;
    static constexpr int kStateVersion = 3;   // 3: teaching docks (workqueues, lesson, charts, …)

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    // mainwindowpanels.cpp: every part, registered in m_panels.
    void createPanels();
    void createTeachingPanels();
    QDockWidget *addPanel(const QString &name, QWidget *panel, const QString &title, bool scroll = false);
    // mainwindowwiring.cpp: how the parts follow each other and the session.
    void connectPanels();
    void connectTeachingPanels();
    // mainwindowmenus.cpp: actions, toolbars, menus, status bar.
    void createActions();
    void createMenus();
    void createStatusBar();
    void createLanguageMenu(QMenu *view);
    void createLabActions(QMenu *file);
    // mainwindowlayout.cpp: the default arrangement of the docks.
    void applyDefaultDockSizes();
    QSize defaultSize() const;

    void modelsReset();
    void updateStatusBar();
    void openFiles();
    void showReport(const ApplyReport &report);
    ApplyReport refuseInThePast(const QString &name);
    // During a lesson: asks before a reset (which ends the lesson); true when it may go on.
    bool confirmReset();
    void selectPending();
    void showMessage(const QString &text, int ms);

    Options m_options;
    ClusterSession *m_session;
    TimeTravel *m_timeTravel;
    StoreModels *m_models;
    LabAutosave *m_autosave = nullptr;
    PanelRegistry m_panels;
    QAction *m_openAction = nullptr;
    QAction *m_applyAction = nullptr;
    QAction *m_resetAction = nullptr;
    QLabel *m_revisionStatus = nullptr;
    QLabel *m_timeStatus = nullptr;
    QLabel *m_countStatus = nullptr;
    bool m_geometryRestored = false;
    bool m_dockSizesPending = true;   // default proportions still to apply at the first show
    QByteArray m_pendingSelection;    // etcd key to select in the tree as soon as it appears
    bool m_glyphsWarm = false;   // GlyphWarmer ran (at the first show)
};

} // namespace rlab::ui
