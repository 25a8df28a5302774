// SPDX-License-Identifier: Apache-2.0
#include "core/controller/namespace/namespacecontroller.h"

#include "core/client/sharedinformerfactory.h"

namespace rlab::controller {

using namespace rlab::api;

NamespaceController::NamespaceController(client::Interface &api, client::SharedInformerFactory &informers, Clock &clock,
                                         TraceLog *trace)
    : m_controller(QStringLiteral("namespace-controller"), QStringLiteral("syncNamespaceFromKey"), clock, trace, -1),
      m_namespaces(informers.lister<Namespace>()), m_deleter(api)
{
    m_controller.setSyncHandler([this](const QString &key) { return syncNamespaceFromKey(key); });
    informers.informerFor<Namespace>().addEventHandler(client::ResourceEventHandlerFuncs(
        [this](const ObjectPtr &obj, bool) { enqueueNamespace(obj); },
        [this](const ObjectPtr &, const ObjectPtr &newObj) { enqueueNamespace(newObj); }, {}));
}

void NamespaceController::enqueueNamespace(const ObjectPtr &obj)
{
    // Only namespaces being deleted, and not at once (namespaceDeletionGracePeriod).
    if (obj && obj->metadata.deletionTimestamp != 0)
        m_controller.enqueueAfter(obj->metadata.name, kNamespaceDeletionGracePeriodMs);
}

SyncResult NamespaceController::syncNamespaceFromKey(const QString &key)
{
    SyncResult r;
    if (!m_namespaces.get(key)) {
        r.notes << QStringLiteral("Namespace has been deleted %1").arg(key);
        return r;
    }
    const NamespaceDeletion d = m_deleter.delete_(key);
    r.notes = d.notes;
    if (!d.error.isEmpty()) {
        r.error = QStringLiteral("deletion of namespace %1 failed: %2").arg(key, d.error);
        return r;
    }
    if (d.estimateSeconds > 0) {
        // ResourcesRemainingError: look again in estimate/2 + 1 seconds.
        const qint64 waitSeconds = d.estimateSeconds / 2 + 1;
        m_controller.enqueueAfter(key, waitSeconds * 1000);
        r.notes << QStringLiteral("content remaining in namespace %1: again in %2s").arg(key).arg(waitSeconds);
    }
    return r;
}

} // namespace rlab::controller
