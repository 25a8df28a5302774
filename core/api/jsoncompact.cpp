#include "core/api/jsoncompact.h"

#include <QJsonArray>

namespace rlab::api {

QJsonObject compactJsonObject(const QJsonObject &object)
{
    QJsonObject out;
    // Keys come sorted, so each insert appends.
    for (auto it = object.begin(); it != object.end(); ++it)
        out.insert(it.key(), compactJsonValue(it.value()));
    return out;
}

QJsonValue compactJsonValue(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Object: return compactJsonObject(value.toObject());
    case QJsonValue::Array: {
        const QJsonArray in = value.toArray();
        QJsonArray out;
        for (const QJsonValue &v : in)
            out.append(compactJsonValue(v));
        return out;
    }
    case QJsonValue::String: return QJsonValue(value.toString());
    default: return value;
    }
}

} // namespace rlab::api
