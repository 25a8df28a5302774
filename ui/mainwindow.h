#pragma once
#include "ui/apply/applyproblem.h"

#include <QMainWindow>
#include <QSize>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;

namespace rlab::ui {

class ActivityPanel;
class ArithmeticPanel;
class ChartsPanel;
class ClusterCanvas;
class ClusterSession;
class EventsPanel;
class HistoryPanel;
class LessonPanel;
class PresenterMode;
class RecordControls;
class ServePanel;
class TimeTravelBar;
class WorkQueuePanel;
class ControlsPanel;
class EtcdKeyModel;
class EtcdPanel;
class ManifestEditor;
class ObjectInspector;
class ObjectTreeModel;
class ObjectsPanel;
class TimeControls;
class TraceEventModel;
class TracePanel;
class WatchEventModel;

// Reconcile Lab's main window: docks for the manifest editor, the object tree and its
// inspector, the etcd store and the trace, a toolbar (Open…, Apply, Reset cluster, time), and a
// status bar with store revision, virtual time and object counts. Owns one ClusterSession and
// the models it feeds once per frame. Manifests arrive by the editor, Open… or drag-and-drop
// (files or text), always all or nothing. Dock layout and geometry persist in QSettings.
// GUI thread only.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    struct Options
    {
        bool persistLayout = true;   // restore and save geometry + dock state (QSettings)
        bool startFrames = true;     // start the session's frame timer
    };

    explicit MainWindow(QWidget *parent = nullptr);
    explicit MainWindow(const Options &options, QWidget *parent = nullptr);
    ~MainWindow() override;

    ApplyReport applyEditor();
    ApplyReport applyFiles(const QStringList &paths);
    ApplyReport applyText(const QString &text, const QString &name);
    void resetCluster();
    void restoreDefaultLayout();
    // Drains the session once and refreshes everything (tests and screenshots call it).
    void refreshNow();

    ClusterSession &session() { return *m_session; }
    ManifestEditor *manifestEditor() const { return m_editor; }
    ObjectsPanel *objectsPanel() const { return m_objectsPanel; }
    ClusterCanvas *canvas() const { return m_canvas; }
    ObjectInspector *inspector() const { return m_inspector; }
    EtcdPanel *etcdPanel() const { return m_etcdPanel; }
    ObjectTreeModel *objectModel() const { return m_objects; }
    EtcdKeyModel *etcdKeyModel() const { return m_keys; }
    TraceEventModel *traceModel() const { return m_trace; }
    WatchEventModel *watchEventModel() const { return m_watch; }
    QAction *applyAction() const { return m_applyAction; }
    QAction *openAction() const { return m_openAction; }
    QAction *resetAction() const { return m_resetAction; }
    ControlsPanel *controlsPanel() const { return m_controlsPanel; }
    TimeControls *timeControls() const { return m_timeControls; }
    WorkQueuePanel *workQueuePanel() const { return m_workQueuePanel; }
    ActivityPanel *activityPanel() const { return m_activityPanel; }
    EventsPanel *eventsPanel() const { return m_eventsPanel; }
    ChartsPanel *chartsPanel() const { return m_chartsPanel; }
    HistoryPanel *historyPanel() const { return m_historyPanel; }
    ArithmeticPanel *arithmeticPanel() const { return m_arithmeticPanel; }
    LessonPanel *lessonPanel() const { return m_lessonPanel; }
    ServePanel *servePanel() const { return m_servePanel; }
    TimeTravelBar *timeTravelBar() const { return m_timeTravelBar; }
    RecordControls *recordControls() const { return m_recordControls; }
    PresenterMode *presenterMode() const { return m_presenter; }
    QList<QDockWidget *> teachingDocks() const;
    // Shows and raises the dock "<name>Dock" (e.g. "workqueue", "lesson"); false if none.
    bool raiseDock(const QString &name);
    QString statusText() const;

    // Panels whose minimum size exceeds this are put in a scroll area inside their dock.
    static constexpr QSize kMaxDockMinimum{320, 150};
    static constexpr int kStateVersion = 3;   // 3: teaching docks (workqueues, lesson, charts, …)

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void createModelsAndPanels();
    void applyDefaultDockSizes();
    QSize defaultSize() const;
    void createDocks();
    void createActions();
    // Controls dock, time toolbar and Time menu (mainwindowcontrols.cpp).
    void createControls();
    void placeControlsDock();
    // Workqueues, activity, events, charts, history, arithmetic, lesson, serve, time travel,
    // presenter mode and the language menu (mainwindowteaching.cpp).
    void createTeachingPanels();
    void placeTeachingDocks();
    void createLanguageMenu(QMenu *view);
    void switchLanguage(const QString &code);
    void connectSession();
    void resetModels();
    void updateStatusBar();
    void openFiles();
    void showReport(const ApplyReport &report);
    void selectPending();
    // scroll: always put the panel in a scroll area (forms that grow once filled).
    QDockWidget *addPanel(QWidget *panel, const QString &title, const char *objectName, bool scroll = false);

    Options m_options;
    ClusterSession *m_session;
    ObjectTreeModel *m_objects = nullptr;
    EtcdKeyModel *m_keys = nullptr;
    WatchEventModel *m_watch = nullptr;
    TraceEventModel *m_trace = nullptr;
    ManifestEditor *m_editor = nullptr;
    ObjectsPanel *m_objectsPanel = nullptr;
    ClusterCanvas *m_canvas = nullptr;
    ObjectInspector *m_inspector = nullptr;
    EtcdPanel *m_etcdPanel = nullptr;
    TracePanel *m_tracePanel = nullptr;
    QDockWidget *m_editorDock = nullptr;
    QDockWidget *m_objectsDock = nullptr;
    QDockWidget *m_inspectorDock = nullptr;
    QDockWidget *m_etcdDock = nullptr;
    QDockWidget *m_traceDock = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_applyAction = nullptr;
    QAction *m_resetAction = nullptr;
    ControlsPanel *m_controlsPanel = nullptr;
    TimeControls *m_timeControls = nullptr;
    QDockWidget *m_controlsDock = nullptr;
    WorkQueuePanel *m_workQueuePanel = nullptr;
    ActivityPanel *m_activityPanel = nullptr;
    EventsPanel *m_eventsPanel = nullptr;
    ChartsPanel *m_chartsPanel = nullptr;
    HistoryPanel *m_historyPanel = nullptr;
    ArithmeticPanel *m_arithmeticPanel = nullptr;
    LessonPanel *m_lessonPanel = nullptr;
    ServePanel *m_servePanel = nullptr;
    TimeTravelBar *m_timeTravelBar = nullptr;
    RecordControls *m_recordControls = nullptr;
    PresenterMode *m_presenter = nullptr;
    QDockWidget *m_workQueueDock = nullptr, *m_activityDock = nullptr, *m_eventsDock = nullptr,
                *m_chartsDock = nullptr, *m_historyDock = nullptr, *m_arithmeticDock = nullptr,
                *m_lessonDock = nullptr, *m_serveDock = nullptr;
    QLabel *m_revisionStatus = nullptr;
    QLabel *m_timeStatus = nullptr;
    QLabel *m_countStatus = nullptr;
    bool m_dockSizesPending = true;   // default proportions still to apply at the first show
    QByteArray m_pendingSelection;   // etcd key to select in the tree as soon as it appears
};

} // namespace rlab::ui
