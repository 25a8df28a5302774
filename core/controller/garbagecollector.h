#pragma once
#include "core/api/object.h"
#include "core/apiserver/resourcetype.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace rlab::client {
class Interface;
}

namespace rlab::controller {

// The garbage collector (pkg/controller/garbagecollector), in one pass over the store:
//  - an object whose owners (by ownerReferences uid) are all gone is deleted (Background
//    cascade: delete a Deployment, its ReplicaSets go, then their pods);
//  - an owner being deleted with the `foregroundDeletion` finalizer has its dependents deleted
//    (foreground, recursively) and loses the finalizer once none is left;
//  - an owner with the `orphan` finalizer has its ownerReference removed from every dependent,
//    then loses the finalizer.
// Events are ignored, as upstream's DefaultIgnoredResources.
// collect() returns how many API writes it made (0 = nothing to do), so runners can loop it
// until idle. Thread rules: one collect() at a time; all writes go through the ApiServer.
class GarbageCollector
{
public:
    explicit GarbageCollector(client::Interface &api);
    int collect();
    QStringList lastActions() const { return m_actions; }   // what the last collect() did, for the trace

private:
    using Fetched = std::vector<std::pair<apiserver::ResourceType, QList<api::ObjectPtr>>>;
    int fullPass(const Fetched &fetched);   // the actions, over every listed object

    client::Interface &m_api;
    QStringList m_actions;
};

} // namespace rlab::controller
