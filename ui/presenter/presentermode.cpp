#include "ui/presenter/presentermode.h"

#include "ui/presenter/highlightoverlay.h"

#include <QAction>
#include <algorithm>
#include <QApplication>
#include <QDialog>
#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QMenu>
#include <QScrollArea>
#include <QTimer>

namespace rlab::ui {

PresenterMode::PresenterMode(QMainWindow *window)
    : QObject(window), m_window(window)
{
    auto make = [&](const QString &text, const QKeySequence &key, const char *name) {
        auto *a = new QAction(text, window);
        a->setObjectName(QLatin1String(name));
        a->setShortcut(key);
        m_keys.insert(a, key);
        a->setShortcutContext(Qt::WindowShortcut);
        window->addAction(a);
        return a;
    };
    m_toggle = make(tr("Presenter mode"), QKeySequence(Qt::Key_F5), "presenterToggleAction");
    m_toggle->setCheckable(true);
    m_playPause = make(tr("Play / pause"), QKeySequence(Qt::Key_Space), "presenterPlayPauseAction");
    m_step = make(tr("Step"), QKeySequence(Qt::Key_Right), "presenterStepAction");
    m_back = make(tr("Back one revision"), QKeySequence(Qt::Key_Left), "presenterBackAction");
    for (QAction *a : {m_playPause, m_step, m_back})
        a->setEnabled(false);
    connect(m_toggle, &QAction::toggled, this, &PresenterMode::setEnabled);
    connect(m_playPause, &QAction::triggered, this, &PresenterMode::playPauseRequested);
    connect(m_step, &QAction::triggered, this, &PresenterMode::stepRequested);
    connect(m_back, &QAction::triggered, this, &PresenterMode::backRequested);
    m_overlay = new HighlightOverlay(window);
}

PresenterMode::~PresenterMode() = default;

QPalette PresenterMode::highContrastPalette()
{
    QPalette p;
    const QColor ink(0x00, 0x00, 0x00), paper(0xff, 0xff, 0xff), accent(0x00, 0x3d, 0xa5);
    for (QPalette::ColorGroup g : {QPalette::Active, QPalette::Inactive}) {
        p.setColor(g, QPalette::Window, paper);
        p.setColor(g, QPalette::WindowText, ink);
        p.setColor(g, QPalette::Base, paper);
        p.setColor(g, QPalette::AlternateBase, QColor(0xee, 0xee, 0xee));
        p.setColor(g, QPalette::Text, ink);
        p.setColor(g, QPalette::Button, QColor(0xe6, 0xe6, 0xe6));
        p.setColor(g, QPalette::ButtonText, ink);
        p.setColor(g, QPalette::Highlight, accent);
        p.setColor(g, QPalette::HighlightedText, paper);
        p.setColor(g, QPalette::Link, accent);
        p.setColor(g, QPalette::PlaceholderText, QColor(0x44, 0x44, 0x44));
        p.setColor(g, QPalette::Mid, QColor(0x55, 0x55, 0x55));
        p.setColor(g, QPalette::Dark, QColor(0x33, 0x33, 0x33));
    }
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x55, 0x55, 0x55));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x55, 0x55, 0x55));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x55, 0x55, 0x55));
    return p;
}

