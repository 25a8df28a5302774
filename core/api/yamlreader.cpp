#include "core/api/yamlreader.h"

#include "core/api/yamlreaderbuilder.h"
#include "core/api/yamlreaderinternal.h"

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

// YamlReader's files: yamlreadersourcetext.h (positions), yamlreadererrorsink.h,
// yamlreaderchecks.cpp (encoding), yamlreaderjson.cpp (JSON fast path), yamlreaderbuilder.*
// (YAML events to QJsonValues); this file: yaml-cpp errors, readYaml, list expansion, the API.

namespace rlab::api {

using namespace yamlread;

namespace {

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