#pragma once
#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

// The parts of toYaml (yamlwriter.cpp: the Emitter) that yamlwriteranalysis.cpp provides:
// go-yaml's character classes, yaml_emitter_analyze_scalar, the scalar style choice, go-yaml's
// key order and kubectl's number text. Internal to core/api; pure functions: any thread.

namespace rlab::api::yamlwrite {

// Character classes of go-yaml's emitter (yamlprivateh.go), on UTF-8 bytes.
using Bytes = QByteArray;
inline unsigned char at(const Bytes &b, qsizetype i) { return i < b.size() ? static_cast<unsigned char>(b[i]) : 0; }
inline int width(unsigned char c)
{
    if ((c & 0x80) == 0x00)
        return 1;
    if ((c & 0xE0) == 0xC0)
        return 2;
    if ((c & 0xF0) == 0xE0)
        return 3;
    if ((c & 0xF8) == 0xF0)
        return 4;
    return 1;
}
inline bool isSpace(const Bytes &b, qsizetype i) { return at(b, i) == ' '; }
inline bool isBlank(const Bytes &b, qsizetype i) { return at(b, i) == ' ' || at(b, i) == '\t'; }
inline bool isBreak(const Bytes &b, qsizetype i)
{
    return at(b, i) == '\r' || at(b, i) == '\n' || (at(b, i) == 0xC2 && at(b, i + 1) == 0x85)
        || (at(b, i) == 0xE2 && at(b, i + 1) == 0x80 && (at(b, i + 2) == 0xA8 || at(b, i + 2) == 0xA9));
}
inline bool isBlankz(const Bytes &b, qsizetype i) { return isBlank(b, i) || isBreak(b, i) || i >= b.size(); }
// go-yaml v2's is_bom looks at the start of the string whatever i is, so a string that starts
// with a BOM is written with every character escaped ("\uFEFF\x61"); kept for fidelity.
inline bool isBom(const Bytes &b, qsizetype) { return at(b, 0) == 0xEF && at(b, 1) == 0xBB && at(b, 2) == 0xBF; }
inline bool isPrintable(const Bytes &b, qsizetype i)
{
    const unsigned char c = at(b, i);
    const unsigned char c1 = at(b, i + 1);
    const unsigned char c2 = at(b, i + 2);
    return c == 0x0A || (c >= 0x20 && c <= 0x7E) || (c == 0xC2 && c1 >= 0xA0) || (c > 0xC2 && c < 0xED)
        || (c == 0xED && c1 < 0xA0) || c == 0xEE
        || (c == 0xEF && !(c1 == 0xBB && c2 == 0xBF) && !(c1 == 0xBF && (c2 == 0xBE || c2 == 0xBF)));
}

// yaml_emitter_analyze_scalar (go-yaml v2), block context only.
struct Analysis
{
    bool multiline = false;
    bool blockPlainAllowed = true;
    bool singleQuotedAllowed = true;
    bool blockAllowed = true;
};

Analysis analyze(const Bytes &v);

enum class Style { Plain, SingleQuoted, DoubleQuoted, Literal };

// encoder.stringv + yaml_emitter_select_scalar_style.
Style selectStyle(const QString &s, const Bytes &utf8, const Analysis &a, bool simpleKey, bool isKey);
// The keys of `o` in go-yaml v2's order (sorter.go keyList.Less).
QStringList sortedKeys(const QJsonObject &o);
// A JSON number the way kubectl prints it: Go's json.Marshal text, re-read by go-yaml.
QString formatNumber(const QJsonValue &v);

} // namespace rlab::api::yamlwrite
