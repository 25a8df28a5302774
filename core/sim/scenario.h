#pragma once
#include "core/api/sourcedocument.h"

#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>
#include <optional>

namespace rlab {

// One node of a scenario's `nodes:` list.
struct ScenarioNode
{
    QString name, cpu = QStringLiteral("4"), memory = QStringLiteral("8Gi");
    int pods = 110;
};

// One timed step: `- scale: {deployment: nginx, replicas: 5}` is action "scale" with those args.
struct ScenarioStep
{
    QString action;
    QJsonValue args;
    api::SourceError where;   // file, line, column of the step (message empty)
    QString location() const { return QStringLiteral("%1:%2:%3").arg(where.file).arg(where.line).arg(where.column); }
};

// What a reader accepts besides a plain Scenario: other `kind`s (a Lesson is a scenario whose
// steps also carry teaching text), extra keys under spec and in each step (read by the caller),
// and steps with no action at all (pure narration; action is then empty).
struct ScenarioFormat
{
    QStringList kinds{QStringLiteral("Scenario")};
    QStringList specExtras;
    QStringList stepExtras;
};

// A scenario file (design.md §5): starting state, which parts of the control plane run, and
// timed steps — what lessons, tests, benchmarks and bug reports are made of. load() checks the
// whole file up front (unknown step names, missing files, invalid objects) and reports each
// problem as file:line. A plain value.
struct Scenario
{
    QString file, name, kind = QStringLiteral("Scenario");
    quint64 seed = 42;
    qint64 startTimeMs = 1767225600000;   // 2026-01-01T00:00:00Z
    QSet<QString> controllers;
    QList<ScenarioNode> nodes;
    QJsonObject kubelet;                  // pullDelay, startDelay, readyDelay, terminationDelay
    QString latency;                      // classroom | realistic | instant; "" = the runner's default
    QList<api::SourceDocument> objects;
    QList<ScenarioStep> steps;

    // spec.nodes as a count: at most Kubernetes' documented largest cluster (5,000 nodes).
    static constexpr int kMaxNodes = 5000;

    static QStringList knownSteps();
    static std::optional<Scenario> load(const QString &path, QStringList *errors);
    static std::optional<Scenario> parse(const QByteArray &text, const QString &fileName, QStringList *errors);
    // The checks of parse() on an already read document, with a wider format (lessons).
    static std::optional<Scenario> fromDocument(const api::SourceDocument &doc, QStringList *errors,
                                                const ScenarioFormat &format = {});
};

} // namespace rlab
