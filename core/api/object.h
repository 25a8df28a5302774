#pragma once
#include "core/api/kind.h"
#include "core/api/objectmeta.h"

#include <QByteArray>
#include <QJsonObject>
#include <memory>

namespace rlab::api {

struct DecodeContext;

// Base of every API object: TypeMeta (apiVersion, kind) + ObjectMeta, plus the kind's own fields
// in the subclass. Objects are values: once stored they are shared as
// std::shared_ptr<const Object> between threads and never modified (copy with clone(), change
// the copy, write it back through the ApiServer).
class Object
{
public:
    virtual ~Object() = default;
    virtual Kind kind() const = 0;
    virtual std::shared_ptr<Object> clone() const = 0;
    // The JSON a kube-apiserver would return / write to etcd (keys sorted).
    virtual QJsonObject toJson() const = 0;
    // Reads fields from JSON; unknown fields and type errors are reported into ctx.
    virtual void fromJson(const QJsonObject &json, DecodeContext &ctx) = 0;

    QByteArray toJsonBytes() const;   // compact JSON of toJson()
    QString key() const;              // "namespace/name" or "name" (client-go MetaNamespaceKeyFunc)

    QString apiVersion;
    QString kindName;
    ObjectMeta metadata;
};

using ObjectPtr = std::shared_ptr<const Object>;
using MutableObjectPtr = std::shared_ptr<Object>;

// Typed view of a stored object: nullptr when the object is of another kind.
template<class T> std::shared_ptr<const T> objectCast(const ObjectPtr &o)
{
    return (o && o->kind() == T::kKind) ? std::static_pointer_cast<const T>(o) : nullptr;
}
template<class T> std::shared_ptr<T> objectCast(const MutableObjectPtr &o)
{
    return (o && o->kind() == T::kKind) ? std::static_pointer_cast<T>(o) : nullptr;
}

} // namespace rlab::api
