#include "core/api/packvocabulary.h"

#include "core/api/samedata.h"

namespace rlab::api {

PackVocabulary &PackVocabulary::instance()
{
    static PackVocabulary vocabulary;
    return vocabulary;
}

qsizetype PackVocabulary::indexOf(const QString &s)
{
    if (s.isEmpty() || s.size() > kMaxLength)
        return -1;
    // The memo remembers a string it was offered (learnt or not) by where its characters are,
    // holding them so they cannot be freed and reused meanwhile: offered again, the same
    // characters are a second sighting without hashing them.
    struct Memo
    {
        QString s;
        qsizetype index = -1;
    };
    // 1,024 slots: a lab's recorders (one per kubelet) each share their messages' characters
    // among the Events they write ("Started container nginx"), ~400 strings at rlab bench
    // --size medium, which 64 slots kept evicting one another.
    thread_local std::array<Memo, 1024> memo;
    Memo &m = memo[(quintptr(s.constData()) >> 4) % memo.size()];
    const bool seenHere = !m.s.isNull() && sameData(m.s, s);
    if (seenHere && m.index >= 0)
        return m.index;
    qsizetype index = -1;
    {
        std::lock_guard lock(m_mutex);
        if (const auto it = m_index.constFind(s); it != m_index.cend()) {
            index = *it;
        } else if (seenHere) {
            index = learn(s);
        } else {
            // First sighting by content: remembered by its hash (a collision only learns a
            // string one sighting early).
            const size_t h = qHash(s, size_t(0x9e3779b9));
            size_t &slot = m_seenOnce[h % m_seenOnce.size()];
            if (slot == h)
                index = learn(s);
            else
                slot = h;
        }
    }
    m = Memo{s, index};
    return index;
}

qsizetype PackVocabulary::learn(const QString &s)
{
    if (qsizetype(m_strings.size()) >= kCapacity)
        return -1;
    const auto index = qsizetype(m_strings.size());
    m_strings.push_back(s);
    m_index.insert(s, index);
    return index;
}

QString PackVocabulary::at(quint64 i, bool *ok) const
{
    std::lock_guard lock(m_mutex);
    *ok = i < quint64(m_strings.size());
    return *ok ? m_strings[std::size_t(i)] : QString();
}

qsizetype PackVocabulary::size() const
{
    std::lock_guard lock(m_mutex);
    return qsizetype(m_strings.size());
}

} // namespace rlab::api
