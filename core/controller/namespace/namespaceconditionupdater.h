// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/namespace.h"
#include "core/api/time.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <map>

namespace rlab::controller {

// What is left in a terminating namespace after a deletion pass: instances per resource
// ("pods." for core, "replicasets.apps") and per finalizer found on them.
struct NamespaceContentTotals
{
    std::map<QString, int> resourceToNumRemaining;
    std::map<QString, int> finalizersToNumRemaining;
};

// The namespace deleter's status conditions (pkg/controller/namespace/deletion/
// status_condition_utils.go): five types, each True with the failure's reason and message or
// False with its success variant. Example: 2 pods left behind foregroundDeletion →
//   NamespaceContentRemaining True SomeResourcesRemain "Some resources are remaining: pods. has 2 resource instances"
//   NamespaceFinalizersRemaining True SomeFinalizersRemain
//     "Some content in the namespace has finalizers remaining: foregroundDeletion in 2 resource instances"
// and the other three False (ResourcesDiscovered, ParsedGroupVersions, ContentDeleted).
// A plain value: one per pass, on the controller's worker.
class NamespaceConditionUpdater
{
public:
    static const QStringList &conditionTypes();   // in the order update() writes them

    void processDeleteContentErr(const QString &message, api::Time now);
    void processContentTotals(const NamespaceContentTotals &totals, api::Time now);
    // Writes the five conditions into ns.status (other condition types kept first); a condition
    // whose status, reason and message are unchanged keeps its lastTransitionTime, one whose
    // status changed gets `now`. Returns whether the conditions changed.
    bool update(api::Namespace &ns, api::Time now) const;

private:
    QList<QJsonObject> m_newConditions;
};

} // namespace rlab::controller
