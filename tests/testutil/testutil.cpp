#include "tests/testutil/testutil.h"

#include <QFile>

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

} // namespace rlab::test
