#include "tests/testutil/testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace rlab::test {

QString dataPath(const QString &relative)
{
    return QStringLiteral(RLAB_TEST_DATA "/") + relative;
}

QByteArray readData(const QString &relative)
{
    QFile f(dataPath(relative));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read test data %s", qPrintable(f.fileName()));
    return f.readAll();
}

QJsonValue json(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray("[") + text.toUtf8() + "]", &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad test JSON %s: %s", qPrintable(text), qPrintable(error.errorString()));
    return doc.array().at(0);
}

QJsonObject jsonObject(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        qFatal("bad test JSON %s: %s", qPrintable(text), qPrintable(error.errorString()));
    return doc.object();
}

QString compact(const QJsonValue &v)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

} // namespace rlab::test
