#include "core/api/yamlreader.h"

#include "core/api/yamlscalar.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QStringDecoder>
#include <QVariant>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <sstream>
#include <vector>

namespace rlab::api {

namespace {

// ---------------------------------------------------------------------------------------------
// The text being read: BOM removed, lone CRs turned into LFs (yaml-cpp would glue the lines),
// and a byte offset -> (line, column) index. Columns count characters, not bytes.
class SourceText
{
public:
    explicit SourceText(QByteArray bytes)
        : m_bytes(std::move(bytes))
    {
        if (m_bytes.startsWith("\xEF\xBB\xBF"))
            m_bytes.remove(0, 3);
        char *d = m_bytes.data();
        const qsizetype n = m_bytes.size();
        for (qsizetype i = 0; i < n; ++i) {
            if (d[i] == '\r' && (i + 1 >= n || d[i + 1] != '\n'))
                d[i] = '\n';
        }
        m_lineStarts.push_back(0);
        m_contBefore.reserve(size_t(n / kBlock + 2));
        qint32 cont = 0;
        for (qsizetype i = 0; i < n; ++i) {
            if (i % kBlock == 0)
                m_contBefore.push_back(cont);
            const auto c = static_cast<unsigned char>(d[i]);
            if ((c & 0xC0) == 0x80)
                ++cont;
            if (c == '\n')
                m_lineStarts.push_back(i + 1);
        }
        m_contBefore.push_back(cont);
    }

    const QByteArray &bytes() const { return m_bytes; }
    qsizetype size() const { return m_bytes.size(); }
    char at(qsizetype i) const { return (i >= 0 && i < m_bytes.size()) ? m_bytes.at(i) : '\0'; }

    SourcePosition position(qsizetype offset) const
    {
        offset = std::clamp<qsizetype>(offset, 0, m_bytes.size());
        const auto it = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
        const qsizetype line = qsizetype(it - m_lineStarts.begin());   // 1-based
        const qsizetype start = m_lineStarts[size_t(line - 1)];
        return SourcePosition{int(line), int(offset - start - (continuationBefore(offset) - continuationBefore(start)) + 1)};
    }
    qsizetype lineStart(int line) const
    {
        return (line >= 1 && size_t(line) <= m_lineStarts.size()) ? m_lineStarts[size_t(line - 1)] : -1;
    }
    QByteArray lineText(int line) const
    {
        const qsizetype s = lineStart(line);
        if (s < 0)
            return {};
        qsizetype e = m_bytes.indexOf('\n', s);
        if (e < 0)
            e = m_bytes.size();
        if (e > s && m_bytes.at(e - 1) == '\r')
            --e;
        return m_bytes.mid(s, e - s);
    }

private:
    static constexpr qsizetype kBlock = 64;
    qint32 continuationBefore(qsizetype offset) const
    {
        const qsizetype block = offset / kBlock;
        qint32 c = m_contBefore[size_t(block)];
        for (qsizetype i = block * kBlock; i < offset; ++i) {
            if ((static_cast<unsigned char>(m_bytes.at(i)) & 0xC0) == 0x80)
                ++c;
        }
        return c;
    }

