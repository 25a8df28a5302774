#pragma once
#include "core/api/yamlreader.h"
#include "core/api/yamlreadererrorsink.h"
#include "core/api/yamlreadersourcetext.h"
#include "core/api/yamlscalar.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/mark.h>

#include <map>
#include <string>
#include <vector>

namespace rlab::api::yamlread {

// Thrown by the Builder after recording a fatal error: parsing stops.
struct StopParsing
{
};

inline const QString kTabMessage = QStringLiteral(
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

    void OnDocumentStart(const YAML::Mark &mark) override;
    void OnDocumentEnd() override;
    void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override;
    void OnScalar(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor, const std::string &value) override;
    void OnAlias(const YAML::Mark &mark, YAML::anchor_t anchor) override;
    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor, YAML::EmitterStyle::value) override;
    void OnSequenceEnd() override { end(); }
    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor, YAML::EmitterStyle::value) override;
    void OnMapEnd() override { end(); }
    void OnAnchor(const YAML::Mark &, const std::string &name) override { m_nextAnchorName = QString::fromStdString(name); }

    SourcePosition pos(const YAML::Mark &mark);

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

    void error(SourcePosition p, const QString &message);
    bool inKeyContext() const { return !m_frames.empty() && (m_frames.back().inKey || (m_frames.back().isMap && m_frames.back().expectKey)); }

    // Path of the next value in the innermost collection; records its position where the
    // value (not a key) is the thing to point at.
    QString childPathAt(SourcePosition p);
    void registerAnchor(YAML::anchor_t anchor);
    void scalar(const YAML::Mark &mark, YAML::anchor_t anchor, const YamlScalar &s);

    // A complete node (scalar, alias or collection) arrives in the innermost collection.
    void node(SourcePosition p, const QJsonValue &v, const Stats &st, const YamlScalar *asScalar);

    // go-yaml v2 merge (`<<: *base` or `<<: [*a, *b]`): keys are set in order, so later keys
    // override merged ones; in a list, earlier maps take precedence.
    void merge(Frame &f, SourcePosition p, const QJsonValue &v);
    void start(const YAML::Mark &mark, YAML::anchor_t anchor, bool isMap);
    void end();

    // yaml-cpp starts a new document when content follows a complete node; YAML needs `---`.
    bool explicitDocumentStart(const YAML::Mark &mark) const;

    // yaml-cpp accepts a quoted scalar that runs to the end of the file.
    void checkQuoteClosed(const YAML::Mark &mark);

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

} // namespace rlab::api::yamlread
