#pragma once
#include "core/api/fieldopts.h"
#include "core/api/intorstring.h"
#include "core/api/object.h"
#include "core/api/time.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <array>
#include <initializer_list>
#include <optional>
#include <type_traits>
#include <vector>

namespace rlab::apiserver {

// Would two objects of one typed kind encode to the same JSON? The API server's no-op update
// check (upstream compares the encoded bytes) asks this on every update; answering it on the
// typed fields, with JsonEncoder's rules, saves building two JSON documents per write.
// Rules mirrored: omitempty (zero, "" and empty lists/maps are absent, so equal to each other),
// timestamps written to the second (12:00:00.200 and 12:00:00.900 are the same JSON),
// IntOrString written as what it holds. Unknown when a case it does not model is met (an
// optional nested struct present on one side only, which may encode to nothing; Generic
// objects): the caller then compares the JSON. Any thread; no shared state.
enum class Equivalence { Equal, Different, Unknown };

Equivalence jsonEquivalent(const api::Object &a, const api::Object &b);

namespace detail {

// Records, through the kinds' visitFields, a pointer to every field and how to compare it.
class FieldRecorder
{
public:
    using Compare = Equivalence (*)(const void *, const void *);
    struct Field
    {
        const void *field;
        Compare compare;
        bool nestedStruct;
    };
    // The fields recorded, in visit order: the first kInline in place (every kind's structs
    // have fewer: PodSpec ~40), so recording allocates nothing (two vectors per struct compared
    // were a third of the check).
    std::size_t size() const { return m_count; }
    const Field &at(std::size_t i) const { return i < kInline ? m_inline[i] : m_more[i - kInline]; }

    template<class T> static Equivalence same(const void *a, const void *b)
    {
        return *static_cast<const T *>(a) == *static_cast<const T *>(b) ? Equivalence::Equal : Equivalence::Different;
    }
    static Equivalence sameTime(const void *a, const void *b)
    {
        const api::Time x = *static_cast<const api::Time *>(a), y = *static_cast<const api::Time *>(b);
        if (x == y)
            return Equivalence::Equal;
        if (x == 0 || y == 0)
            return Equivalence::Different;
        const auto seconds = [](api::Time t) { return t >= 0 ? t / 1000 : -((-t + 999) / 1000); };   // floor
        return seconds(x) == seconds(y) ? Equivalence::Equal : Equivalence::Different;
    }
    static Equivalence sameIntOrString(const void *a, const void *b)
    {
        const auto &x = *static_cast<const api::IntOrString *>(a);
        const auto &y = *static_cast<const api::IntOrString *>(b);
        if (x.isString != y.isString)
            return Equivalence::Different;
        return (x.isString ? x.strVal == y.strVal : x.intVal == y.intVal) ? Equivalence::Equal : Equivalence::Different;
    }
    template<class T> static Equivalence sameStruct(const void *a, const void *b);
    template<class T> static Equivalence sameList(const void *a, const void *b)
    {
        const auto &x = *static_cast<const QList<T> *>(a);
        const auto &y = *static_cast<const QList<T> *>(b);
        if (x.size() != y.size())
            return Equivalence::Different;
        for (qsizetype i = 0; i < x.size(); ++i) {
            const Equivalence e = sameStruct<T>(&x[i], &y[i]);
            if (e != Equivalence::Equal)
                return e;
        }
        return Equivalence::Equal;
    }
    template<class T> static Equivalence sameOptional(const void *a, const void *b)
    {
        const auto &x = *static_cast<const std::optional<T> *>(a);
        const auto &y = *static_cast<const std::optional<T> *>(b);
        if (!x && !y)
            return Equivalence::Equal;
        FieldRecorder rx, ry;
        if (x && y) {
            rx("", const_cast<T &>(*x));
            ry("", const_cast<T &>(*y));
            return rx.at(0).compare(rx.at(0).field, ry.at(0).field);
        }
        // Present on one side: written (Keep), unless it is a struct that encodes to nothing.
        rx("", const_cast<T &>(x ? *x : *y));
        return rx.at(0).nestedStruct ? Equivalence::Unknown : Equivalence::Different;
    }

    void operator()(const char *, QString &s, unsigned = api::Default) { add(&s, &same<QString>); }
    void operator()(const char *, bool &b, unsigned = api::Default) { add(&b, &same<bool>); }
    void operator()(const char *, int &i, unsigned = api::Default) { add(&i, &same<int>); }
    void operator()(const char *, qint64 &i, unsigned = api::Default) { add(&i, &same<qint64>); }
    void operator()(const char *, double &d, unsigned = api::Default) { add(&d, &same<double>); }
    void time(const char *, api::Time &t, unsigned = api::Default) { add(&t, &sameTime); }
    void operator()(const char *, api::IntOrString &v, unsigned = api::Default) { add(&v, &sameIntOrString); }
    void operator()(const char *, QStringList &l, unsigned = api::Default) { add(&l, &same<QStringList>); }
    void operator()(const char *, QMap<QString, QString> &m, unsigned = api::Default) { add(&m, &same<QMap<QString, QString>>); }
    void operator()(const char *, QJsonObject &o, unsigned = api::Default) { add(&o, &same<QJsonObject>); }
    template<class T> void operator()(const char *, std::optional<T> &o, unsigned = api::Default) { add(&o, &sameOptional<T>); }
    template<class T> void operator()(const char *, QList<T> &l, unsigned = api::Default) { add(&l, &sameList<T>); }
    template<class T, class = std::enable_if_t<std::is_class_v<T>>> void operator()(const char *, T &nested, unsigned = api::Default)
    {
        push(Field{&nested, &sameStruct<T>, true});
    }
    void extra(QJsonObject &extra, std::initializer_list<const char *>) { add(&extra, &same<QJsonObject>); }
    void goName(const char *) { }

private:
    void add(const void *field, Compare compare) { push(Field{field, compare, false}); }
    void push(const Field &f)
    {
        if (m_count < kInline)
            m_inline[m_count] = f;
        else
            m_more.push_back(f);
        ++m_count;
    }
    static constexpr std::size_t kInline = 64;
    std::array<Field, kInline> m_inline;   // the first kInline fields (left uninitialised)
    std::vector<Field> m_more;             // the rest
    std::size_t m_count = 0;
};

template<class T> Equivalence FieldRecorder::sameStruct(const void *a, const void *b)
{
    FieldRecorder ra, rb;
    visitFields(ra, const_cast<T &>(*static_cast<const T *>(a)));   // visitFields only reads here
    visitFields(rb, const_cast<T &>(*static_cast<const T *>(b)));
    if (ra.size() != rb.size())
        return Equivalence::Unknown;
    // The answer does not depend on the order (any Different wins, then any Unknown): the
    // fields are compared last first, because kinds list status last and most writes are
    // status updates — their difference is found before metadata and spec are walked.
    Equivalence result = Equivalence::Equal;
    for (std::size_t i = ra.size(); i-- > 0;) {
        const Field &fa = ra.at(i);
        const Equivalence e = fa.compare(fa.field, rb.at(i).field);
        if (e == Equivalence::Different)
            return e;
        if (e == Equivalence::Unknown)
            result = e;
    }
    return result;
}

} // namespace detail
} // namespace rlab::apiserver