    QByteArray m_bytes;
    std::vector<qsizetype> m_lineStarts;
    std::vector<qint32> m_contBefore;   // continuation bytes before each 64-byte block
};

// Collects errors for one file, up to a limit.
class ErrorSink
{
public:
    ErrorSink(QString file, int max)
        : m_file(std::move(file))
        , m_max(max)
    {
    }
    void add(SourcePosition pos, const QString &message)
    {
        if (m_list.size() < m_max) {
            m_list.append(SourceError{m_file, pos.line, pos.column, message});
        } else if (m_list.size() == m_max) {
            m_list.append(SourceError{m_file, pos.line, pos.column,
                                      QStringLiteral("too many errors (more than %1), giving up").arg(m_max)});
        }
    }
    bool full() const { return m_list.size() > m_max; }
    bool isEmpty() const { return m_list.isEmpty(); }
    const SourceErrors &list() const { return m_list; }
    const QString &file() const { return m_file; }

private:
    QString m_file;
    int m_max;
    SourceErrors m_list;
};

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

// ---------------------------------------------------------------------------------------------
// JSON fast path. A light scanner finds the top-level values and every key's position;
// QJsonDocument parses each value. Anything unusual (invalid JSON, duplicate keys, deep
// nesting, a top-level scalar) returns false and the file is read as YAML instead, which
// reports the problem with a position.

QString decodeJsonString(const QByteArray &b, qsizetype start, qsizetype end)
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

QJsonValue normalizeNumbers(const QJsonValue &v)
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

// ---------------------------------------------------------------------------------------------
// YAML path: yaml-cpp's event parser drives a builder that makes QJsonValues directly, so that
// positions, duplicate keys, merge keys and alias expansion are all under our control.

struct StopParsing
{
};

// UTF-8 to QString keeping a leading U+FEFF (QString::fromUtf8 drops it as a byte order mark).
QString fromUtf8Keep(const char *data, qsizetype size)
{
    if (size < 3 || std::memcmp(data, "\xEF\xBB\xBF", 3) != 0)
        return QString::fromUtf8(data, size);
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    return decoder.decode(QByteArrayView(data, size));
}

// Translations of yaml-cpp's terse messages into the go-yaml wording kubectl users know.
QString yamlCppMessage(const std::string &msg)
{
    static const std::map<std::string, const char *> translated = {
        {YAML::ErrorMsg::MAP_VALUE, "mapping values are not allowed in this context"},
        {YAML::ErrorMsg::END_OF_MAP, "did not find expected key"},
        {YAML::ErrorMsg::END_OF_SEQ, "did not find expected '-' indicator"},
        {YAML::ErrorMsg::END_OF_SEQ_FLOW, "did not find expected ',' or ']'"},
        {YAML::ErrorMsg::END_OF_MAP_FLOW, "did not find expected ',' or '}'"},
        {YAML::ErrorMsg::UNKNOWN_TOKEN, "found character that cannot start any token"},
        {YAML::ErrorMsg::FLOW_END, "illegal flow end: a ']' or '}' that does not match its opening bracket"},
    };
    const auto it = translated.find(msg);
    return QString::fromStdString(it != translated.end() ? std::string(it->second) : msg);
}

const QString kTabMessage = QStringLiteral(
    "found a tab character where indentation is expected; YAML indentation must use spaces, not tabs");

// Receives yaml-cpp's parse events for one file and builds each document as a QJsonValue with
// the positions of its values. Checks what yaml-cpp lets through (duplicate keys, missing
// `---`, unterminated quotes, lines without ':') and bounds alias expansion and nesting; fatal
// problems throw StopParsing after recording the error. One instance per read, one thread.
class Builder final : public YAML::EventHandler
{
public:
    struct Doc
    {
        QJsonValue value;
        QHash<QString, SourcePosition> positions;
        SourcePosition start;
        bool failed = false;   // had errors: counted, but not returned
    };

    Builder(const SourceText &text, const YamlReader::Limits &limits, ErrorSink &errors)
        : m_text(text)
        , m_limits(limits)
        , m_errors(errors)
    {
    }

    QList<Doc> docs;
    SourcePosition lastPosition{1, 1};

    void OnDocumentStart(const YAML::Mark &mark) override
    {
        const SourcePosition p = pos(mark);
        if (m_documentsStarted++ > 0 && !explicitDocumentStart(mark)) {
            m_errors.add(p, QStringLiteral("did not find expected <document start>"));
            throw StopParsing{};
        }
        m_frames.clear();
        m_anchors.clear();
        m_root = QJsonValue(QJsonValue::Undefined);
        m_positions.clear();
        m_aliasNodes = 0;
        m_aliasBytes = 0;
        m_docHasErrors = false;
    }

