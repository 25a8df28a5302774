#pragma once
#include <QHash>
#include <QString>

#include <array>
#include <deque>
#include <mutex>

namespace rlab::api {

// The strings packs of this process may name by number instead of spelling them (see
// eventpack.h): an Event's reason, type, components, node, namespace, kind and repeated
// messages. A string is learnt the second time it is offered (so the per-pod messages, "Created
// pod: web-7c5b4f-x2x9z", which come once, never fill it), never forgotten, and at most
// kCapacity strings of at most kMaxLength characters are learnt (beyond, indexOf() says -1 and
// the pack spells the string). E.g. a kubelet's "Started container app": the first Event spells
// it, every later one packs it as one or two bytes, and unpacked Events share its characters.
// Packs that name entries are only readable in this process (they are never written to a file).
// Thread rules: any thread. indexOf() first asks a per-thread memo keyed by where the
// characters are (most strings offered are the very strings offered before: a literal, a
// component's name, the recorder's shared message), then takes the mutex.
class PackVocabulary
{
public:
    static constexpr qsizetype kCapacity = 1 << 16;
    static constexpr qsizetype kMaxLength = 256;

    static PackVocabulary &instance();

    // The number of s (>= 0), or -1 when s is not (yet) learnt; offering it counts as a sighting.
    qsizetype indexOf(const QString &s);
    // Entry i, or a null string (and *ok false) when there is none.
    QString at(quint64 i, bool *ok) const;
    qsizetype size() const;

private:
    qsizetype learn(const QString &s);   // under m_mutex: its index, learnt if seen before and room

    mutable std::mutex m_mutex;
    std::deque<QString> m_strings;            // under m_mutex
    QHash<QString, qsizetype> m_index;        // under m_mutex
    std::array<size_t, 4096> m_seenOnce{};    // under m_mutex: hashes of strings offered once
};

} // namespace rlab::api
