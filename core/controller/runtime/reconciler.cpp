#include "core/controller/runtime/reconciler.h"

namespace rlab::controller::runtime {

Request Request::fromKey(const QString &key)
{
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    if (slash < 0)
        return Request{QString(), key};
    return Request{key.left(slash), key.mid(slash + 1)};
}

} // namespace rlab::controller::runtime
