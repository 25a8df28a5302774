#include "core/api/yamlreaderbuilder.h"

#include "core/api/yamlreaderinternal.h"

#include "core/api/yamlscalar.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringDecoder>

#include <yaml-cpp/exceptions.h>

#include <cmath>
#include <cstring>

// The YAML path: yaml-cpp's event parser drives this builder, which makes QJsonValues directly,
// so that positions, duplicate keys, merge keys and alias expansion are all under our control.

namespace rlab::api::yamlread {

// UTF-8 to QString keeping a leading U+FEFF (QString::fromUtf8 drops it as a byte order mark).
static QString fromUtf8Keep(const char *data, qsizetype size)
{
    if (size < 3 || std::memcmp(data, "\xEF\xBB\xBF", 3) != 0)
        return QString::fromUtf8(data, size);
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    return decoder.decode(QByteArrayView(data, size));
}

void Builder::OnDocumentStart(const YAML::Mark &mark)
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

void Builder::OnDocumentEnd()
{
    if (m_root.isUndefined())
        return;
    docs.append(Doc{m_root, m_positions, m_rootPosition, m_docHasErrors});
}

void Builder::OnNull(const YAML::Mark &mark, YAML::anchor_t anchor)
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

void Builder::OnScalar(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor, const std::string &value)
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

void Builder::OnAlias(const YAML::Mark &mark, YAML::anchor_t anchor)
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

void Builder::OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor, YAML::EmitterStyle::value)
{
    start(mark, anchor, false);
}

void Builder::OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor, YAML::EmitterStyle::value)
{
    start(mark, anchor, true);
}

SourcePosition Builder::pos(const YAML::Mark &mark)
{
    if (mark.is_null() || mark.pos < 0)
        return lastPosition;
    m_lastMarkOffset = mark.pos;
    lastPosition = m_text.position(mark.pos);
    return lastPosition;
}

void Builder::error(SourcePosition p, const QString &message)
{
    m_docHasErrors = true;
    m_errors.add(p, message);
    if (m_errors.full())
        throw StopParsing{};
}

QString Builder::childPathAt(SourcePosition p)
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

void Builder::registerAnchor(YAML::anchor_t anchor)
{
    if (anchor == 0)
        return;
    Anchor a;
    a.name = m_nextAnchorName;
    m_anchors[anchor] = a;
    m_nextAnchorName.clear();
}

void Builder::scalar(const YAML::Mark &mark, YAML::anchor_t anchor, const YamlScalar &s)
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

void Builder::node(SourcePosition p, const QJsonValue &v, const Stats &st, const YamlScalar *asScalar)
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

void Builder::merge(Frame &f, SourcePosition p, const QJsonValue &v)
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

void Builder::start(const YAML::Mark &mark, YAML::anchor_t anchor, bool isMap)
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

void Builder::end()
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

bool Builder::explicitDocumentStart(const YAML::Mark &mark) const
{
    const qsizetype at = mark.pos;
    if (m_text.at(at) == '%')
        return true;
    if (m_text.at(at) == '-' && m_text.at(at + 1) == '-' && m_text.at(at + 2) == '-')
        return true;
    return false;   // libyaml (and so kubectl) wants `---` even after a `...` end marker
}

void Builder::checkQuoteClosed(const YAML::Mark &mark)
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

} // namespace rlab::api::yamlread