    void OnDocumentEnd() override
    {
        if (m_root.isUndefined())
            return;
        docs.append(Doc{m_root, m_positions, m_rootPosition, m_docHasErrors});
    }

    void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override
    {
        // yaml-cpp reads a line without ':' in a block mapping ("  replicas 3") as a key with
        // a null value, reported at the key's own position; YAML (libyaml, kubectl) refuses it.
        if (!m_frames.empty() && m_frames.back().isMap && !m_frames.back().expectKey
            && mark.pos == m_frames.back().pendingKeyOffset && mark.pos >= 0) {
            m_errors.add(pos(mark), QStringLiteral("could not find expected ':'"));
            throw StopParsing{};
        }
        YamlScalar s;
        s.kind = YamlScalar::Kind::Null;
        scalar(mark, anchor, s);
    }

    void OnScalar(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor, const std::string &value) override
    {
        const QString text = fromUtf8Keep(value.data(), qsizetype(value.size()));
        YamlScalar s;
        if (tag == "?") {
            s = YamlScalar::resolvePlain(text);
            if (value == "<<")
                s.kind = YamlScalar::Kind::Merge;   // go-yaml's isMerge: a plain `<<`
        } else {
            checkQuoteClosed(mark);
            QString err;
            s = tag == "!" ? YamlScalar{YamlScalar::Kind::String, QJsonValue(text), false}
                           : YamlScalar::resolveTagged(QString::fromStdString(tag), text, &err);
            if (!err.isEmpty())
                error(pos(mark), err);
        }
        scalar(mark, anchor, s);
    }

    void OnAlias(const YAML::Mark &mark, YAML::anchor_t anchor) override
    {
        const SourcePosition p = pos(mark);
        const auto it = m_anchors.find(anchor);
        if (it == m_anchors.end()) {
            error(p, QStringLiteral("unknown anchor referenced"));
            node(p, QJsonValue(), Stats{1, 0, 0}, nullptr);
            return;
        }
        if (!it->second.complete) {
            m_errors.add(p, QStringLiteral("anchor '%1' value contains itself").arg(it->second.name));
            throw StopParsing{};
        }
        const Anchor &a = it->second;
        m_aliasNodes += a.stats.nodes;
        m_aliasBytes += a.stats.bytes;
        if (m_aliasNodes > m_limits.maxAliasNodes) {
            m_errors.add(p, QStringLiteral("document expands to more than %1 nodes (YAML alias bomb?)").arg(m_limits.maxAliasNodes));
            throw StopParsing{};
        }
        if (m_aliasBytes > m_limits.maxAliasBytes) {
            m_errors.add(p, QStringLiteral("document expands to more than %1 bytes of text (YAML alias bomb?)").arg(m_limits.maxAliasBytes));
            throw StopParsing{};
        }
        if (int(m_frames.size()) + a.stats.depth > m_limits.maxDepth) {
            m_errors.add(p, QStringLiteral("document nests deeper than %1 levels").arg(m_limits.maxDepth));
            throw StopParsing{};
        }
        node(p, a.value, a.stats, a.isScalar ? &a.scalar : nullptr);
    }

    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor, YAML::EmitterStyle::value) override
    {
        start(mark, anchor, false);
    }
    void OnSequenceEnd() override { end(); }
    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor, YAML::EmitterStyle::value) override
    {
        start(mark, anchor, true);
    }
    void OnMapEnd() override { end(); }
    void OnAnchor(const YAML::Mark &, const std::string &name) override { m_nextAnchorName = QString::fromStdString(name); }

