// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/client/lister.h"
#include "core/controller/controller.h"
#include "core/controller/eventrecorder.h"
#include "core/controller/kubelet/kubeletconfig.h"
#include "core/controller/kubelet/podworker.h"

#include <atomic>
#include <optional>

namespace rlab::client {
class Interface;
}
namespace rlab::client {
class SharedInformerFactory;
}

namespace rlab::controller {

// The kubelet of one node. Its Pod handler enqueues the keys of pods bound to this node (spec,
// metadata or deletion changes — not status, which the kubelet owns), into its own Controller
// "kubelet/<node>"; syncPod(key) is level-based: the PodWorker applies whatever stages are due,
// the status is rebuilt and written with ApiServer::updateStatus when it differs, events go out
// as the real kubelet's do, and the key is re-added (addAfter) for the next due stage.
// Worked timeline, defaults (pull 2 s, start 1 s, ready 1 s, termination 2 s), bound at t0:
//   t0      Pending, ContainerCreating; hostIP, startTime; events Pulling
//   t0+2s   (no status change) Pulled "… in 2s (2s including waiting) …", Created
//   t0+3s   Running: podIP from the podCIDR, containerID, imageID, started; Started
//   t0+4s   Ready/ContainersReady True, lastTransitionTime t0+4s
//   delete at td (grace 30)  Killing "Stopping container nginx"; td+2s Succeeded, removed with grace 0
// stop() (node failure) makes it do nothing at all; start() shifts every pending stage by the
// downtime and resyncs all its pods (terminating ones are finally removed).
// Thread rules: handlers on the informer thread; syncPod on the Controller's workers (one key at
// a time per key); stop/start from any thread.
class KubeletPodRouter;

class Kubelet
{
public:
    // With a router (a cluster's kubelets share one), the Pod handler is reached through it,
    // only for pods on this node; without, it is registered on the Pod informer directly.
    Kubelet(QString nodeName, client::Interface &api, client::SharedInformerFactory &informers, Clock &clock,
            TraceLog *trace, KubeletConfig config = {}, KubeletPodRouter *router = nullptr);

    QString nodeName() const { return m_nodeName; }
    Controller &controller() { return m_controller; }
    const KubeletConfig &config() const { return m_worker.config(); }
    SyncResult syncPod(const QString &key);

    // Node failure: from now on nothing happens on this node until start().
    void stop();
    // Recovery: the node continues where it stopped; every pod on it is synced again.
    void start();
    bool isRunning() const { return m_running.load(); }

    // The container runtime's view of a pod (for tests and the GUI).
    std::optional<PodRuntime> runtime(const QString &key) const { return m_worker.runtime(key); }

private:
    bool onThisNode(const api::ObjectPtr &obj) const;
    void trace(const QString &type, const QString &key, const QString &text, const QJsonObject &detail = {}) const;

    const QString m_nodeName;
    client::Interface &m_api;
    Clock &m_clock;
    TraceLog *m_trace;
    quint32 m_traceComponent = 0, m_tracePodPhase = 0;   // m_trace's ids of kubelet/<node> and PodPhase
    Controller m_controller;
    EventRecorder m_events;
    client::Lister<api::Pod> m_pods;
    client::Lister<api::Node> m_nodes;
    PodWorker m_worker;
    std::atomic<bool> m_running{true};
    std::atomic<qint64> m_stoppedAt{0};
    std::atomic<qint64> m_resumedAt{0};
};

} // namespace rlab::controller
