#include "core/server/readonlygate.h"

namespace rlab::server {

void ReadOnlyGate::setReason(const QString &reason)
{
    std::lock_guard lock(m_mutex);
    m_reason = reason;
}

QString ReadOnlyGate::reason() const
{
    std::lock_guard lock(m_mutex);
    return m_reason;
}

} // namespace rlab::server
