// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/client/lister.h"
#include "core/controller/controller.h"
#include "core/controller/eventrecorder.h"
#include "core/controller/nodelifecycle/taintevictioncontroller.h"

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

class Kubelet;

// The teacher's node failure, and kube-controller-manager's node-lifecycle-controller reacting
// to it. failNode(n) stops n's kubelet at once and enqueues n; syncNode(n) (monitorNodeHealth)
// is level-based on the failed set: a failed node gets Ready (and the pressure conditions)
// Unknown / NodeStatusUnknown "Kubelet stopped posting node status.", the taints
// node.kubernetes.io/unreachable NoSchedule + NoExecute (timeAdded), a NodeNotReady event, and
// its pods Ready=False (MarkPodsNotReady); a recovered node gets Ready=True KubeletReady back and
// loses those taints. Real clusters wait node-monitor-grace-period (40 s) before all this; the
// lab does it as soon as the node fails. Eviction is the owned TaintEvictionController's job:
//   t=0 failNode(node-2) → Unknown, tainted, pods NotReady; the RS still counts them
//   t=300 s pods get deletionTimestamp (DefaultTolerationSeconds) → stay Terminating, and
//           their ReplicaSet creates replacements that the scheduler puts on other nodes
//   recoverNode(node-2) → Ready, untainted, kubelet resyncs: Terminating pods are removed
// Thread rules: failNode/recoverNode/addKubelet from any thread (m_mutex); handlers on the
// informer thread; syncNode on the Controller's workers.
class NodeLifecycleController
{
public:
    NodeLifecycleController(client::Interface &api, client::SharedInformerFactory &informers, Clock &clock, TraceLog *trace);

    // The kubelets failNode/recoverNode stop and start (by node name). Not owned.
    void addKubelet(Kubelet &kubelet);
    void failNode(const QString &name);
    void recoverNode(const QString &name);
    bool isFailed(const QString &name) const;

    Controller &controller() { return m_controller; }                    // "node-lifecycle-controller"
    TaintEvictionController &taintEviction() { return m_taintEviction; }  // "taint-eviction-controller"
    SyncResult syncNode(const QString &name);

private:
    SyncResult markFailed(const api::Node &node);
    SyncResult markRecovered(const api::Node &node);
    void trace(const QString &key, const QString &text) const;

    client::Interface &m_api;
    Clock &m_clock;
    TraceLog *m_trace;
    Controller m_controller;
    EventRecorder m_nodeEvents;      // "node-controller", as upstream's recorder is named
    EventRecorder m_kubeletEvents;   // NodeReady is the kubelet's event
    client::Lister<api::Pod> m_pods;
    TaintEvictionController m_taintEviction;
    mutable std::mutex m_mutex;
    QSet<QString> m_failed;
    QHash<QString, Kubelet *> m_kubelets;
};

} // namespace rlab::controller
