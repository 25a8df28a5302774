// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/api/object.h"
#include "core/apiserver/resourcetype.h"

#include <QJsonObject>
#include <QString>

namespace rlab::http {

// JSON from the wire into the lab's typed objects (api::decodeObject, non-strict: fields the lab
// does not model are dropped, as an older client would). List items come without apiVersion
// and kind from kube-apiserver, so the resource's are filled in first. Stateless.
class ObjectDecoder
{
public:
    // nullptr and *error when the JSON is not an object of that resource.
    static api::MutableObjectPtr decode(QJsonObject json, const apiserver::ResourceType &rt, QString *error);
};

} // namespace rlab::http
