#include "core/api/objectpack.h"

#include "core/api/deployment.h"
#include "core/api/event.h"
#include "core/api/genericobject.h"
#include "core/api/namespace.h"
#include "core/api/node.h"
#include "core/api/packreader.h"
#include "core/api/packwriter.h"
#include "core/api/pod.h"
#include "core/api/replicaset.h"

#include <QCborValue>
#include <QJsonValue>

namespace rlab::api {

namespace {

constexpr quint8 kPackVersion = 1;

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

void PackWriter::str(const QString &s)
{
    const qsizetype n = s.size();
    const char16_t *u = reinterpret_cast<const char16_t *>(s.constData());
    qsizetype i = 0;
    while (i < n && u[i] < 0x80)
        ++i;
    if (i == n) {   // ASCII (names, uids, most values): UTF-8 is the same bytes
        uvarint(quint64(n));
        const qsizetype at = m_out.size();
        m_out.resize(at + n);
        char *out = m_out.data() + at;
        for (qsizetype k = 0; k < n; ++k)
            out[k] = char(u[k]);
        return;
    }
    const QByteArray utf8 = s.toUtf8();
    uvarint(quint64(utf8.size()));
    m_out.append(utf8);
}

void PackWriter::json(const QJsonObject &o)
{
    if (o.isEmpty()) {
        uvarint(0);
        return;
    }
    const QByteArray cbor = QCborValue::fromJsonValue(o).toCbor();
    uvarint(quint64(cbor.size()));
    m_out.append(cbor);
}

QString PackReader::str()
{
    const qsizetype n = count();
    if (n == 0)
        return {};
    const QString s = QString::fromUtf8(m_p, n);
    m_p += n;
    return s;
}

QJsonObject PackReader::json()
{
    const qsizetype n = count();
    if (n == 0)
        return {};
    QCborParserError error;
    const QCborValue v = QCborValue::fromCbor(QByteArray::fromRawData(m_p, n), &error);
    m_p += n;
    if (error.error != QCborError::NoError || !v.isMap()) {
        fail();
        return {};
    }
    return v.toJsonValue().toObject();
}

QByteArray packObject(const Object &o)
{
    PackWriter w;
    w.reserve(512);   // an Event packs to ~300 bytes: one allocation while writing, one for take()
    w.byte(kPackVersion);
    w.byte(quint8(o.kind()));
    switch (o.kind()) {
    case Kind::Namespace: packTyped<Namespace>(w, o); break;
    case Kind::Node: packTyped<Node>(w, o); break;
    case Kind::Pod: packTyped<Pod>(w, o); break;
    case Kind::ReplicaSet: packTyped<ReplicaSet>(w, o); break;
    case Kind::Deployment: packTyped<Deployment>(w, o); break;
    case Kind::Event: packTyped<Event>(w, o); break;
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
    case Kind::Event: o = unpackTyped<Event>(r); break;
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
