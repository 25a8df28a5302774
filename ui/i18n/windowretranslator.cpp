#include "ui/i18n/windowretranslator.h"

#include "ui/i18n/translationcatalog.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTabBar>
#include <QTextEdit>

namespace rlab::ui {

namespace {

// Class names of `o` and its parents, nearest first: the contexts tr() used for their texts.
QStringList contextsOf(const QObject *o)
{
    QStringList out;
    for (; o; o = o->parent())
        for (const QMetaObject *m = o->metaObject(); m; m = m->superClass())
            if (qstrncmp(m->className(), "rlab::", 6) == 0 && !out.contains(QLatin1String(m->className())))
                out << QLatin1String(m->className());
    return out;
}

struct Converter
{
    const TranslationCatalog &catalog;
    QString from;
    QStringList contexts;
    int changed = 0;

    // Converts the text that `get` returns and hands it to `set` when it changed.
    template<class Get, class Set> void operator()(Get get, Set set)
    {
        const QString before = get();
        if (before.isEmpty())
            return;
        const QString after = catalog.convert(before, from, contexts);
        if (after != before) {
            set(after);
            ++changed;
        }
    }
};

void retranslateWidget(QWidget *w, Converter &c)
{
    c.contexts = contextsOf(w);
    c([w] { return w->windowTitle(); }, [w](const QString &t) { w->setWindowTitle(t); });
    c([w] { return w->toolTip(); }, [w](const QString &t) { w->setToolTip(t); });
    c([w] { return w->statusTip(); }, [w](const QString &t) { w->setStatusTip(t); });
    c([w] { return w->whatsThis(); }, [w](const QString &t) { w->setWhatsThis(t); });
    if (auto *l = qobject_cast<QLabel *>(w))
        c([l] { return l->text(); }, [l](const QString &t) { l->setText(t); });
    else if (auto *b = qobject_cast<QAbstractButton *>(w))
        c([b] { return b->text(); }, [b](const QString &t) { b->setText(t); });
    else if (auto *g = qobject_cast<QGroupBox *>(w))
        c([g] { return g->title(); }, [g](const QString &t) { g->setTitle(t); });
    else if (auto *e = qobject_cast<QLineEdit *>(w))
        c([e] { return e->placeholderText(); }, [e](const QString &t) { e->setPlaceholderText(t); });
    else if (auto *p = qobject_cast<QPlainTextEdit *>(w))
        c([p] { return p->placeholderText(); }, [p](const QString &t) { p->setPlaceholderText(t); });
    else if (auto *x = qobject_cast<QTextEdit *>(w))
        c([x] { return x->placeholderText(); }, [x](const QString &t) { x->setPlaceholderText(t); });
    else if (auto *m = qobject_cast<QMenu *>(w))
        c([m] { return m->title(); }, [m](const QString &t) { m->setTitle(t); });
    else if (auto *bar = qobject_cast<QProgressBar *>(w))
        c([bar] { return bar->format(); }, [bar](const QString &t) { bar->setFormat(t); });
    if (auto *combo = qobject_cast<QComboBox *>(w)) {
        // Item texts only; the selection and its signals stay as they are.
        const QSignalBlocker block(combo);
        for (int i = 0; i < combo->count(); ++i) {
            c([combo, i] { return combo->itemText(i); }, [combo, i](const QString &t) { combo->setItemText(i, t); });
            c([combo, i] { return combo->itemData(i, Qt::ToolTipRole).toString(); },
              [combo, i](const QString &t) { combo->setItemData(i, t, Qt::ToolTipRole); });
        }
        if (auto *line = combo->lineEdit())
            c([line] { return line->placeholderText(); }, [line](const QString &t) { line->setPlaceholderText(t); });
    }
    if (auto *tabs = qobject_cast<QTabBar *>(w)) {
        for (int i = 0; i < tabs->count(); ++i) {
            c([tabs, i] { return tabs->tabText(i); }, [tabs, i](const QString &t) { tabs->setTabText(i, t); });
            c([tabs, i] { return tabs->tabToolTip(i); }, [tabs, i](const QString &t) { tabs->setTabToolTip(i, t); });
        }
    }
    if (auto *spin = qobject_cast<QSpinBox *>(w)) {
        c([spin] { return spin->suffix(); }, [spin](const QString &t) { spin->setSuffix(t); });
        c([spin] { return spin->prefix(); }, [spin](const QString &t) { spin->setPrefix(t); });
    }
    if (auto *spin = qobject_cast<QDoubleSpinBox *>(w)) {
        c([spin] { return spin->suffix(); }, [spin](const QString &t) { spin->setSuffix(t); });
        c([spin] { return spin->prefix(); }, [spin](const QString &t) { spin->setPrefix(t); });
    }
    if (auto *spin = qobject_cast<QAbstractSpinBox *>(w))
        c([spin] { return spin->specialValueText(); }, [spin](const QString &t) { spin->setSpecialValueText(t); });
    // Models answer headerData() with tr(): ask again (sizes to contents follow).
    if (auto *header = qobject_cast<QHeaderView *>(w)) {
        if (header->count() > 0)
            header->headerDataChanged(header->orientation(), 0, header->count() - 1);
    }
    if (auto *view = qobject_cast<QAbstractItemView *>(w))
        view->viewport()->update();
}

void retranslateAction(QAction *a, Converter &c)
{
    c.contexts = contextsOf(a);
    // An action without its own tooltip shows its text: only an explicit one is converted.
    const QString derived = QString(a->text()).remove(QLatin1Char('&')).remove(QStringLiteral("..."));
    const bool ownTip = a->toolTip() != derived;
    c([a] { return a->text(); }, [a](const QString &t) { a->setText(t); });
    if (ownTip)
        c([a] { return a->toolTip(); }, [a](const QString &t) { a->setToolTip(t); });
    c([a] { return a->statusTip(); }, [a](const QString &t) { a->setStatusTip(t); });
    c([a] { return a->whatsThis(); }, [a](const QString &t) { a->setWhatsThis(t); });
}

} // namespace

int WindowRetranslator::retranslate(QWidget *root, const QString &from)
{
    Converter c{TranslationCatalog::instance(), from, {}};
    retranslateWidget(root, c);
    for (QWidget *w : root->findChildren<QWidget *>())
        retranslateWidget(w, c);
    for (QAction *a : root->findChildren<QAction *>())
        retranslateAction(a, c);
    return c.changed;
}

} // namespace rlab::ui
