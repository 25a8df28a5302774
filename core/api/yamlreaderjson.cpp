#include "core/api/yamlreaderinternal.h"

#include "core/api/yamlscalar.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QStringDecoder>
#include <QVariant>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace rlab::api::yamlread {

// ---------------------------------------------------------------------------------------------
// JSON fast path. A light scanner finds the top-level values and every key's position;
// QJsonDocument parses each value. Anything unusual (invalid JSON, duplicate keys, deep
// nesting, a top-level scalar) returns false and the file is read as YAML instead, which
// reports the problem with a position.

static QString decodeJsonString(const QByteArray &b, qsizetype start, qsizetype end)
{
    // b[start] is the opening quote, b[end] the closing one.
    QByteArray out;
    out.reserve(end - start);
    QString result;
    for (qsizetype i = start + 1; i < end; ++i) {
        const char c = b.at(i);
        if (c != '\\') {
            out.append(c);
            continue;
        }
        if (++i >= end)
            break;
        switch (b.at(i)) {
        case 'b': out.append('\b'); break;
        case 'f': out.append('\f'); break;
        case 'n': out.append('\n'); break;
        case 'r': out.append('\r'); break;
        case 't': out.append('\t'); break;
        case 'u': {
            auto hex4 = [&](qsizetype at) -> int {
                if (at + 4 > end)
                    return -1;
                bool ok = false;
                const int v = b.mid(at, 4).toInt(&ok, 16);
                return ok ? v : -1;
            };
            int cp = hex4(i + 1);
            if (cp < 0)
                return {};
            i += 4;
            if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 < end && b.at(i + 1) == '\\' && b.at(i + 2) == 'u') {
                const int lo = hex4(i + 3);
                if (lo >= 0xDC00 && lo <= 0xDFFF) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    i += 6;
                }
            }
            const char32_t c32 = char32_t(cp);
            out.append(QString::fromUcs4(&c32, 1).toUtf8());
            break;
        }
        default: out.append(b.at(i)); break;
        }
    }
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    return decoder.decode(out);
}

static QJsonValue normalizeNumbers(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Double: {
        const double d = v.toDouble();
        if (v.toVariant().typeId() == QMetaType::Double && d == std::trunc(d) && d >= -9223372036854775808.0 && d < 9223372036854775808.0)
            return QJsonValue(qint64(d));
        return v;
    }
    case QJsonValue::Array: {
        QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            a[i] = normalizeNumbers(a.at(i));
        return a;
    }
    case QJsonValue::Object: {
        QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            it.value() = normalizeNumbers(it.value());
        return o;
    }
    default:
        return v;
    }
}

bool readJson(const SourceText &text, const QString &file, const YamlReader::Limits &limits, ReadResult *result)
{
    const QByteArray &b = text.bytes();
    const qsizetype n = b.size();
    auto skipWs = [&](qsizetype i) {
        while (i < n && (b.at(i) == ' ' || b.at(i) == '\t' || b.at(i) == '\n' || b.at(i) == '\r'))
            ++i;
        return i;
    };
    struct Frame
    {
        bool isObject = false;
        QString path;
        qsizetype count = 0;
        QSet<QString> keys;
        bool expectKey = true;
        QString pendingPath;
    };
    QList<SourceDocument> docs;
    QList<SourceError> docErrors;
    qsizetype pos = skipWs(0);
    while (pos < n) {
        if (b.at(pos) != '{' && b.at(pos) != '[')
            return false;
        const qsizetype start = pos;
        QHash<QString, SourcePosition> positions;
        positions.insert(QString(), text.position(pos));
        std::vector<Frame> stack;
        bool sawFloat = false;
        // Called when a value starts at `at`; returns the path it lives at.
        auto valuePath = [&](qsizetype at) -> QString {
            if (stack.empty())
                return QString();
            Frame &f = stack.back();
            if (f.isObject)
                return f.pendingPath;
            const QString p = YamlReader::indexPath(f.path, f.count++);
            positions.insert(p, text.position(at));
            return p;
        };
        do {
            const char c = b.at(pos);
            if (c == '{' || c == '[') {
                const QString p = valuePath(pos);
                if (int(stack.size()) >= limits.maxDepth)
                    return false;
                Frame frame;
                frame.isObject = c == '{';
                frame.path = p;
                stack.push_back(std::move(frame));
                ++pos;
            } else if (c == '}' || c == ']') {
                if (stack.empty() || stack.back().isObject != (c == '}'))
                    return false;
                stack.pop_back();
                ++pos;
            } else if (c == '"') {
                qsizetype e = pos + 1;
                while (e < n && b.at(e) != '"')
                    e += b.at(e) == '\\' ? 2 : 1;
                if (e >= n)
                    return false;
                if (!stack.empty() && stack.back().isObject && stack.back().expectKey) {
                    Frame &f = stack.back();
                    const QString key = decodeJsonString(b, pos, e);
                    if (f.keys.contains(key))
                        return false;   // YAML path reports the duplicate
                    f.keys.insert(key);
                    f.pendingPath = YamlReader::childPath(f.path, key);
                    positions.insert(f.pendingPath, text.position(pos));
                    f.expectKey = false;
                } else {
                    valuePath(pos);
                }
                pos = e + 1;
            } else if (c == ',') {
                if (!stack.empty() && stack.back().isObject)
                    stack.back().expectKey = true;
                ++pos;
            } else if (c == ':' || c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                ++pos;
            } else {
                // number, true, false, null
                valuePath(pos);
                const qsizetype s = pos;
                while (pos < n && std::strchr(",]} \t\r\n:", b.at(pos)) == nullptr)
                    ++pos;
                for (qsizetype k = s; k < pos; ++k) {
                    if (b.at(k) == '.' || b.at(k) == 'e' || b.at(k) == 'E')
                        sawFloat = true;
                }
                if (pos == s)
                    return false;
            }
        } while (!stack.empty() && pos < n);
        if (!stack.empty())
            return false;
        QJsonParseError err{};
        const QJsonDocument jd = QJsonDocument::fromJson(b.mid(start, pos - start), &err);
        if (err.error != QJsonParseError::NoError)
            return false;
        QJsonValue value = jd.isObject() ? QJsonValue(jd.object()) : QJsonValue(jd.array());
        if (sawFloat)
            value = normalizeNumbers(value);
        const int index = int(docs.size() + docErrors.size()) + 1;
        if (!value.isObject()) {
            const SourcePosition p = positions.value(QString());
            docErrors.append(SourceError{file, p.line, p.column, notAnObjectMessage(index, value, false)});
        } else {
            SourceDocument doc;
            doc.file = file;
            doc.index = index;
            doc.value = value;
            doc.positions = std::move(positions);
            docs.append(doc);
        }
        pos = skipWs(pos);
    }
    result->documents = docs;
    result->errors = docErrors;
    return true;
}

} // namespace rlab::api::yamlread
