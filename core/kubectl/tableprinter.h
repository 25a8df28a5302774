#pragma once
#include "core/api/object.h"
#include "core/apiserver/resourcetype.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>

namespace rlab::kubectl {

// Server-side printing (meta.k8s.io/v1 Table), what makes `kubectl get` look normal: the
// columns kube-apiserver's printers define for deployments, replicasets, pods, nodes, events and
// namespaces (priority 1 = shown only by `-o wide`), and Name + Created At for anything else.
// Cells are computed at response time against the virtual clock (AGE "2m9s", pod STATUS
// "ContainerCreating"/"Terminating", READY "2/3"). Each row carries the object's metadata
// (PartialObjectMetadata), the whole object, or nothing (?includeObject=Metadata|Object|None).
// A plain value; any thread.
class TablePrinter
{
public:
    enum class IncludeObject { None, Metadata, Object };

    TablePrinter(apiserver::ResourceType resource, qint64 nowMs, IncludeObject include = IncludeObject::Metadata);

    QJsonArray columnDefinitions() const;
    QJsonArray cells(const api::Object &obj) const;
    QJsonObject row(const api::Object &obj) const;
    // {"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{resourceVersion, continue},...}
    // withColumns false writes "columnDefinitions": null (watch events after the first).
    QJsonObject table(const QList<api::ObjectPtr> &items, qint64 resourceVersion, const QString &continueToken = {},
                      bool withColumns = true) const;

    static IncludeObject parseIncludeObject(const QString &value);
    // k8s.io/apimachinery/pkg/util/duration.HumanDuration: 59s, 2m9s, 15m, 5h10m, 3d4h, 2y10d.
    static QString humanDuration(qint64 ms);

private:
    QString age(qint64 timestampMs) const;

    apiserver::ResourceType m_rt;
    qint64 m_now;
    IncludeObject m_include;
};

} // namespace rlab::kubectl
