#pragma once
#include <QJsonObject>
#include <QJsonValue>

namespace rlab::api {

// Deep copies of JSON values into fresh storage. Qt keeps the bytes of every string a
// QJsonObject/QJsonArray replaced or removed, and a detached copy inherits them, so a value
// derived from a derived value (patch of a patch of …) carries every earlier version's bytes.
// A compacted copy holds only its own bytes. Pure functions: any thread.
QJsonValue compactJsonValue(const QJsonValue &value);
QJsonObject compactJsonObject(const QJsonObject &object);

} // namespace rlab::api
