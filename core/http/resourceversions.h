// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <QHash>
#include <QString>
#include <QtGlobal>

#include <mutex>
#include <optional>

namespace rlab::http {

// resourceVersions are opaque strings on the wire (client-go never parses them); client::Interface
// carries them as qint64. A canonical decimal below SyntheticBase is its own number; any other
// string gets the next synthetic number from SyntheticBase up, in order of first arrival, so "seen
// later" is "larger" (all a Reflector compares). E.g. "42" ↔ 42, "abc:17" ↔ 2^52, "abc:18" ↔ 2^52+1,
// and toServer("4503599627370497") == "abc:18". Only the `capacity` most recently numbered strings
// are remembered (a Reflector resumes from the latest it saw). Thread rules: any thread (std::mutex).
class ResourceVersions
{
public:
    static constexpr qint64 SyntheticBase = qint64(1) << 52;   // exact in a double; no etcd gets there

    explicit ResourceVersions(qsizetype capacity = 4096);

    // The local number of a resourceVersion from the server; "" is 0.
    qint64 toLocal(const QString &serverRv);
    // What to send for a local resourceVersion (ListOptions.resourceVersion): the original string
    // of a synthetic number, anything else verbatim; nullopt for a synthetic number forgotten.
    std::optional<QString> toServer(const QString &localRv) const;
    qsizetype size() const;

private:
    const qsizetype m_capacity;
    mutable std::mutex m_mutex;
    QHash<QString, qint64> m_byString;
    QHash<qint64, QString> m_byNumber;
    qint64 m_next = SyntheticBase;   // the next synthetic number
    qint64 m_oldest = SyntheticBase; // the oldest one still remembered
};

} // namespace rlab::http