    SourcePosition pos(const YAML::Mark &mark)
    {
        if (mark.is_null() || mark.pos < 0)
            return lastPosition;
        m_lastMarkOffset = mark.pos;
        lastPosition = m_text.position(mark.pos);
        return lastPosition;
    }

private:
    struct Stats
    {
        qint64 nodes = 1;
        qint64 bytes = 0;
        int depth = 0;   // levels of collections, this one included (0 for a scalar)
    };
    struct Anchor
    {
        QString name;
        bool complete = false;
        QJsonValue value;
        Stats stats;
        bool isScalar = false;
        YamlScalar scalar;
    };
    struct Frame
    {
        bool isMap = false;
        bool inKey = false;        // this collection is (part of) a mapping key: an error
        QString path;
        SourcePosition start;
        YAML::anchor_t anchor = 0;
        Stats stats;
        QJsonObject object;
        QJsonArray array;
        // mapping state
        bool expectKey = true;
        bool pendingMerge = false;
        bool discardValue = false;
        QString pendingKey;
        QString pendingPath;
        qsizetype pendingKeyOffset = -1;
        QHash<QString, int> keyLines;
    };

    void error(SourcePosition p, const QString &message)
    {
        m_docHasErrors = true;
        m_errors.add(p, message);
        if (m_errors.full())
            throw StopParsing{};
    }

    bool inKeyContext() const { return !m_frames.empty() && (m_frames.back().inKey || (m_frames.back().isMap && m_frames.back().expectKey)); }

    // Path of the next value in the innermost collection; records its position where the
    // value (not a key) is the thing to point at.
    QString childPathAt(SourcePosition p)
    {
        if (m_frames.empty()) {
            m_rootPosition = p;
            m_positions.insert(QString(), p);
            return QString();
        }
        Frame &f = m_frames.back();
        if (f.isMap)
            return f.expectKey ? f.path : f.pendingPath;
        const QString path = YamlReader::indexPath(f.path, f.array.size());
        if (!f.inKey)
            m_positions.insert(path, p);
        return path;
    }

    void registerAnchor(YAML::anchor_t anchor)
    {
        if (anchor == 0)
            return;
        Anchor a;
        a.name = m_nextAnchorName;
        m_anchors[anchor] = a;
        m_nextAnchorName.clear();
    }

    void scalar(const YAML::Mark &mark, YAML::anchor_t anchor, const YamlScalar &s)
    {
        const SourcePosition p = pos(mark);
        registerAnchor(anchor);
        Stats st;
        st.bytes = s.value.isString() ? s.value.toString().size() : 8;
        if (s.nonFinite) {
            if (!inKeyContext()) {
                const double d = s.value.toDouble();
                error(p, QStringLiteral("json: unsupported value: %1 (JSON has no infinity or NaN)")
                             .arg(std::isnan(d) ? QStringLiteral("NaN") : d > 0 ? QStringLiteral("+Inf") : QStringLiteral("-Inf")));
            }
        }
        const QJsonValue v = s.nonFinite && !inKeyContext() ? QJsonValue() : s.value;
        if (anchor != 0) {
            Anchor &a = m_anchors[anchor];
            a.complete = true;
            a.value = v;
            a.stats = st;
            a.isScalar = true;
            a.scalar = s;
        }
        node(p, v, st, &s);
    }

    // A complete node (scalar, alias or collection) arrives in the innermost collection.
    void node(SourcePosition p, const QJsonValue &v, const Stats &st, const YamlScalar *asScalar)
    {
        if (m_frames.empty()) {
            childPathAt(p);
            m_root = v;
            return;
        }
        Frame &f = m_frames.back();
        f.stats.nodes += st.nodes;
        f.stats.bytes += st.bytes;
        f.stats.depth = std::max(f.stats.depth, st.depth + 1);
        if (!f.isMap) {
            childPathAt(p);
            f.array.append(v);
            return;
        }
        if (f.expectKey) {
            f.expectKey = false;
            f.pendingMerge = false;
            f.discardValue = false;
            f.pendingKeyOffset = m_lastMarkOffset;
            if (f.inKey)
                return;
            if (!asScalar) {
                error(p, QStringLiteral("mapping key must be a string, not %1").arg(typeName(v, true)));
                f.discardValue = true;
                return;
            }
            if (asScalar->kind == YamlScalar::Kind::Merge) {
                f.pendingMerge = true;
                f.pendingPath = f.path;
                return;
            }
            QString err;
            const QString key = YamlScalar::keyString(*asScalar, &err);
            if (!err.isEmpty()) {
                error(p, asScalar->kind == YamlScalar::Kind::Null ? QStringLiteral("mapping key must be a string, not null")
                                                                  : QStringLiteral("mapping key must be a string (%1)").arg(err));
                f.discardValue = true;
                return;
            }
            const auto dup = f.keyLines.constFind(key);
            if (dup != f.keyLines.cend())
                error(p, QStringLiteral("mapping key \"%1\" already defined at line %2").arg(key).arg(*dup));
            f.keyLines.insert(key, p.line);
            f.pendingKey = key;
            f.pendingPath = YamlReader::childPath(f.path, key);
            if (!f.inKey)
                m_positions.insert(f.pendingPath, p);
            return;
        }
        f.expectKey = true;
        if (f.discardValue || f.inKey)
            return;
        if (f.pendingMerge) {
            merge(f, p, v);
            return;
        }
        f.object.insert(f.pendingKey, v);
    }

