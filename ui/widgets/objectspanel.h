#pragma once
#include "core/api/object.h"

#include <QWidget>

class QLabel;
class QTreeView;

namespace rlab::ui {

class ObjectTreeModel;

// The Objects panel: a note on what this build simulates, and the object tree (ObjectTreeModel)
// with its kind groups expanded (Other starts collapsed). Emits currentObjectChanged() when the selection moves and
// when the selected object is rewritten or deleted, so an inspector can follow it. In a narrow
// column (a lesson's highlight in presenter mode) the name column gives up width, then the
// Namespace column hides, so the tree never scrolls sideways (names elide in the middle).
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
    api::ObjectPtr m_emittedObject;
    QByteArray m_emittedKey;
    void emitCurrent();   // when the current object or key differs from the last said
    // Every kind group open except Other (namespaces and bookkeeping), as after a reset.
    void expandGroups();
    // Fits the columns to the viewport's width (see the class comment).
    void fitColumns();
    bool eventFilter(QObject *watched, QEvent *event) override;

    ObjectTreeModel *m_model;
    QLabel *m_note;
    QTreeView *m_view;
    int m_namespaceWidth = 0;   // the namespace column's width when shown
    int m_nameWidth = 0;   // the name column's preferred width
};

} // namespace rlab::ui
