#pragma once
#include "core/live/liveevent.h"
#include "core/live/prediction.h"

#include <QHash>
#include <functional>
#include <vector>

namespace rlab::live {

// Keeps the shadow controller's predictions and judges them against what the cluster then did
// (every observed watch event, in order): a ReplicaSet write is done when the ReplicaSet shows
// the predicted spec.replicas (and revision annotation), a create when the object appears, a
// delete when it goes, a Deployment status write when the observed status has the predicted
// replicas/updatedReplicas/readyReplicas/availableReplicas/observedGeneration, an Event when an
// Event with the same reason and message about the same object arrives. A ReplicaSet scaled to
// another size than predicted is a mismatch; a prediction still pending `windowMs` after it
// was made has expired. Thread rules: one thread (the mirror's owner).
class PredictionBook
{
public:
    explicit PredictionBook(qint64 windowMs) : m_windowMs(windowMs) {}

    // Adds what one sync would write; a write already pending with the same signature is not
    // repeated. Returns the predictions added.
    std::vector<Prediction> add(const QString &deployment, qint64 t, const std::vector<CapturedWrite> &writes,
                                const QStringList &notes, const std::function<api::ObjectPtr(const CapturedWrite &)> &current);
    // Judges the pending predictions against one observed event; returns those resolved.
    std::vector<Prediction> observe(const LiveEvent &event);
    // Expires what is pending longer than the window; returns those expired.
    std::vector<Prediction> expire(qint64 now);

    const std::vector<Prediction> &all() const { return m_all; }
    int count(Prediction::State state) const;
    qint64 windowMs() const { return m_windowMs; }

    static QString signatureOf(const CapturedWrite &w);
    static QString describe(const CapturedWrite &w, const api::ObjectPtr &current);

private:
    bool fulfilled(const Prediction &p, const LiveEvent &e) const;
    void resolve(Prediction &p, Prediction::State state, qint64 t, const QString &outcome);

    qint64 m_windowMs;
    std::vector<Prediction> m_all;
    quint64 m_nextId = 1;
    QHash<QString, int> m_lastReplicas;   // "replicasets/ns/name" -> last observed spec.replicas
};

} // namespace rlab::live
