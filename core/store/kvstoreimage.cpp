// KvStore::image() and restore(): the whole store as a value and back (a saved lab).
#include "core/store/kvstore.h"

#include <algorithm>
#include <mutex>
#include <shared_mutex>

namespace rlab::store {

StoreImage KvStore::image() const
{
    std::shared_lock lock(m_lock);
    StoreImage im;
    im.revision = revision();
    im.compactRevision = m_compactRev;
    im.keys.reserve(m_index.size());
    for (const auto &[key, gens] : m_index)
        im.keys.emplace_back(key, gens);
    return im;
}

bool KvStore::restore(StoreImage image, QString *error)
{
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    std::unique_lock lock(m_lock);
    if (revision() != 1 || !m_index.empty() || !m_watchers.empty())
        return fail(QStringLiteral("the store is not empty"));
    if (image.revision < 1 || image.compactRevision < 0 || image.compactRevision > image.revision)
        return fail(QStringLiteral("revision %1 with compact revision %2").arg(image.revision).arg(image.compactRevision));
    Index index;
    for (KeyIndex &ki : image.keys) {
        if (ki.modified().main > image.revision)
            return fail(QStringLiteral("key %1 was modified at %2, after the store's revision %3")
                            .arg(QString::fromUtf8(ki.key())).arg(ki.modified().main).arg(image.revision));
        auto [node, added] = index.tryEmplace(ki.key());
        if (!added)
            return fail(QStringLiteral("key %1 appears twice").arg(QString::fromUtf8(ki.key())));
        node->second = std::move(ki).takeKeyGenerations();
    }
    m_index = std::move(index);
    m_byKey.clear();
    m_log.clear();
    m_liveKeys = 0;
    m_bytesInUse = 0;
    for (Node &node : m_index) {
        m_byKey.insert(&node);
        const KeyGenerations &ki = node.second;
        m_liveKeys += ki.isLive() ? 1 : 0;
        m_bytesInUse += ki.bytes();
        ki.forEachRevision([&](const Revision &r) {
            if (r.main >= image.compactRevision)
                m_log.push_back({r, &node});
        });
    }
    std::sort(m_log.begin(), m_log.end(), [](const LogEntry &a, const LogEntry &b) { return a.rev < b.rev; });
    m_compactRev = image.compactRevision;
    m_alarmNoSpace = m_quotaBytes > 0 && m_bytesInUse > m_quotaBytes;
    m_currentRev.store(image.revision, std::memory_order_release);
    m_countedWrites.fetch_add(1, std::memory_order_release);
    return true;
}

} // namespace rlab::store
