#include "ui/commands/clusterqueries.h"

#include "core/api/deployment.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"
#include "core/client/interface.h"
#include "core/kubectl/rollout.h"

#include <QSet>

#include <algorithm>
#include <tuple>

namespace rlab::ui {

namespace {
bool ownedBy(const api::Object &o, const QString &kind, const QString &name)
{
    for (const api::OwnerReference &ref : o.metadata.ownerReferences) {
        if (ref.kind == kind && ref.name == name)
            return true;
    }
    return false;
}

QList<api::ObjectPtr> listOf(client::Interface &api, api::Kind kind, const QString &ns)
{
    const auto r = api.list(apiserver::resources::byKind(kind), ns);
    return r.ok() ? r.value.items : QList<api::ObjectPtr>();
}
} // namespace

QString ClusterQueries::Pod::label() const
{
    QStringList parts{name, terminating ? QStringLiteral("Terminating") : phase};
    if (!node.isEmpty())
        parts << node;
    return parts.join(QStringLiteral(" · "));
}

QString ClusterQueries::Node::label() const
{
    if (ready == QLatin1String("True"))
        return name + QStringLiteral(" · Ready");
    return name + (ready == QLatin1String("Unknown") ? QStringLiteral(" · NotReady (Unknown)") : QStringLiteral(" · NotReady"));
}

QString ClusterQueries::Revision::label() const
{
    QStringList parts{QString::number(revision), images};
    if (!changeCause.isEmpty())
        parts << changeCause;
    return parts.join(QStringLiteral(" · ")) + (current ? QStringLiteral("  (current)") : QString());
}

QStringList ClusterQueries::deployments(client::Interface &api, const QString &ns)
{
    QStringList names;
    for (const api::ObjectPtr &o : listOf(api, api::Kind::Deployment, ns))
        names << o->metadata.name;
    names.sort();
    return names;
}

QList<ClusterQueries::Pod> ClusterQueries::podsOf(client::Interface &api, const QString &ns, const QString &deployment, int maxPods)
{
    QSet<QString> replicaSets;
    for (const api::ObjectPtr &o : listOf(api, api::Kind::ReplicaSet, ns)) {
        if (ownedBy(*o, QStringLiteral("Deployment"), deployment))
            replicaSets.insert(o->metadata.name);
    }
    QList<Pod> pods;
    if (replicaSets.isEmpty())
        return pods;
    // The Deployment's selector narrows the LIST (its pods carry those labels); ownership
    // through its ReplicaSets decides, as before.
    client::Interface::ListOptions page;
    if (const auto d = api.getAs<api::Deployment>(ns, deployment); d && d->spec.selector) {
        if (const auto selector = api::Selector::fromLabelSelector(*d->spec.selector))
            page.labelSelector = selector->toString();
    }
    page.limit = qMax(maxPods, 0);
    const apiserver::ResourceType &podType = apiserver::resources::byKind(api::Kind::Pod);
    for (;;) {
        const auto r = api.list(podType, ns, page);
        if (!r.ok())
            break;
        for (const api::ObjectPtr &o : r.value.items) {
            const auto pod = api::objectCast<api::Pod>(o);
            if (!pod || (maxPods > 0 && pods.size() >= maxPods))
                continue;
            bool mine = false;
            for (const api::OwnerReference &ref : pod->metadata.ownerReferences)
                mine |= ref.kind == QLatin1String("ReplicaSet") && replicaSets.contains(ref.name);
            if (mine)
                pods.append(Pod{pod->metadata.name, pod->status.phase, pod->spec.nodeName, pod->metadata.deletionTimestamp != 0});
        }
        if (r.value.continueToken.isEmpty() || (maxPods > 0 && pods.size() >= maxPods))
            break;
        page.continueToken = r.value.continueToken;
    }
    // Running pods first (what one would delete), Terminating ones after; by name within each.
    std::sort(pods.begin(), pods.end(), [](const Pod &a, const Pod &b) {
        return std::tie(a.terminating, a.name) < std::tie(b.terminating, b.name);
    });
    return pods;
}

QList<ClusterQueries::Node> ClusterQueries::nodes(client::Interface &api)
{
    QList<Node> nodes;
    for (const api::ObjectPtr &o : listOf(api, api::Kind::Node, QString())) {
        const auto node = api::objectCast<api::Node>(o);
        if (!node)
            continue;
        Node n{node->metadata.name, QString()};
        for (const api::Condition &c : node->status.conditions) {
            if (c.type == QLatin1String("Ready"))
                n.ready = c.status;
        }
        nodes.append(n);
    }
    std::sort(nodes.begin(), nodes.end(), [](const Node &a, const Node &b) { return a.name < b.name; });
    return nodes;
}

QList<ClusterQueries::Revision> ClusterQueries::revisions(client::Interface &api, const QString &ns, const QString &deployment)
{
    QList<Revision> out;
    const auto d = api.getAs<api::Deployment>(ns, deployment);
    if (!d)
        return out;
    const qint64 current = d->metadata.annotations.value(QStringLiteral("deployment.kubernetes.io/revision")).toLongLong();
    for (const kubectl::rollout::HistoryEntry &e : kubectl::rollout::historyEntries(api, ns, deployment)) {
        QStringList images;
        if (e.replicaSet) {
            for (const api::Container &c : e.replicaSet->spec.template_.spec.containers)
                images << c.image;
        }
        out.append(Revision{e.revision, images.join(QStringLiteral(", ")), e.changeCause, e.revision == current});
    }
    return out;
}

} // namespace rlab::ui
