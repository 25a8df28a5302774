// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by tst_yamlreader*.cpp and tst_yamlwriter.cpp: QCOMPARE printing of SourcePosition,
// error texts without the file name, JSON values from text and back, the single document of a
// YAML text. Header-only; pure functions: any thread.
#include "core/api/yamlreader.h"
#include "tests/testutil/testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

namespace rlab::api {
// Lets QCOMPARE print positions.
inline char *toString(const SourcePosition &p)
{
    return QTest::toString(QStringLiteral("%1:%2").arg(p.line).arg(p.column));
}
} // namespace rlab::api

namespace rlab::test::yaml {

// Errors without the file name: "7:13: message", or "message" when there is no line.
inline QStringList errorTexts(const api::ReadResult &r)
{
    QStringList out;
    for (const api::SourceError &e : r.errors) {
        out << e.toString().mid(e.file.size() + (e.line > 0 ? 1 : 2));
    }
    return out;
}

// Any JSON value, scalars included.
inline QJsonValue jsonValue(const QByteArray &json)
{
    return test::json(QString::fromUtf8(json));
}

// One line of JSON, as bytes, wrapped in a one-element array: "[value]".
inline QByteArray compact(const QJsonValue &v)
{
    return QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
}

// The single document of `yaml`, failing the test on errors.
inline api::SourceDocument readOne(const QByteArray &yaml)
{
    const api::ReadResult r = api::YamlReader::read(yaml, QStringLiteral("test.yaml"));
    if (!r.ok() || r.documents.size() != 1)
        qWarning() << "unexpected:" << errorTexts(r) << r.documents.size();
    return r.documents.value(0);
}

} // namespace rlab::test::yaml
