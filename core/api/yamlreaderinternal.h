#pragma once
#include "core/api/yamlreader.h"
#include "core/api/yamlreadererrorsink.h"
#include "core/api/yamlreadersourcetext.h"

#include <QJsonValue>

// The free functions YamlReader's files share (yamlreaderchecks.cpp, yamlreaderjson.cpp).
// Internal to core/api; pure functions: any thread.

namespace rlab::api::yamlread {

// "a sequence" / "an array", "a string", "a mapping" / "an object", …
QString typeName(const QJsonValue &v, bool yaml);
QString notAnObjectMessage(int index, const QJsonValue &v, bool yaml);
// Encoding checks, before any parsing. Return false and report the first problem.
bool checkUtf8(const SourceText &text, ErrorSink &errors);
bool checkYamlCharacters(const SourceText &text, ErrorSink &errors);
// The JSON fast path; false: read the file as YAML instead (which reports the problem).
bool readJson(const SourceText &text, const QString &file, const YamlReader::Limits &limits, ReadResult *result);

} // namespace rlab::api::yamlread
