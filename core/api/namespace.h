#pragma once
#include "core/api/object.h"

namespace rlab::api {

struct NamespaceSpec
{
    static constexpr const char *kGoName = "NamespaceSpec";
    QStringList finalizers;
    bool operator==(const NamespaceSpec &) const = default;
};
template<class V> void visitFields(V &v, NamespaceSpec &s) { v("finalizers", s.finalizers); }

struct NamespaceStatus
{
    static constexpr const char *kGoName = "NamespaceStatus";
    QString phase;
    QJsonObject extra;
    bool operator==(const NamespaceStatus &) const = default;
};
template<class V> void visitFields(V &v, NamespaceStatus &s)
{
    v("phase", s.phase);
    v.extra(s.extra, {"conditions"});
}

// core/v1 Namespace (cluster-scoped).
class Namespace : public Object
{
public:
    static constexpr Kind kKind = Kind::Namespace;
    static constexpr const char *kGoName = "Namespace";
    Namespace();
    Kind kind() const override { return kKind; }
    std::shared_ptr<Object> clone() const override { return std::make_shared<Namespace>(*this); }
    QJsonObject toJson() const override;
    void fromJson(const QJsonObject &json, DecodeContext &ctx) override;

    NamespaceSpec spec;
    NamespaceStatus status;
};

template<class V> void visitFields(V &v, Namespace &o)
{
    v("apiVersion", o.apiVersion, Keep);
    v("kind", o.kindName, Keep);
    v("metadata", o.metadata);
    v("spec", o.spec);
    v("status", o.status);
}

} // namespace rlab::api
