// SPDX-License-Identifier: Apache-2.0
#include "core/controller/namespace/namespaceconditionupdater.h"

#include <QJsonArray>

namespace rlab::controller {

namespace {
const QString kType = QStringLiteral("type");
const QString kStatus = QStringLiteral("status");
const QString kReason = QStringLiteral("reason");
const QString kMessage = QStringLiteral("message");
const QString kLastTransitionTime = QStringLiteral("lastTransitionTime");
const QString kConditions = QStringLiteral("conditions");

QJsonObject condition(const QString &type, const QString &status, const QString &reason, const QString &message, api::Time now)
{
    return QJsonObject{{kType, type}, {kStatus, status}, {kLastTransitionTime, api::formatTime(now)},
                       {kReason, reason}, {kMessage, message}};
}

// The "ok" variant of each type: False, with upstream's okReasons and okMessages.
QJsonObject successful(const QString &type, api::Time now)
{
    static const std::map<QString, std::pair<QString, QString>> ok{
        {QStringLiteral("NamespaceDeletionDiscoveryFailure"),
         {QStringLiteral("ResourcesDiscovered"), QStringLiteral("All resources successfully discovered")}},
        {QStringLiteral("NamespaceDeletionGroupVersionParsingFailure"),
         {QStringLiteral("ParsedGroupVersions"), QStringLiteral("All legacy kube types successfully parsed")}},
        {QStringLiteral("NamespaceDeletionContentFailure"),
         {QStringLiteral("ContentDeleted"), QStringLiteral("All content successfully deleted, may be waiting on finalization")}},
        {QStringLiteral("NamespaceContentRemaining"), {QStringLiteral("ContentRemoved"), QStringLiteral("All content successfully removed")}},
        {QStringLiteral("NamespaceFinalizersRemaining"),
         {QStringLiteral("ContentHasNoFinalizers"), QStringLiteral("All content-preserving finalizers finished")}},
    };
    const auto &[reason, message] = ok.at(type);
    return condition(type, QStringLiteral("False"), reason, message, now);
}

const QJsonObject *find(const QList<QJsonObject> &list, const QString &type)
{
    for (const QJsonObject &c : list)
        if (c.value(kType).toString() == type)
            return &c;
    return nullptr;
}
} // namespace

const QStringList &NamespaceConditionUpdater::conditionTypes()
{
    static const QStringList types{QStringLiteral("NamespaceDeletionDiscoveryFailure"),
                                   QStringLiteral("NamespaceDeletionGroupVersionParsingFailure"),
                                   QStringLiteral("NamespaceDeletionContentFailure"), QStringLiteral("NamespaceContentRemaining"),
                                   QStringLiteral("NamespaceFinalizersRemaining")};
    return types;
}

void NamespaceConditionUpdater::processDeleteContentErr(const QString &message, api::Time now)
{
    m_newConditions.append(condition(QStringLiteral("NamespaceDeletionContentFailure"), QStringLiteral("True"),
                                     QStringLiteral("ContentDeletionFailed"), message, now));
}

void NamespaceConditionUpdater::processContentTotals(const NamespaceContentTotals &totals, api::Time now)
{
    // "<what> <verb> <n> resource instances", sorted as upstream sorts them for stable updates
    // (std::map keeps them in order), joined after the condition's lead-in.
    const auto add = [&](const std::map<QString, int> &counts, const char *verb, const QString &type, const QString &reason,
                         const QString &leadIn) {
        QStringList phrases;
        for (const auto &[what, n] : counts)
            if (n > 0)
                phrases << QStringLiteral("%1 %2 %3 resource instances").arg(what, QLatin1String(verb)).arg(n);
        if (!phrases.isEmpty())
            m_newConditions.append(condition(type, QStringLiteral("True"), reason, leadIn + phrases.join(QStringLiteral(", ")), now));
    };
    add(totals.resourceToNumRemaining, "has", QStringLiteral("NamespaceContentRemaining"), QStringLiteral("SomeResourcesRemain"),
        QStringLiteral("Some resources are remaining: "));
    add(totals.finalizersToNumRemaining, "in", QStringLiteral("NamespaceFinalizersRemaining"), QStringLiteral("SomeFinalizersRemain"),
        QStringLiteral("Some content in the namespace has finalizers remaining: "));
}

bool NamespaceConditionUpdater::update(api::Namespace &ns, api::Time now) const
{
    QList<QJsonObject> old;
    for (const QJsonValue &v : ns.status.extra.value(kConditions).toArray())
        old.append(v.toObject());
    QJsonArray updated;
    for (const QJsonObject &c : old)
        if (!conditionTypes().contains(c.value(kType).toString()))
            updated.append(c);
    for (const QString &type : conditionTypes()) {
        const QJsonObject *wanted = find(m_newConditions, type);
        const QJsonObject fresh = wanted ? *wanted : successful(type, now);
        const QJsonObject *was = find(old, type);
        if (!was) {
            updated.append(fresh);
            continue;
        }
        QJsonObject kept = *was;
        if (kept.value(kStatus) != fresh.value(kStatus))
            kept.insert(kLastTransitionTime, api::formatTime(now));
        kept.insert(kType, type);
        kept.insert(kStatus, fresh.value(kStatus));
        kept.insert(kReason, fresh.value(kReason));
        kept.insert(kMessage, fresh.value(kMessage));
        updated.append(kept);
    }
    if (ns.status.extra.value(kConditions).toArray() == updated)
        return false;
    ns.status.extra.insert(kConditions, updated);
    return true;
}

} // namespace rlab::controller
