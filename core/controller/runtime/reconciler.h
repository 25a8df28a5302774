#pragma once
#include <QString>

namespace rlab::controller::runtime {

// controller-runtime's reconcile.Request: the name of one object to bring to its desired state.
struct Request
{
    QString namespace_;
    QString name;
    QString key() const { return namespace_.isEmpty() ? name : namespace_ + QLatin1Char('/') + name; }
    static Request fromKey(const QString &key);
};

// controller-runtime's reconcile.Result plus the error Go returns beside it:
// error set → requeue with rate limiting; requeueAfterMs > 0 → addAfter; requeue → addRateLimited;
// otherwise the key is forgotten (success). `note` is the sentence for the trace.
struct Result
{
    bool requeue = false;
    qint64 requeueAfterMs = 0;
    QString error;
    QString note;
};

// controller-runtime's reconcile.Reconciler: level-based — read the current state (from the
// manager's cache), compare with the desired state, act, return. Called on worker threads,
// never for the same key twice at once (the workqueue guarantees it).
class Reconciler
{
public:
    virtual ~Reconciler() = default;
    virtual Result reconcile(const Request &request) = 0;
};

} // namespace rlab::controller::runtime
