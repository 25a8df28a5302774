#pragma once
#include "core/api/fieldopts.h"
#include "core/api/intorstring.h"
#include "core/api/time.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <initializer_list>
#include <optional>
#include <type_traits>

namespace rlab::api {

// Writes a struct that has `visitFields(V&, T&)` into a QJsonObject, with Go's omitempty rules
// (see FieldOpt). Header-only: every kind instantiates it. Any thread; no shared state.
class JsonEncoder
{
public:
    template<class T> static QJsonObject encode(const T &value)
    {
        JsonEncoder e;
        visitFields(e, const_cast<T &>(value));   // visitFields only reads when given an encoder
        return e.m_out;
    }

    void operator()(const char *key, QString &s, unsigned opt = Default)
    {
        if (!s.isEmpty() || (opt & Keep))
            m_out.insert(QLatin1String(key), s);
    }
    void operator()(const char *key, bool &b, unsigned opt = Default)
    {
        if (b || (opt & Keep))
            m_out.insert(QLatin1String(key), b);
    }
    void operator()(const char *key, int &i, unsigned opt = Default)
    {
        if (i != 0 || (opt & Keep))
            m_out.insert(QLatin1String(key), i);
    }
    void operator()(const char *key, qint64 &i, unsigned opt = Default)
    {
        if (i != 0 || (opt & Keep))
            m_out.insert(QLatin1String(key), i);
    }
    void operator()(const char *key, double &d, unsigned opt = Default)
    {
        if (d != 0 || (opt & Keep))
            m_out.insert(QLatin1String(key), d);
    }
    void time(const char *key, Time &t, unsigned opt = Default)
    {
        if (t != 0)
            m_out.insert(QLatin1String(key), formatTime(t));
        else if (opt & NullIfZero)
            m_out.insert(QLatin1String(key), QJsonValue::Null);
    }
    // Time is an alias of qint64, so timestamps are visited through time(); the qint64
    // overload above is for plain integers. visitFields calls v.time(...) for Time fields.
    void operator()(const char *key, IntOrString &v, unsigned = Default)
    {
        m_out.insert(QLatin1String(key), v.isString ? QJsonValue(v.strVal) : QJsonValue(v.intVal));
    }
    void operator()(const char *key, QStringList &l, unsigned opt = Default)
    {
        if (!l.isEmpty() || (opt & Keep))
            m_out.insert(QLatin1String(key), QJsonArray::fromStringList(l));
    }
    void operator()(const char *key, QMap<QString, QString> &m, unsigned opt = Default)
    {
        if (m.isEmpty() && !(opt & Keep))
            return;
        QJsonObject o;
        for (auto it = m.cbegin(); it != m.cend(); ++it)
            o.insert(it.key(), it.value());
        m_out.insert(QLatin1String(key), o);
    }
    void operator()(const char *key, QJsonObject &o, unsigned opt = Default)
    {
        if (!o.isEmpty() || (opt & Keep))
            m_out.insert(QLatin1String(key), o);
    }
    template<class T> void operator()(const char *key, std::optional<T> &o, unsigned opt = Default)
    {
        if (!o)
            return;
        JsonEncoder inner;
        inner(key, *o, opt | Keep);
        for (auto it = inner.m_out.begin(); it != inner.m_out.end(); ++it)
            m_out.insert(it.key(), it.value());
    }
    template<class T> void operator()(const char *key, QList<T> &l, unsigned opt = Default)
    {
        if (l.isEmpty() && !(opt & Keep))
            return;
        QJsonArray a;
        // const iteration: a non-const begin() would detach a list that the stored (shared,
        // immutable) object shares with its clones — a data race across threads.
        for (const T &item : std::as_const(l))
            a.append(encode(item));
        m_out.insert(QLatin1String(key), a);
    }
    template<class T, class = std::enable_if_t<std::is_class_v<T>>>
    void operator()(const char *key, T &nested, unsigned opt = Default)
    {
        QJsonObject o = encode(nested);
        if (o.isEmpty() && (opt & Omit))
            return;
        m_out.insert(QLatin1String(key), o);
    }
    void extra(QJsonObject &extra, std::initializer_list<const char *>)
    {
        for (auto it = extra.constBegin(); it != extra.constEnd(); ++it)
            m_out.insert(it.key(), it.value());
    }
    void goName(const char *) {}

private:
    QJsonObject m_out;
};

} // namespace rlab::api
