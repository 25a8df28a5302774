#include "ui/record/stepforms.h"

#include "core/api/yamlreader.h"

#include <QJsonObject>
#include <QVariantList>

namespace rlab::ui {

namespace {
QVariantMap target(const QString &deployment, const QString &ns)
{
    QVariantMap args{{QStringLiteral("deployment"), deployment}};
    if (!ns.isEmpty() && ns != QLatin1String("default"))
        args.insert(QStringLiteral("namespace"), ns);
    return args;
}
} // namespace

QVariantMap StepForms::apply(const QList<ManifestSource> &sources)
{
    QVariantList items;
    for (const ManifestSource &src : sources) {
        const api::ReadResult read = api::YamlReader::read(src.text, src.name);
        for (const api::SourceDocument &doc : api::YamlReader::expandLists(read.documents))
            if (doc.value.isObject())
                items.append(doc.value.toObject().toVariantMap());
    }
    if (items.isEmpty())
        return {};
    const QVariantMap object = items.size() == 1
                                   ? items.first().toMap()
                                   : QVariantMap{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                                                 {QStringLiteral("kind"), QStringLiteral("List")},
                                                 {QStringLiteral("items"), items}};
    return {{QStringLiteral("apply"), QVariantMap{{QStringLiteral("object"), object}}}};
}

QVariantMap StepForms::scale(const QString &deployment, int replicas, const QString &ns)
{
    QVariantMap args = target(deployment, ns);
    args.insert(QStringLiteral("replicas"), replicas);
    return {{QStringLiteral("scale"), args}};
}

QVariantMap StepForms::setImage(const QString &deployment, const QString &container, const QString &image,
                                const QString &ns)
{
    QVariantMap args = target(deployment, ns);
    args.insert(QStringLiteral("container"), container);
    args.insert(QStringLiteral("image"), image);
    return {{QStringLiteral("setImage"), args}};
}

QVariantMap StepForms::rolloutUndo(const QString &deployment, qint64 toRevision, const QString &ns)
{
    QVariantMap args = target(deployment, ns);
    args.insert(QStringLiteral("toRevision"), toRevision);
    return {{QStringLiteral("rolloutUndo"), args}};
}

QVariantMap StepForms::rollout(const QString &verb, const QString &deployment, const QString &ns)
{
    return {{verb, target(deployment, ns)}};
}

QVariantMap StepForms::deleteObject(const QString &kind, const QString &name, const QString &ns)
{
    QVariantMap args{{QStringLiteral("kind"), kind}, {QStringLiteral("name"), name}};
    if (!ns.isEmpty() && ns != QLatin1String("default"))
        args.insert(QStringLiteral("namespace"), ns);
    return {{QStringLiteral("delete"), args}};
}

QVariantMap StepForms::node(const QString &verb, const QString &node)
{
    return {{verb, QVariantMap{{QStringLiteral("node"), node}}}};
}

QString StepForms::action(const QVariantMap &step)
{
    return step.isEmpty() ? QString() : step.firstKey();
}

} // namespace rlab::ui
