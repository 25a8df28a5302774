// toJson/fromJson of every typed kind: the field lists live next to each struct (visitFields).
#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/api/genericobject.h"
#include "core/api/jsondecoder.h"
#include "core/api/jsonencoder.h"
#include "core/api/namespace.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"

namespace rlab::api {

#define RLAB_TYPED_KIND(Type, ApiVersion)                                                      \
    Type::Type()                                                                               \
    {                                                                                          \
        apiVersion = QStringLiteral(ApiVersion);                                               \
        kindName = QStringLiteral(#Type);                                                      \
    }                                                                                          \
    QJsonObject Type::toJson() const { return JsonEncoder::encode(*this); }                    \
    void Type::fromJson(const QJsonObject &json, DecodeContext &ctx)                           \
    {                                                                                          \
        JsonDecoder::decode(json, *this, ctx);                                                 \
    }

RLAB_TYPED_KIND(Pod, "v1")
RLAB_TYPED_KIND(ReplicaSet, "apps/v1")
RLAB_TYPED_KIND(Deployment, "apps/v1")
RLAB_TYPED_KIND(Node, "v1")
RLAB_TYPED_KIND(Event, "v1")
RLAB_TYPED_KIND(Namespace, "v1")

#undef RLAB_TYPED_KIND

bool Node::isReady() const
{
    const qsizetype i = findCondition(status.conditions, QStringLiteral("Ready"));
    return i >= 0 && status.conditions[i].status == QLatin1String("True");
}

QJsonObject GenericObject::toJson() const
{
    QJsonObject out = content;
    out.insert(QLatin1String("apiVersion"), apiVersion);
    out.insert(QLatin1String("kind"), kindName);
    out.insert(QLatin1String("metadata"), JsonEncoder::encode(metadata));
    return out;
}

void GenericObject::fromJson(const QJsonObject &json, DecodeContext &ctx)
{
    content = json;
    apiVersion = json.value(QLatin1String("apiVersion")).toString();
    kindName = json.value(QLatin1String("kind")).toString();
    content.remove(QLatin1String("apiVersion"));
    content.remove(QLatin1String("kind"));
    content.remove(QLatin1String("metadata"));
    const QJsonValue meta = json.value(QLatin1String("metadata"));
    if (meta.isObject())
        JsonDecoder::decode(meta.toObject(), metadata, ctx, QStringLiteral("metadata"));
    else if (!meta.isUndefined() && !meta.isNull())
        ctx.errors.append(QStringLiteral("json: cannot unmarshal %1 into Go struct field %2.metadata of type v1.ObjectMeta")
                              .arg(JsonDecoder::jsonTypeName(meta), kindName));
}

} // namespace rlab::api
