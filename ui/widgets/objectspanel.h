#pragma once
#include "core/api/object.h"

#include <QWidget>

class QLabel;
class QTreeView;

namespace rlab::ui {

class ObjectTreeModel;

// The Objects panel: a note on what this build simulates, and the object tree (ObjectTreeModel)
// with its kind groups expanded (Other starts collapsed). Emits currentObjectChanged() when the selection moves and
// when the selected object is rewritten or deleted, so an inspector can follow it.
// GUI thread only.
class ObjectsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ObjectsPanel(ObjectTreeModel *model, QWidget *parent = nullptr);

    QTreeView *view() const { return m_view; }
    api::ObjectPtr currentObject() const;
    QByteArray currentKey() const;
    void setNote(const QString &text);

signals:
    void currentObjectChanged(const rlab::api::ObjectPtr &object, const QByteArray &etcdKey);

private:
    void emitCurrent();
    // Every kind group open except Other (namespaces and bookkeeping), as after a reset.
    void expandGroups();

    ObjectTreeModel *m_model;
    QLabel *m_note;
    QTreeView *m_view;
};

} // namespace rlab::ui
