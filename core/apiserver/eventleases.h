#pragma once
#include "core/base/lightmutex.h"
#include <QByteArray>
#include <QtGlobal>

#include <deque>
#include <mutex>
#include <vector>

namespace rlab::apiserver {

// kube-apiserver --event-ttl as etcd leases: each Event write attaches a lease to its key, due
// `ttl` after the Event's last write; due(now) pops the leases whose time has come, earliest
// first (by deadline, then revision). A key written again since a lease was granted has a later
// lease too: the caller drops a popped lease whose revision is no longer the key's (etcd: the put
// moved the key to the new lease). A pass costs the leases due, not the Events held (e.g.
// 1.45 M Events, 3 due: 3 pops, where listing them all took seconds).
// Events are written on the clock, so their deadlines mostly come in order: those queue in
// blocks (a doubling vector held 1.45 M leases in 2 M slots at rlab bench --size large, 84 MB,
// and 126 MB while it grew); a lease due before the last one queued (an Event stored with older
// timestamps) goes to a min-heap beside the queue, as etcd's lessor keeps them; due() merges both.
// Thread rules: any thread; one mutex.
class EventLeases
{
public:
    struct Lease
    {
        qint64 deadline = 0;   // virtual ms
        qint64 revision = 0;   // the write's mod revision
        QByteArray key;        // its etcd key (shares the store's bytes)
    };

    void grant(qint64 deadline, qint64 revision, const QByteArray &key);
    std::vector<Lease> due(qint64 now);

private:
    mutable LightMutex m_mutex;
    std::deque<Lease> m_inOrder;   // granted in (deadline, revision) order: the earliest at the front
    std::vector<Lease> m_heap;     // the others, std::push_heap order: the earliest at the front
};

} // namespace rlab::apiserver
