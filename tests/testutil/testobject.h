#pragma once
#include "core/api/object.h"

#include <QJsonObject>

namespace rlab::test {

// A minimal stored value for store tests: a generic object that is just its JSON.
class TestObject : public api::Object
{
public:
    explicit TestObject(QJsonObject d = {}) : data(std::move(d)) {}
    api::Kind kind() const override { return api::Kind::Generic; }
    std::shared_ptr<api::Object> clone() const override { return std::make_shared<TestObject>(*this); }
    QJsonObject toJson() const override { return data; }
    void fromJson(const QJsonObject &json, api::DecodeContext &) override { data = json; }
    QJsonObject data;
};

// {"v": v}
inline api::ObjectPtr obj(qint64 v)
{
    return std::make_shared<TestObject>(QJsonObject{{QStringLiteral("v"), v}});
}

} // namespace rlab::test