void PresenterMode::setEnabled(bool on)
{
    if (on == m_enabled)
        return;
    m_enabled = on;
    const QList<QDockWidget *> docks = m_window->findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly);
    if (on) {
        m_saved.fontSet = m_window->testAttribute(Qt::WA_SetFont);
        m_saved.paletteSet = m_window->testAttribute(Qt::WA_SetPalette);
        m_saved.font = m_window->font();
        m_saved.palette = m_window->palette();
        m_saved.state = m_window->saveState();
        m_saved.visible.clear();
        for (QDockWidget *d : docks)
            m_saved.visible.insert(d, !d->isHidden());
        QFont big = m_saved.font;
        big.setPointSizeF(m_saved.font.pointSizeF() * kFontScale);
        m_window->setFont(big);
        m_window->setPalette(highContrastPalette());
        for (QDockWidget *d : docks)
            if (!m_kept.contains(d->objectName()))
                d->hide();
        // Menus and dialogs are windows of their own: they get the presenter font explicitly.
        for (QWidget *w : m_window->findChildren<QWidget *>())
            if (isPopupOfWindow(w))
                enlargePopup(w);
        qApp->installEventFilter(this);
    } else {
        qApp->removeEventFilter(this);
        restorePopups();
        m_shownForHighlight = nullptr;   // the docks come back as they were below
        m_coveredTab = nullptr;
        m_overlay->clear();
        m_window->setFont(m_saved.fontSet ? m_saved.font : QFont());
        m_window->setAttribute(Qt::WA_SetFont, m_saved.fontSet);
        m_window->setPalette(m_saved.paletteSet ? m_saved.palette : QPalette());
        m_window->setAttribute(Qt::WA_SetPalette, m_saved.paletteSet);
        m_window->restoreState(m_saved.state);
        for (auto it = m_saved.visible.cbegin(); it != m_saved.visible.cend(); ++it)
            if (docks.contains(it.key()))
                it.key()->setVisible(it.value());
    }
    for (QAction *a : {m_playPause, m_step, m_back}) {
        a->setEnabled(on);
        // A key another action of the window already owns (the time controls' Space and →)
        // stays with it: two actions on one key would make Qt's shortcut ambiguous and fire neither.
        const QKeySequence key = m_keys.value(a);
        bool taken = false;
        for (QAction *other : m_window->findChildren<QAction *>())
            taken = taken || (other != a && other != m_toggle && !m_keys.contains(other) && other->shortcuts().contains(key));
        a->setShortcut(on && taken ? QKeySequence() : key);
    }
    {
        const QSignalBlocker block(m_toggle);
        m_toggle->setChecked(on);
    }
    emit enabledChanged(on);
}

bool PresenterMode::isPopupOfWindow(const QWidget *w) const
{
    if (!w || w == m_window || !w->isWindow() || (!qobject_cast<const QMenu *>(w) && !qobject_cast<const QDialog *>(w)))
        return false;
    for (const QWidget *p = w->parentWidget(); p; p = p->parentWidget())
        if (p == m_window)
            return true;
    return false;
}

void PresenterMode::enlargePopup(QWidget *popup)
{
    m_popups.removeIf([](const PopupFont &p) { return !p.widget; });   // closed dialogs
    for (const PopupFont &p : std::as_const(m_popups))
        if (p.widget == popup)
            return;
    m_popups.append({popup, popup->testAttribute(Qt::WA_SetFont), popup->font()});
    // Its own font (a menu's platform font) scaled like the window's.
    QFont big = popup->testAttribute(Qt::WA_SetFont) ? popup->font() : QApplication::font(popup);
    big.setPointSizeF(big.pointSizeF() * kFontScale);
    popup->setFont(big);
}

void PresenterMode::restorePopups()
{
    for (const PopupFont &p : std::as_const(m_popups)) {
        if (!p.widget)
            continue;
        p.widget->setFont(p.fontSet ? p.font : QFont());
        p.widget->setAttribute(Qt::WA_SetFont, p.fontSet);
    }
    m_popups.clear();
}

bool PresenterMode::eventFilter(QObject *watched, QEvent *event)
{
    // Polish comes once, before a widget is first sized and shown: a menu popped up or a message
    // box opened while presenter mode is on is laid out in the large font.
    if (event->type() == QEvent::Polish && watched->isWidgetType()) {
        auto *w = static_cast<QWidget *>(watched);
        if (isPopupOfWindow(w))
            enlargePopup(w);
    }
    return QObject::eventFilter(watched, event);
}

void PresenterMode::setHighlightTarget(const QString &panel, QWidget *widget)
{
    m_targets.insert(panel, widget);
}

