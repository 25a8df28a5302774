#pragma once
#include "ui/lessons/clusterquery.h"
#include "ui/lessons/localizedtext.h"

#include <QStringList>

namespace rlab::ui {

// A step's prediction checkpoint: the question asked before the step runs, the ClusterQuery
// whose value (read after the step) is the real answer, and optional choices. isCorrect()
// compares what the student typed with that value: numbers numerically ("5" = 5 = "5.0"),
// anything else trimmed and case-insensitively ("available" = "Available"); an empty answer is
// never correct. A plain value.
struct Prediction
{
    LocalizedText question;
    LocalizedText explain;   // shown only after the reveal: the why, which the text must not give away
    ClusterQuery answer;
    QStringList choices;   // empty: a free answer box

    static bool isCorrect(const QString &given, const QJsonValue &answer);
    // The answer as a student reads it: 5, "Available", true.
    static QString display(const QJsonValue &answer);
};

} // namespace rlab::ui
