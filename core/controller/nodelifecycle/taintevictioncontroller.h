// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/client/lister.h"
#include "core/controller/controller.h"
#include "core/controller/eventrecorder.h"

namespace rlab::client {
class Interface;
}
namespace rlab::client {
class SharedInformerFactory;
}

namespace rlab::controller {

// kube-controller-manager's taint-eviction-controller (pkg/controller/tainteviction): a pod on
// a node with NoExecute taints is deleted once its tolerations for them run out. Keys are pods;
// syncPod is level-based: a pod without a matching toleration goes at once, one whose matching
// tolerations all lack tolerationSeconds stays forever, otherwise it goes at the taint's
// timeAdded + the smallest tolerationSeconds (re-added with addAfter until then). Example: node-2
// fails at t=0 → unreachable:NoExecute (timeAdded 0); pods carry the DefaultTolerationSeconds
// toleration (300 s) → at t=300 s each gets DisruptionTarget=True, a TaintManagerEviction event
// and a normal delete (grace 30 s) — and stays Terminating while its kubelet is down.
// Thread rules: handlers on the informer thread; syncPod on the Controller's workers.
class TaintEvictionController
{
public:
    TaintEvictionController(client::Interface &api, client::SharedInformerFactory &informers, Clock &clock, TraceLog *trace);
    Controller &controller() { return m_controller; }
    SyncResult syncPod(const QString &key);

private:
    void enqueuePodsOn(const QString &nodeName);
    bool nodeHasNoExecute(const QString &nodeName) const;

    client::Interface &m_api;
    Clock &m_clock;
    TraceLog *m_trace;
    Controller m_controller;
    EventRecorder m_events;
    client::Lister<api::Pod> m_pods;
    client::Lister<api::Node> m_nodes;
};

} // namespace rlab::controller
