#pragma once
#include "core/api/object.h"

namespace rlab::api {

// Any kind the lab does not simulate (Service, ConfigMap, a custom resource…): stored and
// served exactly as given, never lost; only its metadata is interpreted.
class GenericObject : public Object
{
public:
    static constexpr Kind kKind = Kind::Generic;
    Kind kind() const override { return kKind; }
    std::shared_ptr<Object> clone() const override { return std::make_shared<GenericObject>(*this); }
    QJsonObject toJson() const override;
    void fromJson(const QJsonObject &json, DecodeContext &ctx) override;

    QJsonObject content;   // everything but apiVersion, kind and metadata
};

} // namespace rlab::api
