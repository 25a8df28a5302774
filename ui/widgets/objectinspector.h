#pragma once
#include "core/api/object.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;

namespace rlab::ui {

// Shows one stored object read-only: a title ("Deployment default/nginx · resourceVersion 9",
// the etcd key as its tooltip), the status explanation (ObjectSummary) and the object as YAML,
// the way `kubectl get -o yaml` prints it. Double-clicking a field (or its context menu) asks
// where its value came from: fieldOriginRequested(etcdKey, "spec.template.spec.containers[0].image")
// for the window's time travel (FieldOriginFinder). GUI thread only.
class ObjectInspector : public QWidget
{
    Q_OBJECT
public:
    explicit ObjectInspector(QWidget *parent = nullptr);

    void setObject(const api::ObjectPtr &object, const QByteArray &etcdKey);
    void clear();
    api::ObjectPtr object() const { return m_object; }
    QByteArray etcdKey() const { return m_key; }
    QString yamlText() const;
    // The JSON path of the YAML line `line` (0-based), "" for none.
    QString fieldPathAt(int line) const;
    // A pod's "why this node?" (SchedulingReport::text()) under the explanation; "" hides it.
    // Cleared by setObject() with another key and by clear().
    void setScheduling(const QString &text);
    QString schedulingText() const;

signals:
    void fieldOriginRequested(const QByteArray &etcdKey, const QString &path);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QLabel *m_title;
    QLabel *m_subtitle;
    QLabel *m_explanation;
    QLabel *m_scheduling;
    QPlainTextEdit *m_yaml;
    api::ObjectPtr m_object;
    QByteArray m_key;
};

} // namespace rlab::ui
