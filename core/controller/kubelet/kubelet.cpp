// SPDX-License-Identifier: Apache-2.0
#include "core/controller/kubelet/kubelet.h"
#include "core/api/samedata.h"

#include "core/base/joined.h"
#include "core/client/interface.h"
#include "core/client/sharedinformerfactory.h"
#include "core/controller/kubelet/goduration.h"
#include "core/controller/kubelet/kubeletpodrouter.h"
#include "core/controller/kubelet/podstatusbuilder.h"
#include "core/base/clock.h"
#include "core/base/tracelog.h"

#include <QHash>
#include <QSet>
#include <array>

namespace rlab::controller {

using namespace rlab::api;

namespace {
// What the kubelet's pod config source passes on (podsDifferSemantically): not status.
bool differsSemantically(const Pod &a, const Pod &b)
{
    return a.metadata.uid != b.metadata.uid || a.spec != b.spec || a.metadata.labels != b.metadata.labels
        || a.metadata.annotations != b.metadata.annotations || a.metadata.deletionTimestamp != b.metadata.deletionTimestamp
        || a.metadata.deletionGracePeriodSeconds != b.metadata.deletionGracePeriodSeconds;
}

QString internalIP(const Node &node)
{
    for (const NodeAddress &a : node.status.addresses)
        if (a.type == QLatin1String("InternalIP"))
            return a.address;
    return {};
}
} // namespace

Kubelet::Kubelet(QString nodeName, client::Interface &api, client::SharedInformerFactory &informers, Clock &clock,
                 TraceLog *trace, KubeletConfig config, KubeletPodRouter *router)
    : m_nodeName(std::move(nodeName)), m_api(api), m_clock(clock), m_trace(trace),
      m_controller(QStringLiteral("kubelet/") + m_nodeName, QStringLiteral("syncPod"), clock, trace, -1),
      m_events(api, QStringLiteral("kubelet")),
      m_pods(informers.lister<Pod>()), m_nodes(informers.lister<Node>()),
      m_worker(config)
{
    m_controller.setSyncHandler([this](const QString &key) { return syncPod(key); });
    if (m_trace) {
        m_traceComponent = m_trace->nameId(m_controller.name());
        m_tracePodPhase = m_trace->nameId(QStringLiteral("PodPhase"));
    }
    auto handler = std::make_shared<client::ResourceEventHandlerFuncs>(
        [this](const ObjectPtr &obj, bool) {
            if (m_running.load() && onThisNode(obj))
                m_controller.enqueue(obj->key());
        },
        [this](const ObjectPtr &oldObj, const ObjectPtr &newObj) {
            if (!m_running.load() || !onThisNode(newObj))
                return;
            const auto o = objectCast<Pod>(oldObj);
            const auto n = objectCast<Pod>(newObj);
            if (o->spec.nodeName != n->spec.nodeName || differsSemantically(*o, *n))
                m_controller.enqueue(newObj->key());
        },
        [this](const ObjectPtr &obj, const client::DeletedFinalStateUnknown *) {
            if (m_running.load() && onThisNode(obj))
                m_controller.enqueue(obj->key());
        });
    if (router)
        router->add(m_nodeName, std::move(handler));
    else
        informers.informerFor<Pod>().addEventHandler(std::move(handler));
}

bool Kubelet::onThisNode(const ObjectPtr &obj) const
{
    const auto pod = objectCast<Pod>(obj);
    return pod && pod->spec.nodeName == m_nodeName;
}

void Kubelet::trace(const QString &type, const QString &key, const QString &text, const QJsonObject &detail) const
{
    if (!m_trace)
        return;
    TraceEvent ev;
    ev.component = m_controller.name();
    ev.type = type;   // a literal: no characters copied
    ev.key = key;
    ev.text = text;
    ev.detail = detail;
    m_trace->append(std::move(ev));
}

SyncResult Kubelet::syncPod(const QString &key)
{
    SyncResult r;
    if (!m_running.load()) {
        r.notes << QStringLiteral("the kubelet is stopped (node failure): nothing happens until the node recovers");
        return r;
    }
    const auto pod = m_pods.getByKey(key);
    if (!pod || pod->spec.nodeName != m_nodeName) {
        if (m_worker.runtime(key)) {
            m_worker.forget(key);
            r.notes << QStringLiteral("the pod is gone: its containers are removed and its IP is released");
        } else {
            r.notes << (pod ? QStringLiteral("not a pod of this node") : QStringLiteral("the pod is gone from the API"));
        }
        return r;
    }
    const auto node = m_nodes.get(m_nodeName);
    const QString hostIP = node ? internalIP(*node) : QString();
    const qint64 now = m_clock.now();
    const PodWorkerResult out = m_worker.sync(*pod, node ? node->spec.podCIDR : QString(), now);
    for (const PodWorkerResult::Event &e : out.events)
        m_events.event(*pod, e.type, e.reason, e.message);

    // The status manager (status_manager.go): a status that differs from the one the kubelet
    // knows the pod has (its informer's copy) needs an update: GET the latest pod, write the
    // status built on it if that differs. One that does not is not synced: no GET (upstream's
    // needsUpdate; most syncs of a running pod change nothing).
    const QString &ns = pod->metadata.namespace_;
    const QString &name = pod->metadata.name;
    std::shared_ptr<const Pod> fresh = pod;
    PodStatus status = PodStatusBuilder::build(*pod, out.runtime, hostIP, out.at, m_resumedAt.load());
    if (status != pod->status) {
        fresh = m_api.getAs<Pod>(ns, name);
        if (!fresh || fresh->metadata.uid != pod->metadata.uid) {
            r.notes << QStringLiteral("the pod changed under the kubelet; the informer will bring it back");
            return r;
        }
        if (fresh->metadata.resourceVersion != pod->metadata.resourceVersion)
            status = PodStatusBuilder::build(*fresh, out.runtime, hostIP, out.at, m_resumedAt.load());
    }
    const QString shown = PodStatusBuilder::displayStatus(fresh->metadata, status);
    if (m_trace && !out.phases.isEmpty()) {
        // Few distinct details (node × phase × shown status): each built once per thread and
        // shared by the events (bounded like ApiServer::traceRequest's). In front of the hash,
        // the last few compared by value: no key string made for most syncs.
        struct Recent
        {
            QString node, phase, shown;
            QJsonObject detail;
        };
        thread_local std::array<Recent, 8> recent;
        thread_local std::size_t nextRecent = 0;
        const QJsonObject *detail = nullptr;
        // The same strings in memory first (the node's own name, the phases' and reasons'
        // literals: nearly every hit), then equal ones.
        for (const Recent &r : recent)
            if (!r.detail.isEmpty() && sameData(r.node, m_nodeName) && sameData(r.phase, status.phase) && sameData(r.shown, shown)) {
                detail = &r.detail;
                break;
            }
        if (!detail)
            for (const Recent &r : recent)
                if (!r.detail.isEmpty() && r.phase == status.phase && r.shown == shown && r.node == m_nodeName) {
                    detail = &r.detail;
                    break;
                }
        if (!detail) {
            thread_local QHash<QString, QJsonObject> details;
            const QString detailKey = m_nodeName + QLatin1Char('\x1f') + status.phase + QLatin1Char('\x1f') + shown;
            auto cached = details.constFind(detailKey);
            if (cached == details.cend()) {
                if (details.size() >= 4096)
                    details.clear();
                cached = details.insert(detailKey, QJsonObject{{QStringLiteral("node"), m_nodeName},
                                                               {QStringLiteral("phase"), status.phase},
                                                               {QStringLiteral("status"), shown}});
            }
            Recent &r = recent[nextRecent];
            nextRecent = (nextRecent + 1) % recent.size();
            r = Recent{m_nodeName, status.phase, shown, *cached};
            detail = &r.detail;
        }
        for (const QString &sentence : out.phases) {
            if (!m_trace)
                continue;
            TraceLog::Compact ev;
            ev.component = m_traceComponent;
            ev.type = m_tracePodPhase;
            ev.key = key;
            ev.text = sentence;
            ev.detail = detail;
            m_trace->appendCompact(ev);
        }
    }
    if (status != fresh->status) {
        auto updated = std::static_pointer_cast<Pod>(fresh->clone());
        updated->status = status;
        const auto written = m_api.updateStatus(updated);
        if (!written.ok()) {
            if (written.error->code == 404) {
                m_worker.forget(key);
                r.notes << QStringLiteral("the pod was deleted meanwhile");
                return r;
            }
            r.error = written.error->message;
            return r;
        }
        r.notes << (shown == status.phase ? joined(u"status: ", shown) : joined(u"status: ", status.phase, u" (", shown, u")"));
    }
    if (out.remove) {
        apiserver::DeleteOptions opts;
        opts.gracePeriodSeconds = 0;
        opts.preconditionUid = pod->metadata.uid;
        const auto removed = m_api.remove(apiserver::resources::byKind(Kind::Pod), ns, name, opts);
        if (!removed.ok() && removed.error->code != 404) {
            r.error = removed.error->message;
            return r;
        }
        m_worker.forget(key);
        r.notes << QStringLiteral("deleted with grace 0: the pod is removed from etcd");
        return r;
    }
    if (out.nextAt > 0) {
        m_controller.enqueueAfter(key, out.nextAt - now);
        r.notes << joined(u"next stage in ", formatGoDuration(out.nextAt - now));
    }
    return r;
}

void Kubelet::stop()
{
    if (!m_running.exchange(false))
        return;
    m_stoppedAt = m_clock.now();
    trace(QStringLiteral("KubeletStop"), QString(),
          QStringLiteral("the kubelet on %1 stopped (node failure): it runs no stage and posts no status until the node recovers")
              .arg(m_nodeName));
}

void Kubelet::start()
{
    if (m_running.load())
        return;
    const qint64 now = m_clock.now();
    const qint64 stoppedAt = m_stoppedAt.load();
    m_worker.shift(stoppedAt, now - stoppedAt);
    m_resumedAt = now;
    QSet<QString> keys;
    for (const auto &pod : m_pods.list())
        if (pod->spec.nodeName == m_nodeName)
            keys.insert(pod->key());
    for (const QString &key : m_worker.keys())
        keys.insert(key);
    QStringList sorted(keys.cbegin(), keys.cend());
    sorted.sort();
    m_running = true;
    trace(QStringLiteral("KubeletStart"), QString(),
          QStringLiteral("the kubelet on %1 is back after %2: every stage on the node resumes where it stopped; resyncing its %3 pod(s)")
              .arg(m_nodeName, formatGoDuration(now - stoppedAt))
              .arg(sorted.size()));
    for (const QString &key : sorted)
        m_controller.enqueue(key);
}

} // namespace rlab::controller
