#pragma once
#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>

namespace rlab::server {

// A request's query string as kube-apiserver reads it: Go's url.Values (every value of a key,
// in order; '+' is a space; pairs with a bad escape or a ';' dropped) converted the way
// apimachinery's parameter codec does (runtime.Convert_Slice_string_To_*), from the first
// value of a key:
//  - flag: present means true unless the value is "0" or "false" in any case, so `?watch`,
//    `?watch=True`, `?watch=t` and `?watch=yes` all watch; absent is false.
//  - integer: strconv.ParseInt(v, 10, 64): an optional sign and decimal digits, nothing else;
//    otherwise the error text a 400 carries (`strconv.ParseInt: parsing "1e3": invalid
//    syntax`, `… value out of range`).
// A value; any thread.
class QueryParameters
{
public:
    QueryParameters() = default;
    static QueryParameters parse(const QString &rawQuery);   // the still-encoded query

    bool has(const QString &key) const { return m_values.contains(key); }
    QString value(const QString &key) const;                  // first value, "" if absent
    QStringList values(const QString &key) const { return m_values.value(key); }
    bool flag(const QString &key) const;
    std::optional<bool> optionalFlag(const QString &key) const;   // nullopt if absent
    // nullopt if absent or invalid; *error is set (and left empty otherwise) when invalid.
    std::optional<qint64> integer(const QString &key, QString *error) const;

    static bool toBool(const QString &value);
    static std::optional<qint64> parseInt64(const QString &text, QString *error);

private:
    QHash<QString, QStringList> m_values;
};

} // namespace rlab::server
