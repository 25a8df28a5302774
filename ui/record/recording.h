#pragma once
#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <optional>

namespace rlab::ui {

// A saved session: the scenario that replays what the user did (design.md §5; every manifest
// inline, `advance` steps carrying the virtual timing), the trace it produced as JSON lines
// (`rlab run --trace`), and the final store state as `rlab run --dump x.json` writes it. On disk
// three files share a stem: STEM.yaml, STEM.trace.jsonl, STEM.state.json, so that
// `rlab run STEM.yaml --dump out.json` can be compared with STEM.state.json.
// A plain value; any thread.
struct Recording
{
    QJsonObject scenario;      // apiVersion rlab.dev/v1alpha1, kind Scenario
    QByteArray trace;          // one JSON object per line
    QJsonObject finalState;    // a v1 List

    QByteArray scenarioYaml() const;
    int stepCount() const;

    static QString scenarioPath(const QString &stem) { return stem + QStringLiteral(".yaml"); }
    static QString tracePath(const QString &stem) { return stem + QStringLiteral(".trace.jsonl"); }
    static QString statePath(const QString &stem) { return stem + QStringLiteral(".state.json"); }
    // "lesson.yaml" or "lesson" -> "lesson".
    static QString stemOf(const QString &path);

    bool save(const QString &stem, QString *error = nullptr) const;
    static std::optional<Recording> load(const QString &stem, QString *error = nullptr);
};

} // namespace rlab::ui
