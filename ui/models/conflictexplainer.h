#pragma once
#include "core/base/traceevent.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace rlab::ui {

// Why a reconcile failed with "the object has been modified" (409 Conflict), read from the
// trace: the object's etcd key (from the error's `on deployments.apps "nginx"`), the last write
// to that key before the failed request — its revision and who made it (the userAgent and
// worker of the API request just before that Put) — and the sentence the activity detail shows:
// optimistic concurrency, that upstream behaves the same, and that handleErr requeues the key.
// Example: ReconcileError seq 90 on default/nginx, Put /registry/deployments/default/nginx at
// rev 7 after "deployment update deployments/status" → {rev 7, writer "deployment", …}.
// Pure functions of values; any thread.
class ConflictExplainer
{
    Q_DECLARE_TR_FUNCTIONS(rlab::ui::ConflictExplainer)
public:
    struct Write
    {
        QString object;        // "Deployment default/nginx"
        QByteArray etcdKey;    // /registry/deployments/default/nginx
        qint64 revision = 0;   // the write that moved the object
        qint64 t = 0;          // virtual ms of that write
        QString writer;        // userAgent of its request ("deployment", "kubectl apply", …)
        int worker = -1;
        QString verb;          // update, patch, …
        QString subresource;   // "status" or ""
        qint64 failedAtRevision = 0;   // the store's revision when the update was refused
        bool sameSync = false;         // written earlier in the very reconcile that then failed
    };

    static bool isConflict(const QString &text);
    // `events` in seq order; `errorSeq` the ReconcileError's seq. nullopt when it is not a
    // conflict or the write is no longer in the trace.
    static std::optional<Write> find(const std::vector<TraceEvent> &events, qint64 errorSeq);
    // The paragraphs the activity detail appends under the failed reconcile.
    static QString explain(const Write &write, const QString &controller);
};

} // namespace rlab::ui
