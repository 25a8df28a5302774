#pragma once
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <vector>

class QDockWidget;

namespace rlab::ui {

// The window's parts by name, the one place that maps a name to its widget (or other part:
// the canvas, the time toolbar, presenter mode) and, for docked panels, to its QDockWidget, whose
// objectName is "<name>Dock". MainWindow registers each part once; the View menu, the default
// layout, presenter mode, --dock NAME and the tests look them up here. E.g. after
// add("controls", panel, dock): get<ControlsPanel>("controls") == panel, dock("controls") == dock.
// Parts are not owned (their Qt parents own them). GUI thread only.
class PanelRegistry
{
public:
    void add(const QString &name, QObject *part, QDockWidget *dock = nullptr);

    QObject *part(const QString &name) const;
    template<class T> T *get(const QString &name) const { return qobject_cast<T *>(part(name)); }
    QDockWidget *dock(const QString &name) const;
    // The docks of `names` in that order (every dock, in registration order, when empty).
    QList<QDockWidget *> docks(const QStringList &names = {}) const;
    QStringList names() const;

private:
    struct Entry
    {
        QString name;
        QPointer<QObject> part;
        QPointer<QDockWidget> dock;
    };
    const Entry *find(const QString &name) const;

    std::vector<Entry> m_entries;
};

} // namespace rlab::ui
