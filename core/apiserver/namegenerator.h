#pragma once
#include "core/base/lightmutex.h"
#include <QByteArray>
#include <QString>

#include <mutex>
#include <random>

namespace rlab::apiserver {

// Deterministic source of object UIDs and generateName suffixes: the same seed gives the same
// names in the same order (design §3: same scenario + seed => identical trace).
// Suffixes use upstream's alphabet (apimachinery util/rand: no vowels, no 0/1/3 lookalikes),
// so ReplicaSet pods read like "web-7c5b4f9d8-x2k9p". Thread-safe.
class NameGenerator
{
public:
    explicit NameGenerator(quint64 seed = 1);
    // A copy that continues from the same state: what a dry run draws from, so that it leaves
    // the seeded sequence of the real writes untouched (same scenario + seed ⇒ same names).
    NameGenerator(const NameGenerator &other);
    NameGenerator &operator=(const NameGenerator &) = delete;
    void reseed(quint64 seed);
    // The generator's whole state as text (a saved lab), and back: a restored lab goes on with
    // the names it would have drawn next. setState is false (and changes nothing) on bad text.
    QByteArray state() const;
    bool setState(const QByteArray &state);
    QString suffix(int length = 5);   // "x2k9p"
    QString uid();                    // RFC 4122 version-4 layout
    QString generate(const QString &generateName);   // base (cut to 58 chars) + suffix

private:
    mutable LightMutex m_mutex;
    std::mt19937_64 m_rng;
};

} // namespace rlab::apiserver
