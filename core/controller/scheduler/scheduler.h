#pragma once
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/client/lister.h"
#include "core/controller/controller.h"
#include "core/controller/eventrecorder.h"
#include "core/controller/scheduler/nodeinfo.h"

#include <QHash>
#include <QSet>
#include <mutex>

namespace rlab::client {
class Interface;
}
namespace rlab::client {
class SharedInformerFactory;
}

namespace rlab::controller {

// kube-scheduler, reduced to what a Deployment needs: its own queue of unscheduled pods
// (schedulerName default-scheduler, no nodeName), scheduleOne = filter every node (see
// schedulerplugins.h), score the feasible ones, bind to the best (ties: node name order) through
// pods/binding. When nothing fits, the pod stays Pending with PodScheduled=False Unschedulable
// and a FailedScheduling event ("0/3 nodes are available: 3 Insufficient cpu."), and is retried
// when a node changes or a pod goes away (and at least every 5 minutes, upstream's
// podMaxInUnschedulablePodsDuration). Bound-but-not-yet-seen pods are "assumed" so that two
// quick cycles do not double-book a node. Thread rules: handlers on the informer thread, the
// sync on one worker at a time per pod key; shared state under m_mutex.
class Scheduler
{
public:
    Scheduler(client::Interface &api, client::SharedInformerFactory &informers, Clock &clock, TraceLog *trace);
    Controller &controller() { return m_controller; }
    // One scheduling cycle for one pod key (the sync handler).
    SyncResult scheduleOne(const QString &key);

private:
    void enqueueIfUnscheduled(const api::ObjectPtr &obj);
    void moveAllToActiveQueue(const QString &why);
    // The scheduler cache: what each node already carries, kept up to date from pod events
    // (parsing every pod's requests on every cycle would make scheduling N pods O(N²)).
    void cachePod(const api::ObjectPtr &obj);
    void uncachePod(const QString &key);
    struct Placement
    {
        QString node;
        PodRequests requests;
    };
    struct NodeUsage
    {
        qint64 cpuMilli = 0, memoryBytes = 0, nonZeroCpuMilli = 0, nonZeroMemoryBytes = 0;
        int pods = 0;
    };

    client::Interface &m_api;
    Clock &m_clock;
    TraceLog *m_trace;
    Controller m_controller;
    EventRecorder m_events;
    client::Lister<api::Pod> m_pods;
    client::Lister<api::Node> m_nodes;
    std::mutex m_mutex;
    QHash<QString, QString> m_assumed;        // pod key -> node, until the informer shows the binding
    QHash<QString, int> m_unschedulable;      // pod key -> attempts
    QHash<QString, Placement> m_placements;   // pod key -> where it counts (bound or assumed)
    QHash<QString, NodeUsage> m_usage;        // node -> sum of its placements
};

} // namespace rlab::controller