    // go-yaml v2 merge (`<<: *base` or `<<: [*a, *b]`): keys are set in order, so later keys
    // override merged ones; in a list, earlier maps take precedence.
    void merge(Frame &f, SourcePosition p, const QJsonValue &v)
    {
        auto mergeObject = [&f](const QJsonObject &o) {
            for (auto it = o.begin(); it != o.end(); ++it)
                f.object.insert(it.key(), it.value());
        };
        if (v.isObject()) {
            mergeObject(v.toObject());
            return;
        }
        if (v.isArray()) {
            const QJsonArray a = v.toArray();
            for (const QJsonValue &e : a) {
                if (!e.isObject()) {
                    error(p, QStringLiteral("map merge requires map or sequence of maps as the value"));
                    return;
                }
            }
            for (qsizetype i = a.size() - 1; i >= 0; --i)
                mergeObject(a.at(i).toObject());
            return;
        }
        error(p, QStringLiteral("map merge requires map or sequence of maps as the value"));
    }

    void start(const YAML::Mark &mark, YAML::anchor_t anchor, bool isMap)
    {
        const SourcePosition p = pos(mark);
        if (int(m_frames.size()) >= m_limits.maxDepth) {
            m_errors.add(p, QStringLiteral("document nests deeper than %1 levels").arg(m_limits.maxDepth));
            throw StopParsing{};
        }
        const bool inKey = inKeyContext();
        Frame f;
        f.isMap = isMap;
        f.inKey = inKey;
        f.path = inKey ? QString() : childPathAt(p);
        f.start = p;
        f.anchor = anchor;
        f.stats.depth = 1;
        registerAnchor(anchor);
        m_frames.push_back(std::move(f));
    }

    void end()
    {
        if (m_frames.empty())
            return;
        Frame f = std::move(m_frames.back());
        m_frames.pop_back();
        const QJsonValue v = f.isMap ? QJsonValue(f.object) : QJsonValue(f.array);
        if (f.anchor != 0) {
            Anchor &a = m_anchors[f.anchor];
            a.complete = true;
            a.value = v;
            a.stats = f.stats;
        }
        if (m_frames.empty()) {
            m_root = v;
            return;
        }
        // Like node(), but the child path was fixed (and its position recorded) at the start.
        Frame &parent = m_frames.back();
        if (!parent.isMap) {
            parent.stats.nodes += f.stats.nodes;
            parent.stats.bytes += f.stats.bytes;
            parent.stats.depth = std::max(parent.stats.depth, f.stats.depth + 1);
            parent.array.append(v);
            return;
        }
        node(f.start, v, f.stats, nullptr);
    }

    // yaml-cpp starts a new document when content follows a complete node; YAML needs `---`.
    bool explicitDocumentStart(const YAML::Mark &mark) const
    {
        const qsizetype at = mark.pos;
        if (m_text.at(at) == '%')
            return true;
        if (m_text.at(at) == '-' && m_text.at(at + 1) == '-' && m_text.at(at + 2) == '-')
            return true;
        return false;   // libyaml (and so kubectl) wants `---` even after a `...` end marker
    }

