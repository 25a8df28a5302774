#include "core/api/codec.h"

#include "core/api/decodecontext.h"
#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/api/genericobject.h"
#include "core/api/namespace.h"
#include "core/api/node.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"

namespace rlab::api {

MutableObjectPtr newObject(Kind kind)
{
    switch (kind) {
    case Kind::Namespace: return std::make_shared<Namespace>();
    case Kind::Node: return std::make_shared<Node>();
    case Kind::Pod: return std::make_shared<Pod>();
    case Kind::ReplicaSet: return std::make_shared<ReplicaSet>();
    case Kind::Deployment: return std::make_shared<Deployment>();
    case Kind::Event: return std::make_shared<Event>();
    case Kind::Generic: return std::make_shared<GenericObject>();
    }
    return nullptr;
}

DecodeResult decodeObject(const QJsonObject &json, bool strict)
{
    DecodeResult r;
    const QJsonValue apiVersion = json.value(QLatin1String("apiVersion"));
    const QJsonValue kind = json.value(QLatin1String("kind"));
    QStringList missing;
    if (!apiVersion.isString() || apiVersion.toString().isEmpty())
        missing << QStringLiteral("apiVersion not set");
    if (!kind.isString() || kind.toString().isEmpty())
        missing << QStringLiteral("kind not set");
    if (!missing.isEmpty()) {
        r.errors = missing;
        r.error = missing.size() == 1 ? missing.first()
                                      : QStringLiteral("[%1]").arg(missing.join(QStringLiteral(", ")));
        return r;
    }
    const QString kindName = kind.toString();
    const QString version = apiVersion.toString();
    MutableObjectPtr obj;
    if (const ResourceInfo *info = resourceForKind(kindName)) {
        if (version != info->apiVersion()) {
            r.error = QStringLiteral("no matches for kind \"%1\" in version \"%2\"").arg(kindName, version);
            r.errors << r.error;
            return r;
        }
        obj = newObject(info->kind);
    } else {
        const qsizetype slashes = version.count(QLatin1Char('/'));
        if (slashes > 1 || version.startsWith(QLatin1Char('/')) || version.endsWith(QLatin1Char('/'))) {
            r.error = QStringLiteral("unexpected GroupVersion string: %1").arg(version);
            r.errors << r.error;
            return r;
        }
        obj = std::make_shared<GenericObject>();
    }
    DecodeContext ctx;
    ctx.strict = strict;
    obj->fromJson(json, ctx);
    r.warnings = ctx.warnings;
    if (!ctx.ok()) {
        r.errors = ctx.errors;
        const QString prefix = QStringLiteral("%1 in version \"%2\" cannot be handled as a %1: ").arg(kindName, version);
        r.error = prefix + (strict && ctx.errors.first().startsWith(QLatin1String("unknown field"))
                                ? QStringLiteral("strict decoding error: ") + ctx.errors.join(QStringLiteral(", "))
                                : ctx.errors.first());
        return r;
    }
    r.object = std::move(obj);
    return r;
}

} // namespace rlab::api
