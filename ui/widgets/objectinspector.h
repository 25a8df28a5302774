#pragma once
#include "core/api/object.h"

#include <QTimer>
#include <QWidget>

#include <functional>

class QLabel;
class QPlainTextEdit;

namespace rlab::ui {

class LayoutBarrier;

// Shows one stored object read-only: a title ("Deployment default/nginx · resourceVersion 9",
// the etcd key as its tooltip), the status explanation (ObjectSummary) and the object as YAML,
// the way `kubectl get -o yaml` prints it. Double-clicking a field (or its context menu) asks
// where its value came from: fieldOriginRequested(etcdKey, "spec.template.spec.containers[0].image")
// for the window's time travel (FieldOriginFinder). While frames run (setFramePacer), a rewrite
// of the shown object waits for the next frame's start, the newest one only (issue #17: a YAML
// re-render inside a frame's intake, per write of a Deployment under a rollout). GUI thread only.
class ObjectInspector : public QWidget
{
    Q_OBJECT
public:
    explicit ObjectInspector(QWidget *parent = nullptr);

    // Shows `object`: at once for another key, a first object or with no frames running; a
    // rewrite of the shown key while frames run at the next frameStarted() (or after
    // kDueFallbackMs if no frame comes). The same object again changes nothing.
    void setObject(const api::ObjectPtr &object, const QByteArray &etcdKey);
    void clear();
    // The object followed: the newest given, shown or about to be.
    api::ObjectPtr object() const { return m_pending ? m_pending : m_object; }
    static constexpr int kDueFallbackMs = 500;
    void setFramePacer(std::function<bool()> framesRun) { m_framesRun = std::move(framesRun); }
    void frameStarted();
    int renders() const { return m_renders; }   // for tests: how often the YAML was rendered
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
    void show(const api::ObjectPtr &object, const QByteArray &etcdKey);

    QLabel *m_title;
    LayoutBarrier *m_titleBarrier;
    QLabel *m_subtitle;
    QLabel *m_explanation;
    QLabel *m_scheduling;
    QPlainTextEdit *m_yaml;
    api::ObjectPtr m_object;
    QByteArray m_key;
    api::ObjectPtr m_pending;   // a rewrite of m_key waiting for a frame's start
    std::function<bool()> m_framesRun;
    QTimer m_dueFallback;
    int m_renders = 0;
};

} // namespace rlab::ui
