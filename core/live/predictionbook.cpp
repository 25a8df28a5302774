#include "core/live/predictionbook.h"

#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/api/replicaset.h"

namespace rlab::live {

using api::objectCast;

QString Prediction::stateName(State state)
{
    switch (state) {
    case State::Pending: return QStringLiteral("pending");
    case State::Matched: return QStringLiteral("matched");
    case State::Mismatched: return QStringLiteral("mismatched");
    case State::Expired: return QStringLiteral("expired");
    case State::Superseded: return QStringLiteral("superseded");
    }
    return {};
}

namespace {

const QString kRevision = QStringLiteral("deployment.kubernetes.io/revision");

QString path(const CapturedWrite &w)
{
    return QStringLiteral("%1/%2/%3").arg(w.resource, w.namespace_, w.name);
}

// What supersedes what: a newer write of the same verb to the same object (never Events).
QString target(const CapturedWrite &w)
{
    return w.resource == QLatin1String("events") ? QString() : w.verb + QLatin1Char(' ') + path(w);
}

QString statusSignature(const api::DeploymentStatus &s)
{
    return QStringLiteral("observedGeneration=%1 replicas=%2 updatedReplicas=%3 readyReplicas=%4 availableReplicas=%5")
        .arg(s.observedGeneration).arg(s.replicas).arg(s.updatedReplicas).arg(s.readyReplicas).arg(s.availableReplicas);
}

QString seconds(qint64 ms)
{
    return QString::number(double(ms) / 1000.0, 'f', 1);
}

} // namespace

QString PredictionBook::signatureOf(const CapturedWrite &w)
{
    if (const auto rs = objectCast<api::ReplicaSet>(w.object))
        return QStringLiteral("%1 %2 replicas=%3 revision=%4").arg(path(w), w.verb).arg(rs->replicas()).arg(rs->metadata.annotations.value(kRevision));
    if (const auto d = objectCast<api::Deployment>(w.object)) {
        if (w.verb == QLatin1String("updateStatus"))
            return QStringLiteral("%1 status %2").arg(path(w), statusSignature(d->status));
        return QStringLiteral("%1 %2 revision=%3").arg(path(w), w.verb, d->metadata.annotations.value(kRevision));
    }
    if (const auto ev = objectCast<api::Event>(w.object))
        return QStringLiteral("events %1 %2: %3").arg(ev->involvedObject.name, ev->reason, ev->message);
    return QStringLiteral("%1 %2 %3").arg(path(w), w.verb, QString::fromUtf8(w.body));
}

QString PredictionBook::describe(const CapturedWrite &w, const api::ObjectPtr &current)
{
    if (const auto rs = objectCast<api::ReplicaSet>(w.object)) {
        if (w.verb == QLatin1String("create"))
            return QStringLiteral("create ReplicaSet %1 with replicas %2").arg(w.name).arg(rs->replicas());
        const auto old = objectCast<api::ReplicaSet>(current);
        const int from = old ? old->replicas() : 0, to = rs->replicas();
        if (from == to)
            return QStringLiteral("update ReplicaSet %1 (annotations, replicas stay %2)").arg(w.name).arg(to);
        return QStringLiteral("scale %1 ReplicaSet %2 from %3 to %4").arg(to > from ? QStringLiteral("up") : QStringLiteral("down"), w.name).arg(from).arg(to);
    }
    if (const auto d = objectCast<api::Deployment>(w.object)) {
        if (w.verb == QLatin1String("updateStatus"))
            return QStringLiteral("update Deployment %1 status: replicas %2, updatedReplicas %3, readyReplicas %4, availableReplicas %5")
                .arg(w.name).arg(d->status.replicas).arg(d->status.updatedReplicas).arg(d->status.readyReplicas).arg(d->status.availableReplicas);
        return QStringLiteral("update Deployment %1").arg(w.name);
    }
    if (const auto ev = objectCast<api::Event>(w.object))
        return QStringLiteral("record Event %1: %2").arg(ev->reason, ev->message);
    if (w.verb == QLatin1String("delete"))
        return QStringLiteral("delete %1 %2").arg(w.resource, w.name);
    return QStringLiteral("%1 %2 %3").arg(w.verb, w.resource, w.name);
}

std::vector<Prediction> PredictionBook::add(const QString &deployment, qint64 t, const std::vector<CapturedWrite> &writes,
                                            const QStringList &notes,
                                            const std::function<api::ObjectPtr(const CapturedWrite &)> &current)
{
    std::vector<Prediction> added;
    for (const CapturedWrite &w : writes) {
        const QString sig = signatureOf(w);
        bool repeated = false;
        for (const Prediction &p : m_all)
            repeated = repeated || (p.state == Prediction::State::Pending && p.signature == sig);
        if (repeated)
            continue;
        const QString tgt = target(w);
        if (!tgt.isEmpty())
            for (Prediction &p : m_all)
                if (p.state == Prediction::State::Pending && target(p.write) == tgt)
                    resolve(p, Prediction::State::Superseded, t, QStringLiteral("superseded: decided again on newer state"));
        Prediction p;
        p.id = m_nextId++;
        p.t = t;
        p.deployment = deployment;
        p.write = w;
        p.signature = sig;
        p.text = describe(w, current ? current(w) : nullptr);
        p.why = notes.join(QLatin1Char('\n'));
        m_all.push_back(p);
        added.push_back(p);
    }
    return added;
}

bool PredictionBook::fulfilled(const Prediction &p, const LiveEvent &e) const
{
    const CapturedWrite &w = p.write;
    if (e.resource != w.resource || !e.object)
        return false;
    if (const auto want = objectCast<api::Event>(w.object)) {
        const auto got = objectCast<api::Event>(e.object);
        return got && e.type != LiveEvent::Type::Deleted && got->reason == want->reason && got->message == want->message
               && got->involvedObject.name == want->involvedObject.name;
    }
    if (e.object->metadata.name != w.name || e.object->metadata.namespace_ != w.namespace_)
        return false;
    if (w.verb == QLatin1String("delete"))
        return e.type == LiveEvent::Type::Deleted;
    if (e.type == LiveEvent::Type::Deleted)
        return false;
    if (const auto want = objectCast<api::ReplicaSet>(w.object)) {
        const auto got = objectCast<api::ReplicaSet>(e.object);
        const QString rev = want->metadata.annotations.value(kRevision);
        return got && got->replicas() == want->replicas() && (rev.isEmpty() || got->metadata.annotations.value(kRevision) == rev);
    }
    if (const auto want = objectCast<api::Deployment>(w.object)) {
        const auto got = objectCast<api::Deployment>(e.object);
        if (!got)
            return false;
        if (w.verb == QLatin1String("updateStatus"))
            return statusSignature(got->status) == statusSignature(want->status);
        return got->metadata.annotations.value(kRevision) == want->metadata.annotations.value(kRevision);
    }
    return true;   // a create (the object appeared), a patch or another write (it changed)
}

void PredictionBook::resolve(Prediction &p, Prediction::State state, qint64 t, const QString &outcome)
{
    p.state = state;
    p.resolvedAt = t;
    p.outcome = outcome;
}

std::vector<Prediction> PredictionBook::observe(const LiveEvent &e)
{
    std::vector<Prediction> resolved;
    const auto rs = objectCast<api::ReplicaSet>(e.object);
    const QString rsKey = rs ? QStringLiteral("replicasets/%1/%2").arg(rs->metadata.namespace_, rs->metadata.name) : QString();
    const bool rsScaled = rs && e.type != LiveEvent::Type::Deleted
                          && (!m_lastReplicas.contains(rsKey) || m_lastReplicas.value(rsKey) != rs->replicas());
    const auto sameRs = [&](const Prediction &p) {
        return objectCast<api::ReplicaSet>(p.write.object) && p.write.name == rs->metadata.name
               && p.write.namespace_ == rs->metadata.namespace_;
    };
    bool rsDone = false;
    for (Prediction &p : m_all) {
        if (p.state != Prediction::State::Pending || !fulfilled(p, e))
            continue;
        resolve(p, Prediction::State::Matched, e.t, QStringLiteral("done by the cluster %1 s later").arg(seconds(e.t - p.t)));
        resolved.push_back(p);
        rsDone = rsDone || (rs && sameRs(p));
    }
    if (rsScaled && !rsDone) {
        // The cluster's controller may have decided on a state the shadow had already left
        // behind: a recent superseded prediction of exactly this size is then what it did.
        for (auto it = m_all.rbegin(); it != m_all.rend() && !rsDone; ++it) {
            if (it->state != Prediction::State::Superseded || !sameRs(*it) || e.t - it->t > m_windowMs || !fulfilled(*it, e))
                continue;
            resolve(*it, Prediction::State::Matched, e.t,
                    QStringLiteral("done by the cluster %1 s later, decided on the state before the newest event").arg(seconds(e.t - it->t)));
            resolved.push_back(*it);
            rsDone = true;
        }
    }
    if (rsScaled && !rsDone) {
        for (Prediction &p : m_all) {
            if (p.state != Prediction::State::Pending || !sameRs(p))
                continue;
            resolve(p, Prediction::State::Mismatched, e.t,
                    QStringLiteral("the cluster set ReplicaSet %1 to %2 replicas instead of %3: it does not decide like "
                                   "this lab's syncDeployment (another version, a custom controller, or a changed spec)")
                        .arg(rs->metadata.name).arg(rs->replicas()).arg(objectCast<api::ReplicaSet>(p.write.object)->replicas()));
            resolved.push_back(p);
        }
    }
    if (rs) {
        if (e.type == LiveEvent::Type::Deleted)
            m_lastReplicas.remove(rsKey);
        else
            m_lastReplicas.insert(rsKey, rs->replicas());
    }
    return resolved;
}

std::vector<Prediction> PredictionBook::expire(qint64 now)
{
    std::vector<Prediction> expired;
    for (Prediction &p : m_all) {
        if (p.state != Prediction::State::Pending || now - p.t < m_windowMs)
            continue;
        resolve(p, Prediction::State::Expired, now,
                QStringLiteral("not done by the cluster within %1 s: is its Deployment controller running "
                               "(kube-controller-manager stopped, a custom controller, a stuck rollout)?").arg(seconds(m_windowMs)));
        expired.push_back(p);
    }
    return expired;
}

int PredictionBook::count(Prediction::State state) const
{
    int n = 0;
    for (const Prediction &p : m_all)
        n += p.state == state ? 1 : 0;
    return n;
}

} // namespace rlab::live
