// SPDX-License-Identifier: Apache-2.0
#include "core/client/queueevent.h"

namespace rlab {

QString toString(QueueEventType type)
{
    switch (type) {
    case QueueEventType::Add: return QStringLiteral("add");
    case QueueEventType::Dedup: return QStringLiteral("dedup");
    case QueueEventType::Get: return QStringLiteral("get");
    case QueueEventType::Done: return QStringLiteral("done");
    case QueueEventType::Requeue: return QStringLiteral("requeue");
    case QueueEventType::AddAfter: return QStringLiteral("addAfter");
    case QueueEventType::Forget: return QStringLiteral("forget");
    case QueueEventType::ShutDown: return QStringLiteral("shutDown");
    }
    return QString();
}

} // namespace rlab
