#pragma once
#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace rlab::test {

// Path of a file under tests/data.
QString dataPath(const QString &relative);
QByteArray readData(const QString &relative);

// Parses any JSON value, scalars included (QJsonDocument only takes objects and arrays); bad
// test JSON is fatal.
QJsonValue json(const QString &text);
// Parses a JSON object; bad test JSON or another value is fatal.
QJsonObject jsonObject(const QString &text);
// A value as one line of JSON, the way QJsonDocument::Compact writes it.
QString compact(const QJsonValue &v);

} // namespace rlab::test
