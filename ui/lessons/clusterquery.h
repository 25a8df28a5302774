#pragma once
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <optional>

namespace rlab {
namespace client {
class Interface;
}
namespace view {
class ClusterView;
}
} // namespace rlab

namespace rlab::ui {

// A question put to the cluster by a lesson, so teachers never hard-code the numbers a
// prediction reveals or the object a highlight points at. Forms (namespace: default):
//   {value: 3}                                        a literal (conceptual questions)
//   {deployment: nginx, field: status.updatedReplicas}  any object: deployment|replicaset|pod|node
//   {deployment: nginx, condition: Progressing, field: reason}   a status condition's field
//   {replicaset: new, deployment: nginx, field: spec.replicas}   new = the RS whose revision
//       annotation equals the Deployment's; old = every other RS it owns, numbers summed
//   {count: pods, labels: {app: nginx}, phase: Running, ready: true, terminating: false}
//   {workqueue: deployment, field: depth}   depth|processing|adds|dedups|requeues|gets|dones
// Absent `status.` numbers read as 0 (Go's omitempty). Example: after `scale 3→5` and one
// syncDeployment, {replicaset: new, deployment: nginx, field: spec.replicas} resolves to 5.
// Objects are read through the client (as kubectl get), queues from the view. A plain value;
// resolve() on the thread that owns the cluster.
struct ClusterQuery
{
    QJsonObject spec;

    struct Result
    {
        std::optional<QJsonValue> value;
        QString objectRef;   // "ReplicaSet/nginx-5f7799dff" when one object was read
        QString error;
    };

    // nullopt with *error (naming the offending key) if the form is not one of the above.
    static std::optional<ClusterQuery> fromJson(const QJsonValue &value, QString *error);
    Result resolve(client::Interface &client, const view::ClusterView &view) const;
};

} // namespace rlab::ui
