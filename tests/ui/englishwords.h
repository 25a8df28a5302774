// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the Korean tests count as "left in English", and the window's texts they look at —
// shared by tst_koreanvisible, tst_languageswitch and tst_tracewording.
#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>
#include <QTabBar>
#include <QWidget>

namespace rlab::test {

// A widget text's English words (3+ lower-case letters): tags, zero-width spaces and the
// lower-case Kubernetes names (kube-controller-manager's controllers, tools, the sample) aside.
inline int englishWordCount(QString text)
{
    static const QRegularExpression tags(QStringLiteral("<[^>]*>")), word(QStringLiteral("^[a-z]{3,}[,.;:!?)]*$"));
    text.remove(tags).remove(QChar(0x200B)).remove(QLatin1Char('&'));
    static const QSet<QString> names{QStringLiteral("deployment"), QStringLiteral("replicaset"), QStringLiteral("scheduler"),
                                     QStringLiteral("kubelet"), QStringLiteral("garbagecollector"), QStringLiteral("kubectl"),
                                     QStringLiteral("etcd"), QStringLiteral("nginx")};
    int n = 0;
    for (const QString &token : text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
        n += word.match(token).hasMatch() && !names.contains(token) ? 1 : 0;
    return n;
}

// The identifiers a trace or cell text may keep in English: controllers, REST verbs and
// resources (a request's "<agent> <verb> <resource> <key>", as in an audit log), tools.
inline const QSet<QString> &cellIdentifiers()
{
    static const QSet<QString> identifiers{
        QStringLiteral("deployment"), QStringLiteral("replicaset"), QStringLiteral("scheduler"), QStringLiteral("kubelet"),
        QStringLiteral("kubectl"), QStringLiteral("etcd"), QStringLiteral("nginx"), QStringLiteral("client"),
        QStringLiteral("replicafloor"), QStringLiteral("create"), QStringLiteral("update"), QStringLiteral("patch"),
        QStringLiteral("delete"), QStringLiteral("watch"), QStringLiteral("list"), QStringLiteral("get"),
        QStringLiteral("deployments"), QStringLiteral("replicasets"), QStringLiteral("pods"), QStringLiteral("nodes"),
        QStringLiteral("events"), QStringLiteral("namespaces"), QStringLiteral("default"), QStringLiteral("apply"),
        QStringLiteral("sync")};
    return identifiers;
}

// The English words of a cell or trace text (3+ lower-case letters, trailing punctuation
// stripped) that are not among `identifiers`.
inline QStringList englishWordsOf(const QString &text, const QSet<QString> &identifiers = cellIdentifiers())
{
    static const QRegularExpression word(QStringLiteral("^[a-z]{3,}[,.;:!?)]*$")), strip(QStringLiteral("[,.;:!?)]+$"));
    QStringList out;
    for (const QString &token : text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
        if (!word.match(token).hasMatch())
            continue;
        QString bare = token;
        bare.remove(strip);
        if (!identifiers.contains(bare))
            out << bare;
    }
    return out;
}

// The texts of `top`'s labels, buttons, group boxes, docks, combo items, tabs and actions;
// only those visible to it unless `hiddenToo`; with `tooltips`, widgets' and actions' tooltips.
inline QSet<QString> widgetTexts(const QWidget &top, bool hiddenToo, bool tooltips)
{
    QSet<QString> out;
    for (QWidget *widget : top.findChildren<QWidget *>()) {
        if (!hiddenToo && !widget->isVisibleTo(&top))
            continue;
        if (tooltips)
            out << widget->toolTip();
        if (auto *l = qobject_cast<QLabel *>(widget))
            out << l->text();
        else if (auto *b = qobject_cast<QAbstractButton *>(widget))
            out << b->text();
        else if (auto *g = qobject_cast<QGroupBox *>(widget))
            out << g->title();
        else if (auto *d = qobject_cast<QDockWidget *>(widget))
            out << d->windowTitle();
        else if (auto *c = qobject_cast<QComboBox *>(widget))
            for (int i = 0; i < c->count(); ++i)
                out << c->itemText(i);
        if (auto *bar = qobject_cast<QTabBar *>(widget))
            for (int i = 0; i < bar->count(); ++i)
                out << bar->tabText(i);
    }
    for (QAction *a : top.findChildren<QAction *>()) {
        out << a->text();
        if (tooltips)
            out << a->toolTip();
    }
    out.remove(QString());
    return out;
}

} // namespace rlab::test
