#pragma once
#include "core/api/decodecontext.h"
#include "core/api/jsoncompact.h"
#include "core/api/fieldopts.h"
#include "core/api/intorstring.h"
#include "core/api/time.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>
#include <initializer_list>
#include <optional>
#include <type_traits>

namespace rlab::api {

// Reads a QJsonObject into a struct that has `visitFields(V&, T&)`, like Go's encoding/json
// with the API server's field validation: fields it does not know are reported as
// `unknown field "spec.template.spec.containers[0].imagee"`, wrong types as
// `json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`.
// Fields named in visitFields' `extra(...)` list are kept verbatim. Any thread; no shared state.
class JsonDecoder
{
public:
    JsonDecoder(const QJsonObject &in, QString path, const char *goName, DecodeContext &ctx)
        : m_in(in), m_path(std::move(path)), m_goName(goName), m_ctx(ctx)
    {
    }

    template<class T> static void decode(const QJsonObject &in, T &out, DecodeContext &ctx,
                                         const QString &path = {})
    {
        JsonDecoder d(in, path, T::kGoName, ctx);
        visitFields(d, out);
        d.finish();
    }

    void operator()(const char *key, QString &s, unsigned = Default)
    {
        const QJsonValue v = take(key);
        if (v.isString())
            s = v.toString();
        else if (!v.isNull() && !v.isUndefined())
            typeError(key, v, "string");
    }
    void operator()(const char *key, bool &b, unsigned = Default)
    {
        const QJsonValue v = take(key);
        if (v.isBool())
            b = v.toBool();
        else if (!v.isNull() && !v.isUndefined())
            typeError(key, v, "bool");
    }
    void operator()(const char *key, int &i, unsigned = Default) { integer(key, i, "int32"); }
    void operator()(const char *key, qint64 &i, unsigned = Default) { integer(key, i, "int64"); }
    void operator()(const char *key, double &d, unsigned = Default)
    {
        const QJsonValue v = take(key);
        if (v.isDouble())
            d = v.toDouble();
        else if (!v.isNull() && !v.isUndefined())
            typeError(key, v, "float64");
    }
    void time(const char *key, Time &t, unsigned = Default)
    {
        const QJsonValue v = take(key);
        if (v.isNull() || v.isUndefined())
            return;
        if (!v.isString() || !parseTime(v.toString(), &t))
            m_ctx.errors.append(QStringLiteral("parsing time %1 as \"2006-01-02T15:04:05Z07:00\": cannot parse (field %2)")
                                    .arg(v.isString() ? QLatin1Char('"') + v.toString() + QLatin1Char('"') : jsonTypeName(v), fieldPath(key)));
    }
    void operator()(const char *key, IntOrString &out, unsigned = Default)
    {
        const QJsonValue v = take(key);
        if (v.isString())
            out = IntOrString::fromString(v.toString());
        else if (v.isDouble() && v.toDouble() == double(qint64(v.toDouble())))
            out = IntOrString::fromInt(int(v.toDouble()));
        else if (!v.isNull() && !v.isUndefined())
            typeError(key, v, "intstr.IntOrString");
    }
    void operator()(const char *key, QStringList &l, unsigned = Default)
    {
        const QJsonValue v = take(key);
        if (v.isNull() || v.isUndefined())
            return;
        if (!v.isArray())
            return typeError(key, v, "[]string");
        l.clear();
        for (const QJsonValue &e : v.toArray()) {
            if (!e.isString())
                return typeError(key, e, "string");
            l.append(e.toString());
        }
    }
    void operator()(const char *key, QMap<QString, QString> &m, unsigned = Default)
    {
        const QJsonValue v = take(key);
        if (v.isNull() || v.isUndefined())
            return;
        if (!v.isObject())
            return typeError(key, v, "map[string]string");
        m.clear();
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (!it.value().isString())
                return typeError(key, it.value(), "string");
            m.insert(it.key(), it.value().toString());
        }
    }
    void operator()(const char *key, QJsonObject &o, unsigned = Default)
    {
        const QJsonValue v = take(key);
        if (v.isObject())
            o = compactJsonObject(v.toObject());
        else if (!v.isNull() && !v.isUndefined())
            typeError(key, v, "map[string]interface {}");
    }
    template<class T> void operator()(const char *key, std::optional<T> &o, unsigned opt = Default)
    {
        const QJsonValue v = m_in.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull()) {
            take(key);
            return;
        }
        T value{};
        (*this)(key, value, opt);
        o = std::move(value);
    }
    template<class T> void operator()(const char *key, QList<T> &l, unsigned = Default)
    {
        const QJsonValue v = take(key);
        if (v.isNull() || v.isUndefined())
            return;
        if (!v.isArray())
            return typeError(key, v, QStringLiteral("[]%1").arg(QLatin1String(T::kGoName)));
        l.clear();
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            const QString p = QStringLiteral("%1[%2]").arg(fieldPath(key)).arg(i);
            if (!a[i].isObject()) {
                typeErrorAt(p, a[i], QLatin1String(T::kGoName));
                continue;
            }
            T item{};
            JsonDecoder d(a[i].toObject(), p, T::kGoName, m_ctx);
            visitFields(d, item);
            d.finish();
            l.append(std::move(item));
        }
    }
    template<class T, class = std::enable_if_t<std::is_class_v<T>>>
    void operator()(const char *key, T &nested, unsigned = Default)
    {
        const QJsonValue v = take(key);
        if (v.isNull() || v.isUndefined())
            return;
        if (!v.isObject())
            return typeError(key, v, QLatin1String(T::kGoName));
        JsonDecoder d(v.toObject(), fieldPath(key), T::kGoName, m_ctx);
        visitFields(d, nested);
        d.finish();
    }
    void extra(QJsonObject &extra, std::initializer_list<const char *> keys)
    {
        for (const char *k : keys) {
            const QLatin1String key(k);
            auto it = m_in.constFind(key);
            if (it != m_in.constEnd()) {
                extra.insert(key, compactJsonValue(it.value()));
                m_seen.insert(key);
            }
        }
    }
    // Keys a struct accepts and ignores (e.g. apiVersion/kind handled by the caller).
    void ignore(const char *key) { m_seen.insert(QLatin1String(key)); }

    // Reports every key of the input that no visitor call consumed.
    void finish()
    {
        for (auto it = m_in.begin(); it != m_in.end(); ++it) {
            if (m_seen.contains(it.key()))
                continue;
            const QString msg = QStringLiteral("unknown field \"%1\"").arg(join(m_path, it.key()));
            (m_ctx.strict ? m_ctx.errors : m_ctx.warnings).append(msg);
        }
    }

    static QString jsonTypeName(const QJsonValue &v)
    {
        switch (v.type()) {
        case QJsonValue::Bool: return QStringLiteral("bool");
        case QJsonValue::Double: return QStringLiteral("number");
        case QJsonValue::String: return QStringLiteral("string");
        case QJsonValue::Array: return QStringLiteral("array");
        case QJsonValue::Object: return QStringLiteral("object");
        default: return QStringLiteral("null");
        }
    }

