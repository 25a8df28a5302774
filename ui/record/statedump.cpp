#include "ui/record/statedump.h"

#include "core/client/interface.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>

namespace rlab::ui {

QJsonObject StateDump::objects(client::Interface &api)
{
    QList<api::ObjectPtr> all;
    for (const apiserver::ResourceType &rt : apiserver::resources::all()) {
        const auto l = api.list(rt, QString());
        if (l.ok())
            all += l.value.items;
    }
    std::sort(all.begin(), all.end(), [](const api::ObjectPtr &a, const api::ObjectPtr &b) {
        return std::tie(a->kindName, a->metadata.namespace_, a->metadata.name)
             < std::tie(b->kindName, b->metadata.namespace_, b->metadata.name);
    });
    QJsonArray items;
    for (const api::ObjectPtr &o : all)
        items.append(o->toJson());
    return QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                       {QStringLiteral("kind"), QStringLiteral("List")},
                       {QStringLiteral("items"), items}};
}

QByteArray StateDump::json(const QJsonObject &list)
{
    return QJsonDocument(list).toJson(QJsonDocument::Indented);
}

} // namespace rlab::ui
