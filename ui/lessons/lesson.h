#pragma once
#include "core/api/sourcedocument.h"
#include "core/sim/scenario.h"
#include "ui/lessons/localizedtext.h"
#include "ui/lessons/prediction.h"

#include <QList>
#include <optional>

namespace rlab::ui {

// Where a step wants the window to point: a panel (canvas, workqueue, etcd, trace,
// arithmetic, …) and optionally an object, "Kind/name" or a ClusterQuery resolved live.
struct LessonHighlight
{
    QString panel;
    QString objectRef;
    std::optional<ClusterQuery> object;
};

// One lesson step: a scenario step (action may be empty: narration only) with its teaching text.
struct LessonStep
{
    ScenarioStep step;
    LocalizedText title, text;
    std::optional<LessonHighlight> highlight;
    std::optional<Prediction> predict;
};

// A lesson file (resources/lessons/README.md): a Scenario (kind: Lesson or Scenario) whose
// spec may carry title/summary and whose steps may carry title, text, highlight and predict.
// load() checks everything up front and reports each problem as file:line:column, like a
// scenario. A plain value.
struct Lesson
{
    Scenario scenario;
    api::SourceDocument document;   // for file:line of spec fields
    LocalizedText title, summary;
    QList<LessonStep> steps;

    static QStringList knownPanels();
    static std::optional<Lesson> load(const QString &path, QStringList *errors);
    static std::optional<Lesson> parse(const QByteArray &text, const QString &fileName, QStringList *errors);
};

} // namespace rlab::ui