private:
    QJsonValue take(const char *key)
    {
        const QLatin1String k(key);
        m_seen.insert(k);
        return m_in.value(k);
    }
    template<class I> void integer(const char *key, I &out, const char *goType)
    {
        const QJsonValue v = take(key);
        if (v.isNull() || v.isUndefined())
            return;
        const double d = v.toDouble();
        const bool isInt = v.isDouble() && d == double(qint64(d));
        const bool fits = isInt && (sizeof(I) == 8 || (d >= -2147483648.0 && d <= 2147483647.0));
        if (!fits) {
            const QString got = (v.isDouble() && isInt) ? QStringLiteral("number %1").arg(qint64(d))
                              : v.isDouble() ? QStringLiteral("number %1").arg(d)
                                             : jsonTypeName(v);
            return typeErrorAt(fieldPath(key), v, QLatin1String(goType), got);
        }
        out = I(qint64(d));
    }
    void typeError(const char *key, const QJsonValue &v, const QString &goType)
    {
        typeErrorAt(fieldPath(key), v, goType);
    }
    void typeErrorAt(const QString &path, const QJsonValue &v, const QString &goType, QString got = {})
    {
        if (got.isEmpty())
            got = jsonTypeName(v);
        m_ctx.errors.append(QStringLiteral("json: cannot unmarshal %1 into Go struct field %2.%3 of type %4")
                                .arg(got, QLatin1String(m_goName), path, goType));
    }
    QString fieldPath(const char *key) const { return join(m_path, QString::fromLatin1(key)); }
    static QString join(const QString &path, const QString &key)
    {
        return path.isEmpty() ? key : path + QLatin1Char('.') + key;
    }

    QJsonObject m_in;
    QString m_path;
    const char *m_goName;
    DecodeContext &m_ctx;
    QSet<QString> m_seen;
};

} // namespace rlab::api
