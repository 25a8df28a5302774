#pragma once
#include <QString>

#include <mutex>

namespace rlab::server {

// Whether a served lab takes writes: empty reason = writable; a reason (the window's "viewing
// revision 12 (read-only): return to live first") makes the HTTP API answer every write
// (POST, PUT, PATCH, DELETE) with 403 Forbidden carrying that reason, while reads and watches
// go on. Set by the owner (the window's Serve dock follows time travel), read per request.
// Thread rules: any thread (a mutex guards the reason).
class ReadOnlyGate
{
public:
    void setReason(const QString &reason);
    QString reason() const;

private:
    mutable std::mutex m_mutex;
    QString m_reason;
};

} // namespace rlab::server
