#include "ui/lessons/lessonplayer.h"

#include "core/client/sharedinformerfactory.h"
#include "core/sim/scenariorunner.h"
#include "core/sim/simulation.h"
#include "core/sim/view/clusterview.h"
#include "ui/clustersession.h"
#include "ui/live/labonly.h"

namespace rlab::ui {

LessonPlayer::LessonPlayer(ClusterSession &session, QObject *parent)
    : QObject(parent), m_session(session)
{
    connect(&m_session, &ClusterSession::frameDone, this, &LessonPlayer::onFrame);
    // Someone else threw the cluster away (Reset, confirmed): the lesson ends with it; its
    // runner must not outlive the Simulation it drives.
    connect(&m_session, &ClusterSession::aboutToReset, this, [this] {
        if (m_ownReset || m_state == State::Idle)
            return;
        m_runner.reset();
        m_index = -1;
        setState(State::Idle);
    });
}

LessonPlayer::~LessonPlayer() = default;

bool LessonPlayer::checkCluster(const Lesson &lesson, QStringList *errors) const
{
    // The window's cluster is fixed (ClusterSession::reset keeps its config): a lesson asking
    // for another one would reveal answers of a cluster nobody sees.
    const Scenario &s = lesson.scenario;
    const SimulationConfig c = m_session.view().config();
    QStringList problems;
    auto problem = [&](const QString &path, const QString &text) { problems << lesson.document.errorAt(path, text).toString(); };
    QSet<QString> wanted = s.controllers, running = c.controllers;
    wanted.remove(QStringLiteral("replicafloor"));   // always built; enableController switches it on
    running.remove(QStringLiteral("replicafloor"));
    if (wanted != running)
        problem(QStringLiteral("spec.controllers"), QStringLiteral("the window's cluster runs every controller; a lesson cannot leave one out"));
    QStringList nodes;
    for (const ScenarioNode &n : s.nodes)
        nodes << n.name;
    QStringList have;
    for (int i = 1; i <= c.cluster.nodes; ++i)
        have << QStringLiteral("node-%1").arg(i);
    if (nodes != have)
        problem(QStringLiteral("spec.nodes"), QStringLiteral("the window's cluster has %1 nodes (%2)").arg(have.size()).arg(have.join(QStringLiteral(", "))));
    if (s.seed != c.cluster.seed)
        problem(QStringLiteral("spec.seed"), QStringLiteral("the window's cluster uses seed %1").arg(c.cluster.seed));
    if (s.startTimeMs != c.cluster.startTimeMs)
        problem(QStringLiteral("spec.startTime"), QStringLiteral("the window's cluster starts at its own start time; leave startTime out"));
    if (!s.kubelet.isEmpty())
        problem(QStringLiteral("spec.kubelet"), QStringLiteral("the window's kubelets use the default timings; leave kubelet out"));
    if (errors)
        *errors += problems;
    return problems.isEmpty();
}

bool LessonPlayer::start(const Lesson &lesson, QStringList *errors)
{
    if (m_session.isFrozen()) {   // time travel: starting resets the live cluster
        if (errors)
            *errors << m_session.readOnlyError();
        return false;
    }
    if (LabOnly::isLive(m_session)) {   // a lesson resets and drives the simulator
        if (errors)
            *errors << LabOnly::refusal(LabOnly::Reason::Lessons);
        return false;
    }
    if (!checkCluster(lesson, errors))
        return false;
    if (m_state == State::Idle) {
        m_timeWasRunning = m_session.isTimeRunning();
        m_modeBefore = m_session.mode();
    }
    // Worker threads would reconcile on their own: steps and predictions need the deterministic runner.
    m_session.setMode(ClusterSession::Mode::Deterministic);
    m_lesson = lesson;
    m_failures.clear();
    m_correct = m_predictions = 0;
    m_ownReset = true;
    m_session.reset();
    m_ownReset = false;
    m_session.setTimeRunning(false);
    m_runner = std::make_unique<ScenarioRunner>(m_lesson.scenario, m_session.simulation());
    if (!m_runner->restoreObjects()) {
        m_failures = m_runner->failures();
        if (errors)
            *errors += m_failures;
        setState(State::Failed);
        return false;
    }
    // As ScenarioRunner::run: the objects are stored as given before step 1; the informers list
    // them (handlers queue keys) but no controller acts until a step lets time run or syncs.
    m_session.simulation().informers().processPending();
    m_session.frame();
    if (m_lesson.steps.isEmpty()) {
        setState(State::Finished);
        return true;
    }
    show(0);
    return true;
}

void LessonPlayer::stop()
{
    if (m_state == State::Idle)
        return;
    if (m_state == State::Playing)
        m_runner->finishWait();
    m_runner.reset();
    m_index = -1;
    m_session.setMode(m_modeBefore);
    m_session.setTimeRunning(m_timeWasRunning);
    setState(State::Idle);
}

const LessonStep *LessonPlayer::currentStep() const
{
    return m_index >= 0 && m_index < m_lesson.steps.size() ? &m_lesson.steps.at(m_index) : nullptr;
}

void LessonPlayer::setLanguage(const QString &language)
{
    if (language == m_language)
        return;
    m_language = language;
    emit languageChanged(language);
}

void LessonPlayer::submitAnswer(const QString &answer)
{
    if (m_state == State::AwaitingPrediction)
        m_given = answer;
}

void LessonPlayer::show(int index)
{
    m_index = index;
    m_given.clear();
    m_reveal = Reveal{};
    emit stepChanged(index);
    setState(currentStep()->predict ? State::AwaitingPrediction : State::Showing);
    emitHighlight();
}

void LessonPlayer::runCurrent()
{
    const LessonStep &s = *currentStep();
    const qsizetype before = m_runner->failures().size();
    if (ScenarioRunner::isWaitStep(s.step) && m_session.latency() != QLatin1String("instant")) {
        // Played, not jumped: time runs at the session's speed until the step's goal is reached
        // (onFrame), so the class sees the rollout happen; Skip (next()) finishes it at once.
        ++m_ran;
        m_failuresBefore = before;
        m_runner->beginWait(s.step);
        setState(State::Playing);
        m_session.setTimeRunning(true);
        return;
    }
    const bool ok = m_runner->runStep(s.step);
    ++m_ran;
    afterStep(ok, before);
}

void LessonPlayer::onFrame()
{
    // Only while time runs: paused, the goal is checked after each toolbar step (checkWait) —
    // a runUntilIdle goal runs what this instant holds, which would outrun a single Step.
    if (m_state == State::Playing && m_runner && m_session.isTimeRunning() && m_runner->waitReached())
        finishPlaying();
}

bool LessonPlayer::isWaitStep() const
{
    const LessonStep *s = currentStep();
    return s && ScenarioRunner::isWaitStep(s->step);
}

bool LessonPlayer::beginWait()
{
    if (m_state != State::Showing || !isWaitStep() || m_session.isFrozen())
        return false;
    ++m_ran;
    m_failuresBefore = m_runner->failures().size();
    m_runner->beginWait(currentStep()->step);
    setState(State::Playing);
    return true;
}

void LessonPlayer::checkWait()
{
    if (m_state == State::Playing && m_runner && m_runner->waitReached())
        finishPlaying();
}

void LessonPlayer::finishPlaying()
{
    if (m_state != State::Playing)
        return;
    m_state = State::Showing;   // transient (no signal): afterStep's frame() must not finish it again
    m_session.setTimeRunning(false);
    const bool ok = m_runner->finishWait();
    afterStep(ok, m_failuresBefore);
}

void LessonPlayer::afterStep(bool ok, qsizetype before)
{
    const LessonStep &s = *currentStep();
    m_session.frame();   // the panels see the step's writes now, with time still stopped
    if (!ok) {
        m_failures += m_runner->failures().mid(before);
        setState(State::Failed);
        return;
    }
    if (s.predict) {
        const ClusterQuery::Result r = s.predict->answer.resolve(m_session.client(), m_session.view());
        m_reveal.given = m_given;
        m_reveal.answer = r.value;
        m_reveal.error = r.error;
        m_reveal.correct = r.value && Prediction::isCorrect(m_given, *r.value);
        ++m_predictions;
        m_correct += m_reveal.correct ? 1 : 0;
    }
    setState(State::Revealed);
    emitHighlight();
}

bool LessonPlayer::next()
{
    if (m_session.isFrozen())   // time travel: no step runs against the past (or the present)
        return false;
    switch (m_state) {
    case State::Showing:
    case State::AwaitingPrediction:
        if (currentStep()->step.action.isEmpty() && !currentStep()->predict) {
            // Narration only: nothing to run, on to the next step.
            setState(State::Revealed);
            return next();
        }
        runCurrent();
        return true;
    case State::Playing:
        finishPlaying();   // Skip
        return true;
    case State::Revealed:
        if (m_index + 1 < m_lesson.steps.size())
            show(m_index + 1);
        else
            setState(State::Finished);
        return true;
    case State::Idle:
    case State::Finished:
    case State::Failed:
        return false;
    }
    return false;
}

int LessonPlayer::runToEnd()
{
    const int before = m_ran;
    while (m_state != State::Finished && m_state != State::Failed && m_state != State::Idle) {
        if (!next())
            break;
    }
    return m_ran - before;
}

void LessonPlayer::setState(State s)
{
    if (s == m_state)
        return;
    m_state = s;
    emit stateChanged(s);
    if (s == State::Idle || s == State::Finished || s == State::Failed)
        emit highlightRequested(QString(), QString());   // the lesson is over: nothing stays highlighted
}

void LessonPlayer::emitHighlight()
{
    const LessonStep *s = currentStep();
    if (!s || !s->highlight) {
        emit highlightRequested(QString(), QString());   // only the current step's highlight shows
        return;
    }
    QString ref = s->highlight->objectRef;
    if (s->highlight->object) {
        const ClusterQuery::Result r = s->highlight->object->resolve(m_session.client(), m_session.view());
        ref = r.objectRef;
    }
    emit highlightRequested(s->highlight->panel, ref);
}

} // namespace rlab::ui
