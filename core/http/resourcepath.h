// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "core/apiserver/apitypes.h"
#include "core/apiserver/resourcetype.h"

#include <QString>
#include <QStringList>

namespace rlab::http {

// The REST paths and query strings client-go builds (rest.Request): /api/v1 for the core group,
// /apis/GROUP/VERSION otherwise, /namespaces/NS for namespaced resources (omitted for "all
// namespaces" lists and watches), then resource, name, subresource; options as metav1 query
// parameters, every value percent-encoded. Stateless.
class ResourcePath
{
public:
    static QString path(const apiserver::ResourceType &rt, const QString &ns, const QString &name = {},
                        const QString &subresource = {});
    static QString listQuery(const apiserver::ListOptions &opts, bool watch);
    static QString writeQuery(const apiserver::WriteOptions &opts);
    // "a=1&b=2" → "?a=1&b=2"; "" → "".
    static QString withQuery(const QString &path, const QString &query);
    static QString encode(const QString &value);
};

} // namespace rlab::http
