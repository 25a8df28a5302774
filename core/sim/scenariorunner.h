#pragma once
#include "core/sim/scenario.h"

#include <QStringList>
#include <QJsonValue>
#include <memory>
#include <optional>

namespace rlab {

class Simulation;
struct SimulationConfig;

// Runs a Scenario on a Simulation in deterministic mode: loads `objects:` as given (status
// included), then executes the steps in order, each failing `expect` recorded with its
// file:line. Outcome: Passed (exit 0), ExpectFailed (1) or Invalid (2: a step could not run,
// e.g. an apply was rejected or a waitFor timed out). It can also drive a Simulation owned by
// someone else (the GUI's, for lessons) one step at a time: restoreObjects(), then runStep()
// per step. Thread rules: one thread.
class ScenarioRunner
{
public:
    enum class Outcome { Passed = 0, ExpectFailed = 1, Invalid = 2 };

    explicit ScenarioRunner(const Scenario &scenario);
    // Steps run against `sim`, which must outlive the runner (its config is not changed).
    ScenarioRunner(const Scenario &scenario, Simulation &sim);
    ~ScenarioRunner();

    // The cluster `rlab run` builds for a scenario: its nodes, seed, start time, controllers,
    // kubelet delays and latency preset (the window opens a scenario file on the same cluster).
    static SimulationConfig configFor(const Scenario &scenario);

    Outcome run();
    // Stores `objects:` as given; false (with failures()) if one is rejected.
    bool restoreObjects();
    // One step; false if it failed (an expect, or Invalid — then invalid() is set). An empty
    // action (a narration-only lesson step) does nothing.
    bool runStep(const ScenarioStep &step);
    bool invalid() const { return m_invalid; }

    // A wait step (waitFor, runUntilIdle, advance) played in visible time, as lessons do: the
    // caller moves the clock (Simulation::advance, frame by frame, at the lesson's speed) and
    // asks waitReached() after each move; finishWait() then runs what is left of the step at
    // once (also what Skip does) and reports like runStep(). Example: waitFor Available with
    // timeout 120 s, begun at t = 5 s: waitReached() turns true once the condition holds (or
    // at t = 125 s); finishWait() returns runStep's verdict, moving time only if some is left.
    static bool isWaitStep(const ScenarioStep &step);
    void beginWait(const ScenarioStep &step);
    bool waitReached();
    bool finishWait();
    Simulation &simulation() { return *m_sim; }
    const QStringList &log() const { return m_log; }        // one line per step
    const QStringList &failures() const { return m_failures; }
    // Every object in the store as a Kubernetes List, sorted by kind, namespace, name.
    QJsonObject dump() const;
    // The value at `path` in an object's JSON, as expect reads it: a bare name is tried under
    // status, spec, then the top level; "metadata.annotations[deployment.kubernetes.io/revision]".
    static std::optional<QJsonValue> field(const QJsonObject &object, const QString &path);

private:
    bool apply(const ScenarioStep &step);
    bool waitFor(const ScenarioStep &step, std::optional<qint64> deadline = std::nullopt);
    // The waitFor step's condition on its object now (false also when the object is missing).
    bool conditionHolds(const QJsonObject &args);
    qint64 waitLimitMs(const ScenarioStep &step) const;
    bool expect(const ScenarioStep &step);
    bool kubectl(const ScenarioStep &step);
    void fail(const ScenarioStep &step, const QString &message, bool invalid);

    Scenario m_scenario;
    std::unique_ptr<Simulation> m_owned;
    Simulation *m_sim = nullptr;
    QStringList m_log, m_failures;
    bool m_invalid = false;
    std::optional<ScenarioStep> m_wait;   // the wait step being played
    qint64 m_waitStart = 0;
};

} // namespace rlab
