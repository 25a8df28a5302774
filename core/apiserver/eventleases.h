#pragma once
#include <QByteArray>
#include <QtGlobal>

#include <mutex>
#include <vector>

namespace rlab::apiserver {

// kube-apiserver --event-ttl as etcd leases: each Event write attaches a lease to its key, due
// `ttl` after the Event's last write; due(now) pops the leases whose time has come, earliest
// first. A key written again since a lease was granted has a later lease too: the caller drops
// a popped lease whose revision is no longer the key's (etcd: the put moved the key to the new
// lease). A min-heap by deadline, as etcd's lessor keeps: a pass costs the leases due, not the
// Events held (e.g. 1.45 M Events, 3 due: 3 pops, where listing them all took seconds).
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
    mutable std::mutex m_mutex;
    std::vector<Lease> m_heap;   // std::push_heap order: the earliest deadline at the front
};

} // namespace rlab::apiserver
