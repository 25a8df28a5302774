#include "ui/widgets/objectspanel.h"

#include "ui/models/objecttreemodel.h"
#include "ui/theme.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace rlab::ui {

ObjectsPanel::ObjectsPanel(ObjectTreeModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_note(new QLabel(this)), m_view(new QTreeView(this))
{
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setStyleSheet(QStringLiteral("QLabel { background: #fff7ed; color: #9a3412; border: 1px solid #fed7aa;"
                                         " border-radius: 4px; padding: 4px 6px; }"));
    m_note->setVisible(false);
    m_view->setObjectName(QStringLiteral("objectTree"));
    m_view->setModel(model);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAllColumnsShowFocus(true);
    m_view->setRootIsDecorated(true);
    const QFontMetrics fm(font());
    QHeaderView *header = m_view->header();
    // Name and status get the room; the status elides at its end (its tooltip has the rest).
    header->setStretchLastSection(true);
    header->setMinimumSectionSize(fm.horizontalAdvance(QStringLiteral("Rev")) + 16);
    // Group rows span every column, so the name column only has to fit object names; long pod
    // names elide in the middle, keeping their distinguishing suffix.
    m_nameWidth = fm.horizontalAdvance(QStringLiteral("nginx-7c5b4f9d8")) + m_view->indentation();
    header->resizeSection(ObjectTreeModel::NameColumn, m_nameWidth);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_namespaceWidth = fm.horizontalAdvance(QStringLiteral("Namespace")) + 12;
    header->resizeSection(ObjectTreeModel::NamespaceColumn, m_namespaceWidth);
    header->resizeSection(ObjectTreeModel::RevisionColumn, fm.horizontalAdvance(QStringLiteral("99999")) + 12);
    expandGroups();
    m_view->viewport()->installEventFilter(this);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_note);
    layout->addWidget(m_view, 1);

    connect(model, &QAbstractItemModel::modelReset, this, &ObjectsPanel::expandGroups);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ObjectsPanel::emitCurrent);
    connect(model, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                const QModelIndex cur = m_view->currentIndex();
                if (cur.isValid() && cur.parent() == topLeft.parent() && cur.row() >= topLeft.row()
                    && cur.row() <= bottomRight.row())
                    emitCurrent();
            });
    connect(model, &QAbstractItemModel::rowsRemoved, this, &ObjectsPanel::emitCurrent);
}

void ObjectsPanel::expandGroups()
{
    for (int g = 0; g < ObjectTreeModel::GroupCount; ++g) {
        m_view->setFirstColumnSpanned(g, QModelIndex(), true);
        m_view->setExpanded(m_model->index(g, 0), g != ObjectTreeModel::Other);
    }
}

bool ObjectsPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

void ObjectsPanel::fitColumns()
{
    // Worked example (presenter font, a 28 % column): viewport 297 px, Namespace 83, Rev 50, the
    // status at least 100: the name column would get 297 - 83 - 50 - 100 = 64 < its minimum 76,
    // so Namespace hides and the name gets min(297 - 50 - 100, its preferred 122) = 122.
    QHeaderView *header = m_view->header();
    const int available = m_view->viewport()->width();
    // A stretched last section does not shrink below the header's default section size.
    const int minStatus = std::max(header->minimumSectionSize() * 2, header->defaultSectionSize());
    const int minName = header->minimumSectionSize() * 2;
    const int rev = header->sectionSize(ObjectTreeModel::RevisionColumn);
    // Its own width, not sectionSize(): a hidden column's size reads 0, so the next fit showed
    // it again with no room counted for it, the columns stuck out, a horizontal bar came, and
    // round again without end (issue #17: reconcile-lab --screenshot hung inside one
    // processEvents(); tst_objectspanel).
    const int ns = m_namespaceWidth;
    const bool hideNamespace = available - rev - minStatus - ns < minName;
    m_view->setColumnHidden(ObjectTreeModel::NamespaceColumn, hideNamespace);
    const int others = rev + minStatus + (hideNamespace ? 0 : ns);
    header->resizeSection(ObjectTreeModel::NameColumn, std::clamp(available - others, minName, std::max(minName, m_nameWidth)));
}

void ObjectsPanel::setNote(const QString &text)
{
    m_note->setText(text);
    m_note->setVisible(!text.isEmpty());
}

api::ObjectPtr ObjectsPanel::currentObject() const
{
    return m_model->object(m_view->currentIndex());
}

QByteArray ObjectsPanel::currentKey() const
{
    return m_model->etcdKey(m_view->currentIndex());
}

void ObjectsPanel::emitCurrent()
{
    // Rows removed anywhere in the tree (a batch of pod deletes) leave the current object as it
    // was: said once, not per batch.
    api::ObjectPtr object = currentObject();
    QByteArray key = currentKey();
    if (object == m_emittedObject && key == m_emittedKey)
        return;
    m_emittedObject = object;
    m_emittedKey = key;
    emit currentObjectChanged(object, key);
}

} // namespace rlab::ui
