#pragma once
#include "ui/apply/applyproblem.h"

#include <QMainWindow>

class QAction;
class QDockWidget;
class QLabel;

namespace rlab::ui {

class ClusterCanvas;
class ClusterSession;
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
    QString statusText() const;

    static constexpr int kStateVersion = 2;   // 2: the cluster canvas is the central widget

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
    void connectSession();
    void resetModels();
    void updateStatusBar();
    void openFiles();
    void showReport(const ApplyReport &report);
    void selectPending();
    QDockWidget *addPanel(QWidget *panel, const QString &title, const char *objectName);

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
    QLabel *m_revisionStatus = nullptr;
    QLabel *m_timeStatus = nullptr;
    QLabel *m_countStatus = nullptr;
    bool m_dockSizesPending = true;   // default proportions still to apply at the first show
    QByteArray m_pendingSelection;   // etcd key to select in the tree as soon as it appears
};

} // namespace rlab::ui
