#include "ui/panelregistry.h"

#include <QDockWidget>

namespace rlab::ui {

void PanelRegistry::add(const QString &name, QObject *part, QDockWidget *dock)
{
    Q_ASSERT(!find(name));
    m_entries.push_back(Entry{name, part, dock});
}

const PanelRegistry::Entry *PanelRegistry::find(const QString &name) const
{
    for (const Entry &e : m_entries) {
        if (e.name == name)
            return &e;
    }
    return nullptr;
}

QObject *PanelRegistry::part(const QString &name) const
{
    const Entry *e = find(name);
    return e ? e->part.data() : nullptr;
}

QDockWidget *PanelRegistry::dock(const QString &name) const
{
    const Entry *e = find(name);
    return e ? e->dock.data() : nullptr;
}

QList<QDockWidget *> PanelRegistry::docks(const QStringList &names) const
{
    QList<QDockWidget *> out;
    if (names.isEmpty()) {
        for (const Entry &e : m_entries) {
            if (e.dock)
                out << e.dock.data();
        }
        return out;
    }
    for (const QString &name : names) {
        if (QDockWidget *d = dock(name))
            out << d;
    }
    return out;
}

QStringList PanelRegistry::names() const
{
    QStringList out;
    for (const Entry &e : m_entries)
        out << e.name;
    return out;
}

} // namespace rlab::ui
