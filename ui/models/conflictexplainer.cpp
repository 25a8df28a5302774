#include "ui/models/conflictexplainer.h"

#include <QRegularExpression>

#include <algorithm>

namespace rlab::ui {

namespace {

const QLatin1String kModified("the object has been modified");

bool isWriteVerb(const QString &verb)
{
    return verb == QLatin1String("update") || verb == QLatin1String("patch") || verb == QLatin1String("create")
        || verb == QLatin1String("apply");
}

QString kindOf(const QString &resource)
{
    if (resource == QLatin1String("deployments"))
        return QStringLiteral("Deployment");
    if (resource == QLatin1String("replicasets"))
        return QStringLiteral("ReplicaSet");
    if (resource == QLatin1String("pods"))
        return QStringLiteral("Pod");
    if (resource == QLatin1String("nodes"))
        return QStringLiteral("Node");
    return resource;
}

} // namespace

bool ConflictExplainer::isConflict(const QString &text)
{
    return text.contains(kModified);
}

std::optional<ConflictExplainer::Write> ConflictExplainer::find(const std::vector<TraceEvent> &events, qint64 errorSeq)
{
    const auto error = std::find_if(events.rbegin(), events.rend(), [&](const TraceEvent &e) { return e.seq == errorSeq; });
    if (error == events.rend() || !isConflict(error->text))
        return std::nullopt;
    // "Operation cannot be fulfilled on deployments.apps "nginx": the object has been modified; …"
    static const QRegularExpression on(QStringLiteral(R"re(on ([a-z0-9.-]+) "([^"]+)")re"));
    const QRegularExpressionMatch m = on.match(error->text);
    if (!m.hasMatch())
        return std::nullopt;
    const QString resource = m.captured(1).section(QLatin1Char('.'), 0, 0);
    const QString name = m.captured(2);
    const QString ns = error->key.contains(QLatin1Char('/')) ? error->key.section(QLatin1Char('/'), 0, 0) : QString();
    const QString requestKey = ns.isEmpty() ? name : ns + QLatin1Char('/') + name;
    const QString keySuffix = QLatin1Char('/') + resource + QLatin1Char('/') + requestKey;

    Write w;
    w.object = kindOf(resource) + QLatin1Char(' ') + requestKey;
    // The refused request: the controller's last write request for the object before the error.
    auto it = error;
    for (; it != events.rend(); ++it) {
        if (it->type == QLatin1String("Request") && it->key == requestKey
            && isWriteVerb(it->detail.value(QLatin1String("verb")).toString())) {
            w.failedAtRevision = it->rev;
            break;
        }
    }
    // The last write to the object's key before it, and the request that made that write.
    for (; it != events.rend(); ++it) {
        if ((it->type == QLatin1String("Put")) && it->key.endsWith(keySuffix))
            break;
    }
    if (it == events.rend())
        return std::nullopt;
    // Did the failing reconcile itself make that write (upstream: getNewReplicaSet's status
    // update, then syncRolloutStatus with the copy the sync started from)?
    const auto start = std::find_if(error, events.rend(), [&](const TraceEvent &e) {
        return e.type == QLatin1String("ReconcileStart") && e.component == error->component && e.worker == error->worker
            && e.key == error->key;
    });
    w.sameSync = start != events.rend() && start->seq < it->seq;
    w.etcdKey = it->key.toUtf8();
    w.revision = it->rev;
    w.t = it->t;
    for (; it != events.rend(); ++it) {
        if (it->type != QLatin1String("Request") || it->key != requestKey)
            continue;
        const QString verb = it->detail.value(QLatin1String("verb")).toString();
        if (!isWriteVerb(verb))
            continue;
        w.verb = verb;
        w.writer = it->detail.value(QLatin1String("userAgent")).toString();
        w.subresource = it->detail.value(QLatin1String("subresource")).toString();
        w.worker = it->worker;
        break;
    }
    return w;
}

QString ConflictExplainer::explain(const Write &w, const QString &controller)
{
    const QString who = w.writer.isEmpty() ? tr("an unknown client")
                      : w.worker >= 0      ? tr("%1 (worker %2)").arg(w.writer).arg(w.worker)
                                           : w.writer;
    const QString how = w.subresource.isEmpty() ? w.verb : QStringLiteral("%1 %2").arg(w.verb, w.subresource);
    QString out;
    if (w.sameSync) {
        out += tr("Why 409 Conflict: %1 was written at revision %2 (t = %3 s) by this same sync — %4 (%5). A later "
                  "update of the sync still carried the resourceVersion of the copy the sync started from, so the API "
                  "server refused it (optimistic concurrency: every update must name the version it changes).")
                   .arg(w.object)
                   .arg(w.revision)
                   .arg(QString::number(double(w.t) / 1000.0, 'f', 3), who, how.isEmpty() ? tr("write") : how);
        out += QLatin1Char('\n');
        out += tr("Upstream kube-controller-manager does exactly the same (getNewReplicaSet updates the status, then "
                  "syncRolloutStatus updates it again from its older copy), and nothing is wrong.");
    } else {
        out += tr("Why 409 Conflict: %1 was written at revision %2 (t = %3 s) by %4 (%5), after the %6 controller's "
                  "informer cache had given it its copy. Its update carried the older resourceVersion, so the API "
                  "server refused it (optimistic concurrency: every update must name the version it changes).")
                   .arg(w.object)
                   .arg(w.revision)
                   .arg(QString::number(double(w.t) / 1000.0, 'f', 3), who, how.isEmpty() ? tr("write") : how, controller);
        out += QLatin1Char('\n');
        out += tr("Upstream kube-controller-manager does exactly the same: the first sync after an apply often loses "
                  "this race, and nothing is wrong.");
    }
    out += QLatin1Char('\n');
    out += tr("handleErr requeues the key (addRateLimited, a short backoff); the next sync reads the object from the "
              "updated cache and succeeds.");
    return out;
}

} // namespace rlab::ui
