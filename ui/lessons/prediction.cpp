#include "ui/lessons/prediction.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace rlab::ui {

bool Prediction::isCorrect(const QString &given, const QJsonValue &answer)
{
    const QString g = given.trimmed();
    if (g.isEmpty())
        return false;
    if (answer.isDouble()) {
        bool ok = false;
        const double v = g.toDouble(&ok);
        return ok && v == answer.toDouble();
    }
    return g.compare(display(answer), Qt::CaseInsensitive) == 0;
}

QString Prediction::display(const QJsonValue &answer)
{
    if (answer.isString())
        return answer.toString();
    if (answer.isDouble())
        return QString::number(answer.toDouble());
    if (answer.isBool())
        return answer.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return QString::fromUtf8(QJsonDocument(QJsonArray{answer}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

} // namespace rlab::ui
