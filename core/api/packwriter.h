#pragma once
#include "core/api/fieldopts.h"
#include "core/api/intorstring.h"
#include "core/api/time.h"
#include "core/api/varint.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace rlab::api {

// Writes a struct that has `visitFields(V&, T&)` as compact bytes (see objectpack.h): the
// fields in visit order, no names. Integers are zigzag varints, a string its UTF-8 length as a
// varint then the bytes (or a word, a UUID, or pieces: copies from an earlier string of the same
// pack, common message fragments, hex and decimal runs: see packpieces.cpp), a time 0 or its
// difference to the pack's previous time (in seconds when whole), a list or
// map its count then the items, an optional a 0/1 byte then the value, a free-form JSON object
// its length then CBOR (0 when empty). E.g. a kubelet Event of 22 strings, 3 times and a count
// packs to ~120 bytes (its pod's name once, its three equal times in 7 bytes), where the object
// takes ~700 plus its strings.
// Reads only: nothing it is given is detached or changed. Any thread; no shared state.
class PackWriter
{
public:
    PackWriter() = default;
    PackWriter(const PackWriter &) = delete;
    PackWriter &operator=(const PackWriter &) = delete;

    // The bytes, in an allocation of their size (a pack is kept for long: the capacity a growing
    // array leaves was ~200 bytes an Event at 1.45 M Events).
    QByteArray take() const { return QByteArray(m_data, m_n); }

    void byte(quint8 b)
    {
        char *p = grow(1);
        *p = char(b);
    }
    void uvarint(quint64 v)
    {
        char *p = grow(10);
        m_n -= 10 - (varint::put(p, v) - p);
    }
    void bytes(const char *data, qsizetype n)
    {
        memcpy(grow(n), data, size_t(n));
    }
    // Room for n more bytes, counted as written; returns where they go.
    char *grow(qsizetype n)
    {
        if (m_n + n > m_capacity) [[unlikely]]
            growHeap(n);
        char *p = m_data + m_n;
        m_n += n;
        return p;
    }
    // Eight bytes, little-endian: a value of 57 bits or more, which a varint takes 9 or 10 for.
    void fixed64(quint64 v)
    {
        char *p = grow(8);
        for (int i = 0; i < 8; ++i, v >>= 8)
            p[i] = char(quint8(v));
    }
    void svarint(qint64 v) { uvarint(varint::zigzag(v)); }
    void str(const QString &s);
    void json(const QJsonObject &o);
    // 0 for an unset time; else its difference d to the previous nonzero time: (zigzag(d / 1000)
    // << 2) | 3 in whole seconds (API times have second precision: the first time of a pack
    // takes 5 bytes), (zigzag(d) << 2) | 1 in ms; 2 and the time as a zigzag varint for a
    // difference of 2^60 ms or more (no clock's). The times an object repeats (created = first
    // = last seen) take a byte each after the first.
    void time(Time t)
    {
        if (t == 0) {
            byte(0);
            return;
        }
        const auto d = qint64(quint64(t) - quint64(m_lastTime));
        m_lastTime = t;
        if (d >= (qint64(1) << 60) || d <= -(qint64(1) << 60)) {
            byte(2);
            svarint(t);
            return;
        }
        const bool seconds = d % 1000 == 0;
        const qint64 v = seconds ? d / 1000 : d;
        uvarint(varint::zigzag(v) << 2 | (seconds ? 3 : 1));
    }
    void operator()(const char *, QString &s, unsigned = Default) { str(s); }
    void operator()(const char *, bool &b, unsigned = Default) { byte(b ? 1 : 0); }
    void operator()(const char *, int &i, unsigned = Default) { svarint(i); }
    void operator()(const char *, qint64 &i, unsigned = Default) { svarint(i); }
    void operator()(const char *, double &d, unsigned = Default) { bytes(reinterpret_cast<const char *>(&d), sizeof d); }
    void time(const char *, Time &t, unsigned = Default) { time(t); }
    void operator()(const char *, IntOrString &v, unsigned = Default)
    {
        byte(v.isString ? 1 : 0);
        if (v.isString)
            str(v.strVal);
        else
            svarint(v.intVal);
    }
    void operator()(const char *, QStringList &l, unsigned = Default)
    {
        uvarint(quint64(l.size()));
        for (const QString &s : std::as_const(l))
            str(s);
    }
    void operator()(const char *, QMap<QString, QString> &m, unsigned = Default)
    {
        uvarint(quint64(m.size()));
        for (auto it = m.cbegin(); it != m.cend(); ++it) {
            str(it.key());
            str(it.value());
        }
    }
    void operator()(const char *, QJsonObject &o, unsigned = Default) { json(o); }
    template<class T> void operator()(const char *key, std::optional<T> &o, unsigned opt = Default)
    {
        byte(o ? 1 : 0);
        if (o)
            (*this)(key, *o, opt);
    }
    template<class T> void operator()(const char *, QList<T> &l, unsigned = Default)
    {
        uvarint(quint64(l.size()));
        for (const T &item : std::as_const(l))   // const: never detach a stored object's list
            visitFields(*this, const_cast<T &>(item));
    }
    template<class T, class = std::enable_if_t<std::is_class_v<T>>>
    void operator()(const char *, T &nested, unsigned = Default)
    {
        visitFields(*this, nested);
    }
    void extra(QJsonObject &extra, std::initializer_list<const char *>) { json(extra); }
    void goName(const char *) {}

private:
    // An ASCII run already written as literal bytes, that later strings may copy from.
    struct Span
    {
        qsizetype at = 0, size = 0;
    };
    static constexpr int kMaxSpans = 8;
    static constexpr qsizetype kMinCopy = 6;   // a copy piece takes 3-4 bytes
    bool pieces(const char16_t *u, qsizetype n);   // packpieces.cpp
    void literal(const char16_t *u, qsizetype n);

    void growHeap(qsizetype n);   // packstrings.cpp

    // Written up to m_n: first the inline block (a kubelet Event packs to ~120 bytes, a Pod to
    // ~600), then a heap block twice as big as needed (never shrunk). Raw bytes: a QByteArray's
    // resize() and detach check on every write were ~600 instructions an Event.
    char m_inline[1024];
    std::unique_ptr<char[]> m_heap;
    char *m_data = m_inline;
    qsizetype m_capacity = sizeof m_inline;
    qsizetype m_n = 0;
    Time m_lastTime = 0;
    Span m_spans[kMaxSpans];
    int m_spanCount = 0;
};

} // namespace rlab::api