    // yaml-cpp accepts a quoted scalar that runs to the end of the file.
    void checkQuoteClosed(const YAML::Mark &mark)
    {
        qsizetype i = mark.pos;
        // Skip a tag or anchor in front of the scalar.
        while (i < m_text.size() && (m_text.at(i) == '!' || m_text.at(i) == '&')) {
            while (i < m_text.size() && m_text.at(i) != ' ' && m_text.at(i) != '\n')
                ++i;
            while (i < m_text.size() && m_text.at(i) == ' ')
                ++i;
        }
        const char q = m_text.at(i);
        if (q != '"' && q != '\'')
            return;
        for (qsizetype k = i + 1; k < m_text.size(); ++k) {
            const char c = m_text.at(k);
            if (q == '"' && c == '\\') {
                ++k;
            } else if (c == q) {
                if (q == '\'' && m_text.at(k + 1) == '\'')
                    ++k;
                else
                    return;
            }
        }
        m_errors.add(m_text.position(i), QStringLiteral("found unexpected end of stream while scanning a quoted scalar"));
        throw StopParsing{};
    }

    const SourceText &m_text;
    const YamlReader::Limits &m_limits;
    ErrorSink &m_errors;
    std::vector<Frame> m_frames;
    std::map<YAML::anchor_t, Anchor> m_anchors;
    QString m_nextAnchorName;
    QJsonValue m_root;
    SourcePosition m_rootPosition;
    QHash<QString, SourcePosition> m_positions;
    qint64 m_aliasNodes = 0;
    qint64 m_aliasBytes = 0;
    qsizetype m_lastMarkOffset = -1;
    int m_documentsStarted = 0;
    bool m_docHasErrors = false;
};

// A tab in the indentation of `line` (its leading whitespace), as a 1-based column, or 0.
int tabInIndentation(const QByteArray &line)
{
    for (qsizetype i = 0; i < line.size(); ++i) {
        if (line.at(i) == '\t')
            return int(i) + 1;
        if (line.at(i) != ' ')
            return 0;
    }
    return 0;
}

void reportParserError(const SourceText &text, const YAML::Exception &e, const SourcePosition &fallback, ErrorSink &errors)
{
    SourcePosition p = fallback;
    if (!e.mark.is_null() && e.mark.pos >= 0)
        p = text.position(e.mark.pos);
    if (!p.isValid())
        p = SourcePosition{1, 1};
    // A tab in the indentation of the failing line, or of the last non-blank line before it,
    // is almost always the real cause, whatever yaml-cpp says.
    const bool tabError = e.msg == YAML::ErrorMsg::TAB_IN_INDENTATION;
    int previous = p.line - 1;
    while (previous >= 1 && text.lineText(previous).trimmed().isEmpty())
        --previous;
    for (const int line : {p.line, previous}) {
        if (line < 1)
            continue;
        if (const int col = tabInIndentation(text.lineText(line))) {
            errors.add(SourcePosition{line, col}, kTabMessage);
            return;
        }
    }
    // A line without ':' inside a block mapping ("  namespace default") makes yaml-cpp read
    // a multi-line plain key and complain at the next ':'; libyaml names the line itself.
    if (e.msg == YAML::ErrorMsg::MAP_VALUE && previous >= 1 && previous < p.line) {
        const QByteArray prev = text.lineText(previous);
        const QByteArray t = prev.trimmed();
        const QByteArray here = text.lineText(p.line).trimmed();
        if (!t.isEmpty() && !t.contains(':') && std::strchr("-#[{\"'|>&*!%@`?", t.at(0)) == nullptr
            && here.indexOf(':') >= 0 && !here.startsWith('-')) {
            int lead = 0;
            while (lead < prev.size() && (prev.at(lead) == ' ' || prev.at(lead) == '\t'))
                ++lead;
            errors.add(SourcePosition{previous, lead + 1}, QStringLiteral("could not find expected ':'"));
            return;
        }
    }
    QString message = tabError ? kTabMessage : yamlCppMessage(e.msg);
    if (e.msg == YAML::ErrorMsg::UNKNOWN_ANCHOR && !e.mark.is_null() && text.at(e.mark.pos) == '*') {
        // Name the alias, like go-yaml: "unknown anchor 'base' referenced".
        qsizetype end = e.mark.pos + 1;
        while (end < text.size() && std::strchr(" \t\r\n,[]{}", text.at(end)) == nullptr)
            ++end;
        message = QStringLiteral("unknown anchor '%1' referenced")
                      .arg(QString::fromUtf8(text.bytes().mid(e.mark.pos + 1, end - e.mark.pos - 1)));
    }
    errors.add(p, message);
}