QWidget *PresenterMode::targetFor(const QString &panel) const
{
    if (QWidget *w = m_targets.value(panel))
        return w;
    for (QDockWidget *d : m_window->findChildren<QDockWidget *>()) {
        if (d->objectName().compare(panel + QStringLiteral("Dock"), Qt::CaseInsensitive) == 0)
            return d->widget() ? d->widget() : d;
    }
    for (QDockWidget *d : m_window->findChildren<QDockWidget *>()) {
        if (d->objectName().startsWith(panel, Qt::CaseInsensitive))
            return d->widget() ? d->widget() : d;
    }
    return nullptr;
}

void PresenterMode::highlight(const QString &panel, const QString &objectRef)
{
    QWidget *target = panel.isEmpty() ? nullptr : targetFor(panel);
    QDockWidget *dock = nullptr;
    for (QWidget *w = target; w && w != m_window; w = w->parentWidget()) {
        if ((dock = qobject_cast<QDockWidget *>(w)))
            break;
    }
    // The dock shown for the previous highlight goes back (the lesson moved on), unless it is
    // this one's; the tab it covered comes back on top.
    int restoring = 0;   // the covered column's width, being put back (chained highlights keep it)
    QPointer<QDockWidget> covered;
    if (m_shownForHighlight && m_shownForHighlight != dock) {
        restoring = m_widthBefore;
        covered = m_coveredTab;
        m_shownForHighlight->hide();
        if (m_coveredTab) {
            m_coveredTab->raise();
            // Once the layout has taken the hidden dock out (the next pass of the event loop).
            if (m_widthBefore > 0)
                QTimer::singleShot(0, m_window, [window = m_window, tab = m_coveredTab, width = m_widthBefore] {
                    if (tab && !tab->isHidden())
                        window->resizeDocks({tab.data()}, {width}, Qt::Horizontal);
                });
        }
        m_shownForHighlight = nullptr;
        m_coveredTab = nullptr;
    }
    if (!target) {
        m_overlay->clear();
        return;
    }
    // A highlight brings its panel forward: a hidden dock (presenter mode hides most) is shown,
    // a tabbed one raised. setEnabled(false) restores the docks as they were.
    if (dock) {
        if (dock->isHidden() && m_enabled) {
            m_shownForHighlight = dock;
            m_coveredTab = covered;
            // (tabifiedDockWidgets() skips a hidden dock: the one in front in the same area.)
            for (QDockWidget *tab : m_window->findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly))
                if (!covered && tab != dock && m_window->dockWidgetArea(tab) == m_window->dockWidgetArea(dock) && !tab->isHidden()
                    && !tab->isFloating() && !tab->visibleRegion().isEmpty())
                    m_coveredTab = tab;
            m_widthBefore = restoring > 0 ? restoring : m_coveredTab ? m_coveredTab->width() : 0;
        }
        const bool widen = dock->isHidden() && m_enabled;
        if (dock->isHidden())
            dock->show();
        dock->raise();
        // A panel presenter mode had hidden gets a column it can be read in (its tabs whole)
        // while it is the step's subject; the column's width comes back with the tab it covered.
        if (widen)
            m_window->resizeDocks({dock}, {std::max(m_widthBefore, m_window->width() * kHighlightColumnPercent / 100)}, Qt::Horizontal);
    }
    // A docked panel's label gets a strip of its own above the panel's content (its heading and
    // first line sit right under the label's corner otherwise); the canvas keeps all its height.
    QWidget *room = dock ? target : nullptr;
    if (auto *area = qobject_cast<QScrollArea *>(room))
        room = area->widget();
    if (qobject_cast<QFrame *>(room))   // a frame manages its own contents margins
        room = nullptr;
    m_overlay->showOn(target, objectRef.isEmpty() ? panel : objectRef, room);
}

void PresenterMode::clearHighlight()
{
    highlight(QString(), QString());
}

} // namespace rlab::ui
