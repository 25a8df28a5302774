// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/apiserver/apierror.h"
#include "core/http/httpexchange.h"

#include <QJsonObject>

namespace rlab::http {

// A failed HTTP exchange as the ApiError the in-process server would have returned: the
// server's metav1.Status verbatim (code, reason, message, details with causes), a body that is
// not a Status as client-go's "the server ... (get pods)" generic errors, and no answer at all
// as 503 ServiceUnavailable "Get \"URL\": dial tcp …" so callers see why. Stateless.
class StatusError
{
public:
    static apiserver::ApiError fromStatus(const QJsonObject &status, int httpStatus);
    static apiserver::ApiError fromResponse(const HttpResponse &response, const QByteArray &method, const QString &url);
    static bool isStatus(const QJsonObject &json) { return json.value(QLatin1String("kind")).toString() == QLatin1String("Status"); }
};

} // namespace rlab::http
