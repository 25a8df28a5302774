// SPDX-License-Identifier: Apache-2.0
#include "core/http/objectdecoder.h"

#include "core/api/codec.h"

namespace rlab::http {

api::MutableObjectPtr ObjectDecoder::decode(QJsonObject json, const apiserver::ResourceType &rt, QString *error)
{
    if (!json.contains(QLatin1String("apiVersion")))
        json.insert(QStringLiteral("apiVersion"), rt.apiVersion());
    if (!json.contains(QLatin1String("kind")))
        json.insert(QStringLiteral("kind"), rt.kind);
    api::DecodeResult r = api::decodeObject(json, false);
    if (!r.object && error)
        *error = r.error;
    return r.object;
}

} // namespace rlab::http
