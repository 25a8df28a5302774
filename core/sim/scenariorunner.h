#pragma once
#include "core/sim/scenario.h"

#include <QStringList>
#include <memory>

namespace rlab {

class Simulation;

// Runs a Scenario on a Simulation in deterministic mode: loads `objects:` as given (status
// included), then executes the steps in order, each failing `expect` recorded with its
// file:line. Outcome: Passed (exit 0), ExpectFailed (1) or Invalid (2: a step could not run,
// e.g. an apply was rejected or a waitFor timed out). Thread rules: one thread.
class ScenarioRunner
{
public:
    enum class Outcome { Passed = 0, ExpectFailed = 1, Invalid = 2 };

    explicit ScenarioRunner(const Scenario &scenario);
    ~ScenarioRunner();

    Outcome run();
    Simulation &simulation() { return *m_sim; }
    const QStringList &log() const { return m_log; }        // one line per step
    const QStringList &failures() const { return m_failures; }
    // Every object in the store as a Kubernetes List, sorted by kind, namespace, name.
    QJsonObject dump() const;

private:
    bool runStep(const ScenarioStep &step);
    bool apply(const ScenarioStep &step);
    bool waitFor(const ScenarioStep &step);
    bool expect(const ScenarioStep &step);
    bool kubectl(const ScenarioStep &step);
    void fail(const ScenarioStep &step, const QString &message, bool invalid);

    Scenario m_scenario;
    std::unique_ptr<Simulation> m_sim;
    QStringList m_log, m_failures;
    bool m_invalid = false;
};

} // namespace rlab
