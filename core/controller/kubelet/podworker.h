// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/base/lightmutex.h"
#include "core/controller/kubelet/kubeletconfig.h"
#include "core/controller/kubelet/nodeimages.h"
#include "core/controller/kubelet/podipallocator.h"
#include "core/controller/kubelet/messagememo.h"
#include "core/controller/kubelet/podruntime.h"

#include <QHash>
#include <QList>
#include <QStringList>

#include <mutex>
#include <optional>

namespace rlab::controller {

// What one PodWorker::sync did: the record afterwards, the kubelet events and trace sentences
// it produced (in order), and when the pod needs its next sync. A plain value.
struct PodWorkerResult
{
    struct Event
    {
        QString type, reason, message;
    };
    PodRuntime runtime;
    QList<Event> events;
    QStringList phases;   // one readable sentence per stage change (trace type PodPhase)
    qint64 at = 0;        // time of the last transition applied (now when none)
    qint64 nextAt = 0;    // next due transition, 0 = none
    bool remove = false;  // containers stopped after deletion: delete the pod with grace 0
};

// The node's simulated container runtime plus the kubelet's per-pod state machine
// (pod_workers.go + kuberuntime_manager.go, reduced). sync() is level-based: given the pod as
// the informer shows it and the time, it applies every stage transition that is due, in time
// order, each at its own due time, and reports when the next one is due. Pure bookkeeping —
// no API calls, no clock: the Kubelet turns the result into status writes, events and timers.
// Thread rules: any thread; one mutex guards the records, the node's images and its IPAM.
class PodWorker
{
public:
    explicit PodWorker(KubeletConfig config = {});

    PodWorkerResult sync(const api::Pod &pod, const QString &podCIDR, qint64 now);
    // The pod is gone from the API: drop its containers and release its IP.
    void forget(const QString &key);
    // Node failure: the node was frozen from `fromMs` for `deltaMs`; every pending stage,
    // back-off and pull moves that much later.
    void shift(qint64 fromMs, qint64 deltaMs);

    QStringList keys() const;
    std::optional<PodRuntime> runtime(const QString &key) const;
    const KubeletConfig &config() const { return m_config; }

private:
    struct Step;
    PodRuntime &recordFor(const api::Pod &pod, const QString &podCIDR, qint64 now, bool *isNew);
    void adopt(PodRuntime &rec, const api::Pod &pod, const QString &podCIDR, qint64 now);
    void ensureImage(Step &s, ContainerRuntime &c, qint64 t);
    void create(Step &s, ContainerRuntime &c, qint64 t);
    void advance(Step &s, ContainerRuntime &c, qint64 t);
    void pullDone(Step &s, ContainerRuntime &c, qint64 t);
    void started(Step &s, ContainerRuntime &c, qint64 t);
    void exited(Step &s, ContainerRuntime &c, qint64 t);
    void startNext(Step &s, const ContainerRuntime &c, qint64 t);
    void beginKill(Step &s, qint64 t, qint64 graceSeconds);
    void finishKill(Step &s, qint64 t);
    void sandboxReady(Step &s, qint64 t);

    const KubeletConfig m_config;
    mutable LightMutex m_mutex;
    QHash<QString, PodRuntime> m_pods;   // the pod's key ("ns/name") → its record (its uid in it)
    NodeImages m_images;
    PodIpAllocator m_ips;
    // The Events' messages the kubelet writes for every pod, made once per container name or
    // image (MessageMemo): Pulled (present), Created, Started, Killing.
    MessageMemo m_presentMessages, m_createdMessages, m_startedMessages, m_killingMessages;
};

} // namespace rlab::controller
