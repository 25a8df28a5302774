#pragma once
#include "core/api/fieldopts.h"
#include "core/api/intorstring.h"
#include "core/api/time.h"
#include "core/api/varint.h"

#include <QByteArrayView>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <initializer_list>
#include <optional>
#include <type_traits>
#include <utility>

namespace rlab::api {

// Reads what PackWriter wrote, field by field in the same visit order. Bytes that end early or
// do not parse set failed() and read as empty values from then on (never past the end), so a
// damaged pack gives a failed read, not a crash. Any thread; no shared state.
class PackReader
{
public:
    explicit PackReader(QByteArrayView in) : m_begin(in.data()), m_p(in.data()), m_end(in.data() + in.size()) {}

    bool failed() const { return m_failed; }
    bool atEnd() const { return m_p == m_end; }

    quint8 byte()
    {
        if (m_p == m_end)
            return fail(), 0;
        return quint8(*m_p++);
    }
    quint64 uvarint()
    {
        quint64 v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const quint8 b = byte();
            if (m_failed)
                return 0;
            v |= quint64(b & 0x7f) << shift;
            if (!(b & 0x80))
                return v;
        }
        return fail(), 0;
    }
    qint64 svarint()
    {
        const quint64 u = uvarint();
        return varint::unzigzag(u);
    }
    // A count of items that each take at least one byte: never more than the bytes left.
    qsizetype count()
    {
        const quint64 n = uvarint();
        if (n > quint64(m_end - m_p))
            return fail(), 0;
        return qsizetype(n);
    }
    // Eight bytes, little-endian (PackWriter::fixed64).
    quint64 fixed64()
    {
        if (m_end - m_p < 8)
            return fail(), 0;
        quint64 v = 0;
        for (int i = 7; i >= 0; --i)
            v = v << 8 | quint8(m_p[i]);
        m_p += 8;
        return v;
    }
    QString str();
    QJsonObject json();
    // What PackWriter::time wrote: 0, a difference to the previous nonzero time in seconds or
    // ms, or (2) a time.
    Time time()
    {
        const quint64 u = uvarint();
        if (u == 0 || m_failed)
            return 0;
        if (u == 2)
            return m_lastTime = svarint();
        if (!(u & 1))
            return fail(), 0;
        const quint64 z = u >> 2;
        const qint64 v = varint::unzigzag(z);
        const qint64 d = (u & 3) == 3 ? qint64(quint64(v) * 1000) : v;
        m_lastTime = qint64(quint64(m_lastTime) + quint64(d));
        return m_lastTime;
    }
    void operator()(const char *, QString &s, unsigned = Default) { s = str(); }
    void operator()(const char *, bool &b, unsigned = Default) { b = byte() != 0; }
    void operator()(const char *, int &i, unsigned = Default) { i = int(svarint()); }
    void operator()(const char *, qint64 &i, unsigned = Default) { i = svarint(); }
    void operator()(const char *, double &d, unsigned = Default)
    {
        if (m_end - m_p < qsizetype(sizeof d))
            return fail();
        memcpy(&d, m_p, sizeof d);
        m_p += sizeof d;
    }
    void time(const char *, Time &t, unsigned = Default) { t = time(); }
    void operator()(const char *, IntOrString &v, unsigned = Default)
    {
        v.isString = byte() != 0;
        if (v.isString)
            v.strVal = str();
        else
            v.intVal = int(svarint());
    }
    void operator()(const char *, QStringList &l, unsigned = Default)
    {
        const qsizetype n = count();
        l.clear();
        l.reserve(n);
        for (qsizetype i = 0; i < n && !m_failed; ++i)
            l.append(str());
    }
    void operator()(const char *, QMap<QString, QString> &m, unsigned = Default)
    {
        const qsizetype n = count();
        m.clear();
        for (qsizetype i = 0; i < n && !m_failed; ++i) {
            QString k = str();
            m.insert(std::move(k), str());
        }
    }
    void operator()(const char *, QJsonObject &o, unsigned = Default) { o = json(); }
    template<class T> void operator()(const char *key, std::optional<T> &o, unsigned opt = Default)
    {
        if (byte() == 0 || m_failed) {
            o.reset();
            return;
        }
        T value{};
        (*this)(key, value, opt);
        o = std::move(value);
    }
    template<class T> void operator()(const char *, QList<T> &l, unsigned = Default)
    {
        const qsizetype n = count();
        l.clear();
        l.reserve(n);
        for (qsizetype i = 0; i < n && !m_failed; ++i) {
            T item{};
            visitFields(*this, item);
            l.append(std::move(item));
        }
    }
    template<class T, class = std::enable_if_t<std::is_class_v<T>>>
    void operator()(const char *, T &nested, unsigned = Default)
    {
        visitFields(*this, nested);
    }
    void extra(QJsonObject &extra, std::initializer_list<const char *>) { extra = json(); }
    void goName(const char *) {}

private:
    void fail()
    {
        m_failed = true;
        m_p = m_end;
    }
    QString pieces(quint64 count);   // packpieces.cpp

    const char *m_begin;
    const char *m_p;
    const char *m_end;
    bool m_failed = false;
    Time m_lastTime = 0;
};

} // namespace rlab::api
