#pragma once
#include <QByteArray>
#include <QString>

namespace rlab::test {

// Path of a file under tests/data.
QString dataPath(const QString &relative);
QByteArray readData(const QString &relative);

} // namespace rlab::test
