#include "ui/lessons/localizedtext.h"

#include <QJsonObject>

namespace rlab::ui {

std::optional<LocalizedText> LocalizedText::fromJson(const QJsonValue &value, QString *error)
{
    LocalizedText t;
    if (value.isUndefined() || value.isNull())
        return t;
    if (value.isString()) {
        t.byLanguage.insert(QStringLiteral("en"), value.toString());
        return t;
    }
    if (!value.isObject()) {
        *error = QStringLiteral("must be a string or a map of language to string, e.g. {en: \"…\", ko: \"…\"}");
        return std::nullopt;
    }
    const QJsonObject o = value.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!it.value().isString()) {
            *error = QStringLiteral("language \"%1\": must be a string").arg(it.key());
            return std::nullopt;
        }
        t.byLanguage.insert(it.key(), it.value().toString());
    }
    return t;
}

QString LocalizedText::text(const QString &language) const
{
    if (has(language))
        return byLanguage.value(language);
    if (has(QStringLiteral("en")))
        return byLanguage.value(QStringLiteral("en"));
    return byLanguage.isEmpty() ? QString() : byLanguage.first();
}

} // namespace rlab::ui