ReadResult readYaml(const SourceText &text, const QString &file, const YamlReader::Limits &limits)
{
    ReadResult result;
    ErrorSink errors(file, limits.maxErrors);
    if (!checkYamlCharacters(text, errors)) {
        result.errors = errors.list();
        return result;
    }
    std::istringstream in(std::string(text.bytes().constData(), size_t(text.size())));
    Builder builder(text, limits, errors);
    try {
        YAML::Parser parser(in);
        while (parser.HandleNextDocument(builder)) {
            if (errors.full())
                break;
        }
    } catch (const StopParsing &) {
    } catch (const YAML::Exception &e) {
        reportParserError(text, e, builder.lastPosition, errors);
    } catch (const std::exception &e) {
        errors.add(builder.lastPosition, QStringLiteral("YAML parser failed: %1").arg(QString::fromLocal8Bit(e.what())));
    } catch (...) {
        errors.add(builder.lastPosition, QStringLiteral("YAML parser failed"));
    }
    int index = 0;
    for (Builder::Doc &d : builder.docs) {
        if (d.value.isNull())
            continue;   // empty document: only comments, or `---` alone
        ++index;
        if (d.failed)
            continue;
        if (!d.value.isObject()) {
            errors.add(d.start, notAnObjectMessage(index, d.value, true));
            continue;
        }
        SourceDocument doc;
        doc.file = file;
        doc.index = index;
        doc.value = d.value;
        doc.positions = std::move(d.positions);
        result.documents.append(std::move(doc));
    }
    result.errors = errors.list();
    std::stable_sort(result.errors.begin(), result.errors.end(), [](const SourceError &a, const SourceError &b) {
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
    return result;
}

QString tooLargeMessage(qint64 size, qint64 limit)
{
    return QStringLiteral("file is %1 bytes, more than the %2-byte limit for a manifest (%3 MiB, the API server's "
                          "request size limit)")
        .arg(size)
        .arg(limit)
        .arg(double(limit) / (1024 * 1024), 0, 'g', 3);
}

bool isIdentifierKey(const QString &key)
{
    if (key.isEmpty())
        return false;
    for (const QChar c : key) {
        if (!(c.isLetterOrNumber() && c.unicode() < 0x80) && c != QLatin1Char('_') && c != QLatin1Char('-') && c != QLatin1Char('$'))
            return false;
    }
    return true;
}

void expandInto(const SourceDocument &doc, QList<SourceDocument> &out, SourceErrors *errors, int depth)
{
    const QJsonObject o = doc.value.toObject();
    const QJsonValue items = o.value(QLatin1String("items"));
    const QString kind = o.value(QLatin1String("kind")).toString();
    if (!doc.value.isObject() || !kind.endsWith(QLatin1String("List")) || !(items.isArray() || items.isNull()) || depth > 16) {
        out.append(doc);
        return;
    }
    // Re-root positions: "items[3].spec.x" -> item 3's "spec.x".
    const QJsonArray list = items.toArray();
    std::vector<QHash<QString, SourcePosition>> itemPositions(size_t(list.size()));
    static const QString prefix = QStringLiteral("items[");
    for (auto it = doc.positions.cbegin(); it != doc.positions.cend(); ++it) {
        const QString &path = it.key();
        if (!path.startsWith(prefix))
            continue;
        const qsizetype close = path.indexOf(QLatin1Char(']'), prefix.size());
        if (close < 0)
            continue;
        bool ok = false;
        const qsizetype i = path.mid(prefix.size(), close - prefix.size()).toLongLong(&ok);
        if (!ok || i < 0 || i >= list.size())
            continue;
        QString rest = path.mid(close + 1);
        if (rest.startsWith(QLatin1Char('.')))
            rest.remove(0, 1);
        itemPositions[size_t(i)].insert(rest, it.value());
    }
    for (qsizetype i = 0; i < list.size(); ++i) {
        SourceDocument item;
        item.file = doc.file;
        item.index = doc.index;
        item.value = list.at(i);
        item.positions = std::move(itemPositions[size_t(i)]);
        if (!item.value.isObject()) {
            if (errors) {
                const SourcePosition p = doc.position(YamlReader::indexPath(QStringLiteral("items"), i));
                errors->append(SourceError{doc.file, p.line, p.column,
                                           QStringLiteral("items[%1] of document %2 is %3, expected an object with apiVersion and kind")
                                               .arg(i)
                                               .arg(doc.index)
                                               .arg(typeName(item.value, true))});
            }
            continue;
        }
        expandInto(item, out, errors, depth + 1);
    }
}

} // namespace

QString YamlReader::childPath(const QString &parent, const QString &key)
{
    if (!isIdentifierKey(key))
        return parent + QLatin1Char('[') + key + QLatin1Char(']');
    return parent.isEmpty() ? key : parent + QLatin1Char('.') + key;
}

QString YamlReader::indexPath(const QString &parent, qsizetype index)
{
    return parent + QLatin1Char('[') + QString::number(index) + QLatin1Char(']');
}

ReadResult YamlReader::read(const QByteArray &bytes, const QString &fileName, const Limits &limits)
{
    ReadResult result;
    if (bytes.size() > limits.maxBytes) {
        result.errors.append(SourceError{fileName, 0, 0, tooLargeMessage(bytes.size(), limits.maxBytes)});
        return result;
    }
    const SourceText text(bytes);
    ErrorSink errors(fileName, limits.maxErrors);
    if (!checkUtf8(text, errors)) {
        result.errors = errors.list();
        return result;
    }
    qsizetype first = 0;
    while (first < text.size() && std::strchr(" \t\r\n", text.at(first)) != nullptr)
        ++first;
    // QJsonDocument drops a U+FEFF at the start of a key or string (it decodes its UTF-8 as
    // a byte order mark), so such text takes the YAML path.
    const bool jsonSafe = !text.bytes().contains("\xEF\xBB\xBF");
    if ((text.at(first) == '{' || text.at(first) == '[') && jsonSafe && readJson(text, fileName, limits, &result))
        return result;
    return readYaml(text, fileName, limits);
}

ReadResult YamlReader::readFile(const QString &path, const Limits &limits)
{
    ReadResult result;
    const QFileInfo info(path);
    if (!info.exists() || !info.isFile()) {
        result.errors.append(SourceError{path, 0, 0, QStringLiteral("no such file")});
        return result;
    }
    if (info.size() > limits.maxBytes) {
        result.errors.append(SourceError{path, 0, 0, tooLargeMessage(info.size(), limits.maxBytes)});
        return result;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        result.errors.append(SourceError{path, 0, 0, QStringLiteral("cannot read: %1").arg(f.errorString())});
        return result;
    }
    // Read at most one byte more than the limit: the file may have grown since stat().
    const QByteArray bytes = f.read(limits.maxBytes + 1);
    return read(bytes, path, limits);
}

QList<SourceDocument> YamlReader::expandLists(const QList<SourceDocument> &documents, SourceErrors *errors)
{
    QList<SourceDocument> out;
    for (const SourceDocument &d : documents)
        expandInto(d, out, errors, 0);
    return out;
}

} // namespace rlab::api
