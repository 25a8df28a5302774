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
    // Makes key() answer from a string kept with the object: the ApiServer calls it on a version
    // it is about to store (never changed again), which every informer, queue and handler then
    // asks its key of (~1 M times at rlab bench --size medium, a string built each time). The
    // key of `previous` (the version it replaces, same namespace and name) is shared when it has
    // one. A copy (clone(), assignment) does not inherit it: its name may change.
    void rememberKey(const Object *previous = nullptr);

    QString apiVersion;
    QString kindName;
    ObjectMeta metadata;

private:
    // Copies start without it.
    struct KeyMemo
    {
        QString key;
        KeyMemo() = default;
        KeyMemo(const KeyMemo &) {}
        KeyMemo &operator=(const KeyMemo &)
        {
            key = QString();
            return *this;
        }
    };
    KeyMemo m_key;
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
