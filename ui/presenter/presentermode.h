#pragma once
#include <QFont>
#include <QKeySequence>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPalette>
#include <QPointer>
#include <QStringList>

class QAction;
class QDockWidget;
class QMainWindow;
class QWidget;

namespace rlab::ui {

class HighlightOverlay;

// Presenter mode for a classroom projector, on a QMainWindow: setEnabled(true) sets the
// window's font to 1.6 × its size (11 pt → 17.6 pt), a high-contrast palette, and hides every
// dock whose objectName is not in keptDocks(); setEnabled(false) restores the font, palette,
// dock visibility and dock layout exactly as they were. Keyboard: F5 toggles (always active);
// Space, → and ← (only while on) emit playPauseRequested / stepRequested / backRequested, which
// the owner connects to its time controls and time travel — unless another action of the window
// already owns that key (TimeControls: Space = play, → = step), which then keeps it. highlight(panel, objectRef) — wired
// to LessonPanel::highlightRequested — draws the HighlightOverlay over that panel's dock and
// brings the dock forward (shown even if presenter mode hid it, raised if tabbed), its label in a
// strip of its own above the docked panel's content (HighlightOverlay's room); an empty panel
// clears it. A dock presenter mode had hidden is given a wider column (28 % of the window)
// while highlighted and is hidden again once the highlight moves elsewhere (the tab it covered
// raised again, the column back to its width). Menus and dialogs of the window (QMenu, QDialog, QMessageBox: top-level
// windows, which do not inherit the window's font) follow the presenter font too: those that
// exist when it turns on, and every one polished while it is on (an application event filter);
// off puts their fonts back.
// GUI thread only.
class PresenterMode : public QObject
{
    Q_OBJECT
public:
    explicit PresenterMode(QMainWindow *window);
    ~PresenterMode() override;

    static constexpr double kFontScale = 1.6;
    // The column a highlighted panel (one presenter mode had hidden) is given, % of the window.
    static constexpr int kHighlightColumnPercent = 28;

    bool isEnabled() const { return m_enabled; }
    void setEnabled(bool on);

    // objectNames of the docks that stay visible (default: canvasDock, lessonDock, workqueueDock).
    QStringList keptDocks() const { return m_kept; }
    void setKeptDocks(const QStringList &objectNames) { m_kept = objectNames; }
    // Where highlight(panel) points; without an entry, the dock whose objectName starts with
    // the panel name ("workqueue" → "workqueueDock").
    void setHighlightTarget(const QString &panel, QWidget *widget);

    QAction *toggleAction() const { return m_toggle; }
    QAction *playPauseAction() const { return m_playPause; }
    QAction *stepAction() const { return m_step; }
    QAction *backAction() const { return m_back; }
    HighlightOverlay *overlay() const { return m_overlay; }

    static QPalette highContrastPalette();

public slots:
    void highlight(const QString &panel, const QString &objectRef);
    void clearHighlight();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

signals:
    void enabledChanged(bool on);
    void playPauseRequested();
    void stepRequested();
    void backRequested();

private:
    QWidget *targetFor(const QString &panel) const;
    // A menu or dialog of the window (a top-level widget whose parents lead to it).
    bool isPopupOfWindow(const QWidget *w) const;
    void enlargePopup(QWidget *popup);
    void restorePopups();

    QMainWindow *m_window;
    bool m_enabled = false;
    QStringList m_kept{QStringLiteral("canvasDock"), QStringLiteral("lessonDock"), QStringLiteral("workqueueDock")};
    QHash<QString, QPointer<QWidget>> m_targets;
    QAction *m_toggle, *m_playPause, *m_step, *m_back;
    HighlightOverlay *m_overlay;
    QPointer<QDockWidget> m_shownForHighlight, m_coveredTab;
    int m_widthBefore = 0;   // of the column m_shownForHighlight widened
    QHash<QAction *, QKeySequence> m_keys;

    // What setEnabled(false) puts back.
    struct Saved
    {
        QFont font;
        QPalette palette;
        bool fontSet = false, paletteSet = false;
        QByteArray state;
        QHash<QDockWidget *, bool> visible;
    } m_saved;
    // Menus and dialogs given the presenter font: their own font before (nullopt: none set).
    struct PopupFont
    {
        QPointer<QWidget> widget;
        bool fontSet = false;
        QFont font;
    };
    QList<PopupFont> m_popups;
};

} // namespace rlab::ui
