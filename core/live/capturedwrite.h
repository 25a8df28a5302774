#pragma once
#include "core/api/object.h"

#include <QByteArray>
#include <QString>

namespace rlab::live {

// One write a controller asked for through DryRunClient and that was not performed: the verb
// ("create", "update", "updateStatus", "patch", "delete", "updateScale", "bind"), the target and
// the object it would have sent (null for delete, patch and scale; `body` holds a patch's or
// a scale's JSON). A plain value.
struct CapturedWrite
{
    QString verb, resource, namespace_, name;
    api::ObjectPtr object;
    QByteArray body;
};

} // namespace rlab::live
