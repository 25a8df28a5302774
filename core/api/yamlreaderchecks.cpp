#include "core/api/yamlreaderinternal.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QVariant>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace rlab::api::yamlread {

QString typeName(const QJsonValue &v, bool yaml)
{
    switch (v.type()) {
    case QJsonValue::Array: return yaml ? QStringLiteral("a sequence") : QStringLiteral("an array");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Object: return yaml ? QStringLiteral("a mapping") : QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("empty");
}

QString notAnObjectMessage(int index, const QJsonValue &v, bool yaml)
{
    return QStringLiteral("document %1 is %2, expected an object with apiVersion and kind").arg(index).arg(typeName(v, yaml));
}

// ---------------------------------------------------------------------------------------------
// Encoding checks, before any parsing. Returns false and reports the first problem.

bool checkUtf8(const SourceText &text, ErrorSink &errors)
{
    const auto *d = reinterpret_cast<const unsigned char *>(text.bytes().constData());
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n;) {
        const unsigned char c = d[i];
        if (c == 0) {
            errors.add(text.position(i), QStringLiteral("file is not UTF-8 text (it contains NUL bytes)"));
            return false;
        }
        if (c < 0x80) {
            ++i;
            continue;
        }
        int len = 0;
        unsigned cp = 0;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            cp = c & 0x07;
        }
        bool ok = len > 0 && i + len <= n;
        for (int k = 1; ok && k < len; ++k) {
            if ((d[i + k] & 0xC0) != 0x80)
                ok = false;
            else
                cp = (cp << 6) | (d[i + k] & 0x3F);
        }
        if (ok && ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))))
            ok = false;
        if (!ok) {
            errors.add(text.position(i),
                       QStringLiteral("file is not UTF-8 text (invalid byte 0x%1)").arg(int(c), 2, 16, QLatin1Char('0')));
            return false;
        }
        i += len;
    }
    return true;
}

// YAML allows only printable characters (libyaml: "control characters are not allowed").
// yaml-cpp silently drops some of them, so they are refused here. NEL (U+0085), a line break
// in YAML 1.1 that yaml-cpp loses, is refused as well.
bool checkYamlCharacters(const SourceText &text, ErrorSink &errors)
{
    const auto *d = reinterpret_cast<const unsigned char *>(text.bytes().constData());
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const unsigned char c = d[i];
        unsigned cp = 0;
        if (c < 0x20) {
            if (c == '\t' || c == '\n' || c == '\r')
                continue;
            cp = c;
        } else if (c == 0x7F) {
            cp = c;
        } else if (c == 0xC2 && i + 1 < n && d[i + 1] < 0xA0) {
            cp = d[i + 1];   // C1 controls U+0080..U+009F, NEL included
        } else if (c == 0xEF && i + 2 < n && d[i + 1] == 0xBB && d[i + 2] == 0xBF) {
            cp = 0xFEFF;
        } else if (c == 0xEF && i + 2 < n && d[i + 1] == 0xBF && (d[i + 2] == 0xBE || d[i + 2] == 0xBF)) {
            cp = d[i + 2] == 0xBE ? 0xFFFE : 0xFFFF;
        } else {
            continue;
        }
        const QString code = QStringLiteral("%1").arg(cp, 4, 16, QLatin1Char('0')).toUpper();
        errors.add(text.position(i), QStringLiteral("control characters are not allowed (found U+%1)").arg(code));
        return false;
    }
    return true;
}

} // namespace rlab::api::yamlread
