#pragma once
#include "ui/apply/applyproblem.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QListWidgetItem;
class QPushButton;

namespace rlab::ui {

class CodeEditor;

// The manifest editor panel: a CodeEditor preloaded with the sample nginx Deployment, an Apply
// button, and below it what the last apply said — every problem as "file:line:column: message"
// (clicking one moves the cursor there; the offending lines are highlighted), or kubectl's
// "deployment.apps/nginx created" lines. It does not apply anything itself: Apply emits
// applyRequested() and the owner calls showReport(). GUI thread only.
class ManifestEditor : public QWidget
{
    Q_OBJECT
public:
    explicit ManifestEditor(QWidget *parent = nullptr);

    QString text() const;
    void setText(const QString &text);
    // Name errors are reported under; lines are highlighted for problems in this "file".
    QString sourceName() const { return m_sourceName; }
    void setSourceName(const QString &name);
    void loadSample();
    static QString sampleManifest();
    static QString sampleName() { return QStringLiteral("nginx-deployment.yaml"); }

    void showReport(const ApplyReport &report);
    void clearMessages();
    // The messages shown under the editor, one per line of the list.
    QStringList messages() const;
    bool hasErrors() const { return m_hasErrors; }

    CodeEditor *editor() const { return m_editor; }
    QPushButton *applyButton() const { return m_apply; }

signals:
    void applyRequested();
    void filesDropped(const QStringList &paths);

private:
    void messageActivated(QListWidgetItem *item);

    CodeEditor *m_editor;
    QLabel *m_title;
    QPushButton *m_apply;
    QPushButton *m_sample;
    QListWidget *m_messages;
    QString m_sourceName;
    bool m_hasErrors = false;
};

} // namespace rlab::ui
