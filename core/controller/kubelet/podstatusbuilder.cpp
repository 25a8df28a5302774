// SPDX-License-Identifier: Apache-2.0
#include "core/controller/kubelet/podstatusbuilder.h"
#include "core/base/joined.h"

#include <QHash>
#include <QSet>
#include <QJsonArray>

#include <algorithm>
#include <array>

namespace rlab::api {
// For the set of recent condition lists below (found by argument-dependent lookup, so here).
// Cheap: the strings' lengths and the times, not their characters (a hit is confirmed by
// comparing the lists). The kubelet's lists differ in status ("True" / "False"),
// reason and message lengths and in the second of a transition; hashing every character of
// the ~20 strings of a pod's conditions was ~3,300 instructions a status update.
static size_t qHash(const Condition &c, size_t seed = 0) noexcept
{
    return qHashMulti(seed, c.type.size(), c.status.size(), c.reason.size(), c.message.size(), c.lastProbeTime,
                      c.lastHeartbeatTime, c.lastUpdateTime, c.lastTransitionTime);
}
} // namespace rlab::api

namespace rlab::controller {

using namespace rlab::api;

namespace {
const QString kTrue = QStringLiteral("True");
const QString kFalse = QStringLiteral("False");
const QString kReady = QStringLiteral("Ready");
const QString kContainersReady = QStringLiteral("ContainersReady");
const QString kPodScheduled = QStringLiteral("PodScheduled");

const QString kPodReadyToStartContainers = QStringLiteral("PodReadyToStartContainers");
const QString kInitialized = QStringLiteral("Initialized");

// The conditions the kubelet writes (PodScheduled is the scheduler's, kept as it is). By
// length first: one compare at most (five each were ~60 instructions a condition, twice a build).
bool ownedByKubelet(const QString &type)
{
    switch (type.size()) {
    case 5: return type == kReady;
    case 11: return type == kInitialized;
    case 12: return type == kPodScheduled;
    case 15: return type == kContainersReady;
    case 25: return type == kPodReadyToStartContainers;
    default: return false;
    }
}

// findCondition, the same characters in memory taken as equal without reading them (the types
// of a status the kubelet built are its own constants).
qsizetype findConditionOf(const QList<Condition> &conditions, const QString &type)
{
    for (qsizetype i = 0; i < conditions.size(); ++i) {
        const QString &t = conditions[i].type;
        if (t.size() == type.size() && (t.constData() == type.constData() || t == type))
            return i;
    }
    return -1;
}

Condition condition(const QString &type, const QString &status, const QString &reason = {}, const QString &message = {})
{
    Condition c;
    c.type = type;
    c.status = status;
    c.reason = reason;
    c.message = message;
    return c;
}

qint64 seconds(qint64 ms)
{
    return ms / 1000 * 1000;
}

// Conditions are the same for every pod whose containers started in the same second (times are
// whole seconds): a new list equal to one built recently is that one, shared (100,000 pods at
// rlab bench --size large held ~600 bytes of conditions each). Per thread, bounded; QList is
// implicitly shared, so a pod that changes its copy detaches from it.
QList<Condition> shared(QList<Condition> conditions)
{
    // In front of the set, the last few lists handed out: pods of one burst come one after
    // another, and comparing a list (its strings shared, so mostly pointers) costs less than
    // hashing its five conditions.
    thread_local std::array<QList<Condition>, 4> last;
    thread_local std::size_t next = 0;
    for (const QList<Condition> &l : last)
        if (!l.isEmpty() && l == conditions)
            return l;
    thread_local QSet<QList<Condition>> recent;
    if (const auto it = recent.constFind(conditions); it != recent.cend())
        return last[next++ % last.size()] = *it;
    if (recent.size() >= 4096)
        recent.clear();
    recent.insert(conditions);
    return last[next++ % last.size()] = conditions;
}
} // namespace

QString PodStatusBuilder::phase(const PodSpec &spec, const QList<ContainerStatus> &statuses, bool podIsTerminal)
{
    int waiting = 0, running = 0, stopped = 0, succeeded = 0, unknown = 0;
    for (const Container &c : spec.containers) {
        const auto it = std::find_if(statuses.cbegin(), statuses.cend(), [&](const ContainerStatus &s) { return s.name == c.name; });
        if (it == statuses.cend()) {
            ++unknown;
        } else if (it->state.running) {
            ++running;
        } else if (it->state.terminated) {
            ++stopped;
            if (it->state.terminated->exitCode == 0)
                ++succeeded;
        } else if (it->state.waiting) {
            if (it->lastState.terminated)
                ++stopped;
            else
                ++waiting;
        } else {
            ++unknown;
        }
    }
    if (waiting > 0)
        return QStringLiteral("Pending");
    if (running > 0 && unknown == 0)
        return QStringLiteral("Running");
    if (running == 0 && stopped > 0 && unknown == 0) {
        if (podIsTerminal)
            return stopped == succeeded ? QStringLiteral("Succeeded") : QStringLiteral("Failed");
        if (spec.restartPolicy.isEmpty() || spec.restartPolicy == QLatin1String("Always"))
            return QStringLiteral("Running");
        if (stopped == succeeded)
            return QStringLiteral("Succeeded");
        if (spec.restartPolicy == QLatin1String("Never"))
            return QStringLiteral("Failed");
        return QStringLiteral("Running");
    }
    return QStringLiteral("Pending");
}

PodStatus PodStatusBuilder::build(const Pod &current, const PodRuntime &rt, const QString &hostIP, qint64 atMs, qint64 notBeforeMs)
{
    const PodStatus &old = current.status;
    PodStatus st = old;
    st.hostIP = hostIP;
    if (!hostIP.isEmpty()) {
        // Built once per node address (per thread), and written only when it differs: a copied
        // status already has it, and an insert would copy the whole extra object. A status
        // whose extra is nothing but that (nearly all) gets, or already holds, one shared
        // {hostIPs} object per node: a pointer compare instead of a lookup and a compare.
        struct HostIPs
        {
            QJsonValue value;     // [{ip}]
            QJsonObject alone;    // {hostIPs: [{ip}]}
        };
        thread_local QHash<QString, HostIPs> hostIPs;
        auto wanted = hostIPs.constFind(hostIP);
        if (wanted == hostIPs.cend()) {
            if (hostIPs.size() >= 4096)
                hostIPs.clear();
            const QJsonValue value = QJsonArray{QJsonObject{{QStringLiteral("ip"), hostIP}}};
            wanted = hostIPs.insert(hostIP, HostIPs{value, QJsonObject{{QStringLiteral("hostIPs"), value}}});
        }
        const QLatin1String field("hostIPs");
        if (st.extra.isEmpty())
            st.extra = wanted->alone;
        else if (st.extra != wanted->alone && st.extra.value(field) != wanted->value)
            st.extra.insert(field, wanted->value);
    }
    st.startTime = seconds(rt.firstSeen);
    if (rt.sandboxReadyAt != 0 && !rt.podIP.isEmpty()) {
        st.podIP = rt.podIP;
        st.podIPs = {PodIP{rt.podIP}};
    }
    // The runtime's own list, shared (no copy per status write); an equal one already stored
    // stays the stored version's.
    st.containerStatuses = rt.statuses == old.containerStatuses ? old.containerStatuses : rt.statuses;

    const bool oldTerminal = old.phase == QLatin1String("Succeeded") || old.phase == QLatin1String("Failed");
    st.phase = oldTerminal ? old.phase : phase(current.spec, st.containerStatuses, rt.killed);

    QStringList unready;
    qint64 allReadySince = notBeforeMs;
    for (qsizetype i = 0; i < rt.containers.size(); ++i) {
        const ContainerRuntime &c = rt.containers[i];
        if (!rt.statuses[i].ready)
            unready << c.name;
        else
            allReadySince = std::max(allReadySince, c.readySince);
    }
    const bool completed = st.phase == QLatin1String("Succeeded");
    Condition containersReady = condition(kContainersReady, kTrue);
    if (!unready.isEmpty() || rt.containers.isEmpty() || completed) {
        containersReady.status = kFalse;
        containersReady.reason = completed ? QStringLiteral("PodCompleted") : QStringLiteral("ContainersNotReady");
        if (!completed) {
            // The same few container names in most pods: the message of the last list is kept.
            thread_local QStringList lastUnready;
            thread_local QString lastMessage;
            if (lastMessage.isEmpty() || unready != lastUnready) {
                lastUnready = unready;
                lastMessage = joined(u"containers with unready status: [", unready.join(QLatin1Char(' ')), u"]");
            }
            containersReady.message = lastMessage;
        }
    }
    Condition ready = containersReady;
    ready.type = kReady;
    const qsizetype scheduled = findConditionOf(old.conditions, kPodScheduled);
    std::array<Condition, 5> generated{
        condition(kPodReadyToStartContainers, rt.sandboxReadyAt != 0 && !rt.killed ? kTrue : kFalse),
        condition(kInitialized, kTrue, completed ? QStringLiteral("PodCompleted") : QString()),
        std::move(ready),
        std::move(containersReady),
        scheduled >= 0 ? old.conditions[scheduled] : condition(kPodScheduled, kTrue),
    };
    // The old conditions the kubelet does not own stay first, in order.
    qsizetype kept = 0;
    std::array<bool, 16> owned{};   // by old index, for the first 16 (a pod has 5 or 6)
    for (qsizetype i = 0; i < old.conditions.size(); ++i) {
        const bool o = ownedByKubelet(old.conditions[i].type);
        if (i < qsizetype(owned.size()))
            owned[std::size_t(i)] = o;
        kept += o ? 0 : 1;
    }
    const auto isOwned = [&](qsizetype i) { return i < qsizetype(owned.size()) ? owned[std::size_t(i)] : ownedByKubelet(old.conditions[i].type); };
    for (Condition &c : generated) {
        const qsizetype i = findConditionOf(old.conditions, c.type);
        if (i >= 0 && old.conditions[i].status == c.status && old.conditions[i].lastTransitionTime != 0) {
            c.lastTransitionTime = old.conditions[i].lastTransitionTime;
            c.lastProbeTime = old.conditions[i].lastProbeTime;
        } else if (c.status == kTrue && (c.type == kReady || c.type == kContainersReady)) {
            c.lastTransitionTime = seconds(allReadySince);
        } else {
            c.lastTransitionTime = seconds(atMs);
        }
    }
    // Unchanged conditions stay shared with the stored version (each retained version of a
    // pod held its own copy of the same five conditions): compared before any list is made.
    bool same = old.conditions.size() == kept + qsizetype(generated.size());
    for (qsizetype i = 0; same && i < old.conditions.size(); ++i)
        same = i < kept ? !isOwned(i)   // the kept ones first, as they were
                        : old.conditions[i] == generated[std::size_t(i - kept)];
    if (same) {
        st.conditions = old.conditions;
        return st;
    }
    // Sized exactly: the list is stored with the pod's version (appending grew it to twice the
    // five conditions it holds: ~0.5 KB of spare capacity per retained pod version).
    QList<Condition> merged;
    merged.reserve(kept + qsizetype(generated.size()));
    for (qsizetype i = 0; i < old.conditions.size(); ++i)
        if (!isOwned(i))
            merged.append(old.conditions[i]);
    for (Condition &c : generated)
        merged.append(std::move(c));
    st.conditions = merged == old.conditions ? old.conditions : shared(std::move(merged));
    return st;
}

QString PodStatusBuilder::displayStatus(const ObjectMeta &metadata, const PodStatus &status)
{
    QString reason = status.reason.isEmpty() ? status.phase : status.reason;
    bool hasRunning = false;
    for (qsizetype i = status.containerStatuses.size() - 1; i >= 0; --i) {
        const ContainerStatus &c = status.containerStatuses[i];
        if (c.state.waiting && !c.state.waiting->reason.isEmpty())
            reason = c.state.waiting->reason;
        else if (c.state.terminated && !c.state.terminated->reason.isEmpty())
            reason = c.state.terminated->reason;
        else if (c.state.terminated)
            reason = QStringLiteral("ExitCode:%1").arg(c.state.terminated->exitCode);
        else if (c.ready && c.state.running)
            hasRunning = true;
    }
    if (reason == QLatin1String("Completed") && hasRunning)
        reason = QStringLiteral("Running");
    if (metadata.deletionTimestamp != 0)
        reason = status.reason == QLatin1String("NodeLost") ? QStringLiteral("Unknown") : QStringLiteral("Terminating");
    return reason;
}

} // namespace rlab::controller
