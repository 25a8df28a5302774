#pragma once
#include "ui/clustersession.h"
#include "ui/lessons/lesson.h"

#include <QJsonValue>
#include <QObject>
#include <memory>
#include <optional>

namespace rlab {
class ScenarioRunner;
}

namespace rlab::ui {


// Plays a Lesson on the window's ClusterSession, one step at a time: start() (refused while the
// session views the past, as is next()) switches to Deterministic mode, resets the cluster (session.reset(), then the
// lesson's objects) and stops virtual time, so nothing moves but the steps; stop() restores the
// mode and time. Per step: Showing (or AwaitingPrediction when it asks one: the student submits an
// answer first) → next() runs the step's action through ScenarioRunner::runStep and reads the
// prediction's ClusterQuery → Revealed (right/wrong) → next() shows the following step, and
// after the last one Finished. A step that fails (expect, invalid action) → Failed with its
// file:line. A reset of the cluster by anyone else ends the lesson (Idle). A wait step plays while
// time runs (frames check its goal), or follows the time toolbar's steps (beginWait/checkWait). Example: "scale 3→5, how many replicas will the new RS want after one sync?";
// submitAnswer("5"), next() runs `sync`, reveal().answer == 5, reveal().correct.
// GUI thread only (the session's thread).
class LessonPlayer : public QObject
{
    Q_OBJECT
public:
    // Playing: a wait step (waitFor, runUntilIdle, advance) is being played in visible time at
    // the session's speed (under a non-instant latency model); next() skips to its end.
    enum class State { Idle, Showing, AwaitingPrediction, Revealed, Finished, Failed, Playing };
    Q_ENUM(State)

    struct Reveal
    {
        std::optional<QJsonValue> answer;   // the cluster's value (nullopt: error)
        QString given;                      // what the student answered ("" = skipped)
        bool correct = false;
        QString error;                      // the query could not be answered
    };

    explicit LessonPlayer(ClusterSession &session, QObject *parent = nullptr);
    ~LessonPlayer() override;

    // Resets the cluster and shows step 1. False (errors as file:line) if the lesson needs a
    // cluster the session does not run (other nodes, controllers, seed, kubelet timings) or
    // its objects are rejected.
    bool start(const Lesson &lesson, QStringList *errors = nullptr);
    // Back to Idle; mode and virtual time as before start().
    void stop();

    void submitAnswer(const QString &answer);
    // Showing/AwaitingPrediction: runs the step → Revealed. Revealed: the next step (or
    // Finished). False when there is nothing to do (Idle, Finished, Failed).
    bool next();
    // next() until Finished or Failed; how many steps ran (narration-only steps run nothing).
    int runToEnd();
    // The time toolbar moves the cluster itself (Step, Next event, Run until) during a wait step:
    // beginWait() begins the shown wait step (Playing, time left stopped) so the cluster's moves
    // count towards it; checkWait() after each move completes it (Revealed) once the cluster has
    // reached its goal. False / no-op when the shown step is not a wait step or nothing plays.
    bool beginWait();
    void checkWait();
    bool isWaitStep() const;   // the current step is a waitFor, runUntilIdle or advance

    State state() const { return m_state; }
    const Lesson &lesson() const { return m_lesson; }
    int stepIndex() const { return m_index; }          // 0-based
    int stepCount() const { return int(m_lesson.steps.size()); }
    const LessonStep *currentStep() const;
    const Reveal &reveal() const { return m_reveal; }
    QString answer() const { return m_given; }
    const QStringList &failures() const { return m_failures; }
    int correctCount() const { return m_correct; }
    int predictionCount() const { return m_predictions; }
    QString language() const { return m_language; }
    void setLanguage(const QString &language);

signals:
    void stateChanged(rlab::ui::LessonPlayer::State state);
    void stepChanged(int index);
    // The current step's highlight; ("", "") clears it (a step without one, the lesson's end).
    void highlightRequested(const QString &panel, const QString &objectRef);
    void languageChanged(const QString &language);

private:
    void show(int index);
    void runCurrent();
    void afterStep(bool ok, qsizetype failuresBefore);
    void onFrame();
    void finishPlaying();
    void setState(State s);
    void emitHighlight();
    bool checkCluster(const Lesson &lesson, QStringList *errors) const;

    ClusterSession &m_session;
    Lesson m_lesson;
    std::unique_ptr<ScenarioRunner> m_runner;
    State m_state = State::Idle;
    int m_index = -1;
    QString m_given;
    Reveal m_reveal;
    QStringList m_failures;
    int m_correct = 0, m_predictions = 0, m_ran = 0;
    QString m_language = QStringLiteral("en");
    bool m_timeWasRunning = true;
    bool m_ownReset = false;   // start() resets the cluster itself
    qsizetype m_failuresBefore = 0;   // of the step being played
    ClusterSession::Mode m_modeBefore = ClusterSession::Mode::Deterministic;
};

} // namespace rlab::ui
