#include "core/api/objectpack.h"

#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/api/eventpack.h"
#include "core/api/genericobject.h"
#include "core/api/namespace.h"
#include "core/api/node.h"
#include "core/api/packreader.h"
#include "core/api/packwriter.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"


namespace rlab::api {

namespace {

constexpr quint8 kPackVersion = 4;

template<class T> void packTyped(PackWriter &w, const Object &o)
{
    visitFields(w, const_cast<T &>(static_cast<const T &>(o)));   // the writer only reads
}

template<class T> MutableObjectPtr unpackTyped(PackReader &r)
{
    auto o = std::make_shared<T>();
    visitFields(r, *o);
    return o;
}

} // namespace

QByteArray packObject(const Object &o)
{
    PackWriter w;   // writes into a buffer sized ahead; take() copies the bytes out exactly
    w.byte(kPackVersion);
    w.byte(quint8(o.kind()));
    switch (o.kind()) {
    case Kind::Namespace: packTyped<Namespace>(w, o); break;
    case Kind::Node: packTyped<Node>(w, o); break;
    case Kind::Pod: packTyped<Pod>(w, o); break;
    case Kind::ReplicaSet: packTyped<ReplicaSet>(w, o); break;
    case Kind::Deployment: packTyped<Deployment>(w, o); break;
    case Kind::Event: {
        const auto &e = static_cast<const Event &>(o);
        if (!packEvent(w, e)) {   // a first byte of 0, then field by field
            w.byte(0);
            packTyped<Event>(w, o);
        }
        break;
    }
    case Kind::Generic: {
        const auto *g = dynamic_cast<const GenericObject *>(&o);
        if (!g)
            return {};   // another Object subclass (a test's): not packable
        w.str(g->apiVersion);
        w.str(g->kindName);
        visitFields(w, const_cast<ObjectMeta &>(g->metadata));
        w.json(g->content);
        break;
    }
    }
    return w.take();
}

MutableObjectPtr unpackObject(QByteArrayView bytes)
{
    PackReader r(bytes);
    if (r.byte() != kPackVersion)
        return nullptr;
    MutableObjectPtr o;
    switch (Kind(r.byte())) {
    case Kind::Namespace: o = unpackTyped<Namespace>(r); break;
    case Kind::Node: o = unpackTyped<Node>(r); break;
    case Kind::Pod: o = unpackTyped<Pod>(r); break;
    case Kind::ReplicaSet: o = unpackTyped<ReplicaSet>(r); break;
    case Kind::Deployment: o = unpackTyped<Deployment>(r); break;
    case Kind::Event: {
        if (const quint8 flags = r.byte(); flags != 0)
            o = unpackEvent(r, flags);
        else
            o = unpackTyped<Event>(r);
        if (!o)
            return nullptr;
        break;
    }
    case Kind::Generic: {
        auto g = std::make_shared<GenericObject>();
        g->apiVersion = r.str();
        g->kindName = r.str();
        visitFields(r, g->metadata);
        g->content = r.json();
        o = g;
        break;
    }
    default: return nullptr;
    }
    return r.failed() || !r.atEnd() ? nullptr : o;
}

} // namespace rlab::api
