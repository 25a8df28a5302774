#pragma once
#include "core/sim/scenario.h"
#include "ui/record/recording.h"

#include <QJsonObject>
#include <QStringList>

namespace rlab::ui {

class ClusterSession;

// What a replay produced, and how it compares with a Recording.
struct ReplayResult
{
    QStringList errors;        // steps that could not run ("spec.steps[3]: scale: …")
    QByteArray trace;          // JSON lines, as recorded
    QJsonObject finalState;    // StateDump::objects
    bool ok() const { return errors.isEmpty(); }
    // Empty when trace and final state are identical to the recording's; else what differs
    // ("trace differs from line 1326: …", "final state differs: …").
    QStringList differences(const Recording &recording) const;
};

// Replays a recorded scenario in a ClusterSession: reset() (a fresh cluster), then every step
// through the same paths the window used (apply through ManifestApplier, kubectl verbs through
// rollout::, delete through the API server, advance through ClusterSession::advance on the
// deterministic runner), and finally one drain() so the panels show the result. The session's
// config must match the scenario's seed, start time and nodes. checkHeadless() runs the same
// scenario with ScenarioRunner (`rlab run`) and compares its dump with the recording's state.
// GUI thread only.
struct SessionReplayer
{
    static ReplayResult replay(ClusterSession &session, const Recording &recording);
    // Empty when `rlab run` of the recording's scenario ends in the recorded final state.
    static QStringList checkHeadless(const Recording &recording);
};

} // namespace rlab::ui
