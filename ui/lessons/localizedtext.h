#pragma once
#include <QJsonValue>
#include <QMap>
#include <QString>
#include <optional>

namespace rlab::ui {

// A lesson string in several languages: `text: "..."` (English) or `text: {en: "...", ko: "..."}`.
// text("ko") falls back to English, then to any language given. A plain value.
struct LocalizedText
{
    QMap<QString, QString> byLanguage;   // "en" -> text

    // nullopt (and *error set) unless `value` is a string or a map of language -> string.
    static std::optional<LocalizedText> fromJson(const QJsonValue &value, QString *error);
    QString text(const QString &language) const;
    bool has(const QString &language) const { return !byLanguage.value(language).isEmpty(); }
    bool isEmpty() const { return byLanguage.isEmpty(); }
};

} // namespace rlab::ui
