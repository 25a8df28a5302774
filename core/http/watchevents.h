// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/apiserver/resourcetype.h"
#include "core/apiserver/watchinterface.h"

#include <QByteArray>
#include <QString>

namespace rlab::http {

// One line of a watch stream ({"type":"ADDED","object":{…}}) as an ApiWatchEvent: ADDED,
// MODIFIED, DELETED with the decoded object, BOOKMARK with only its resourceVersion, ERROR with
// the Status as ApiError. resourceVersion is opaque on the wire: `rv` gets it verbatim (what a
// resumed watch sends), `revision` its number when it is one (0 otherwise; WatchConnection
// renumbers it with the client's ResourceVersions). Stateless.
class WatchEvents
{
public:
    static bool decode(const QByteArray &line, const apiserver::ResourceType &rt, apiserver::ApiWatchEvent *event,
                       QString *rv, QString *error);
};

} // namespace rlab::http
