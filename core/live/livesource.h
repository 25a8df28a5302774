#pragma once
#include "core/sim/simulation.h"

#include <QString>

namespace rlab::client {
class Interface;
}

namespace rlab::live {

class HistoryBound;
class ShadowController;

// What fills a window session's mirror instead of a lab: a real cluster (LiveClusterSource) or
// a recording of one (ReplaySource). The session builds the mirror Simulation from
// mirrorConfig(), attach()es the source to it, calls advance() once per frame with the
// frame's time × speed (a live cluster ignores it and takes what arrived; a recording plays
// that much), and detach()es it before the mirror goes. Commands go to commandClient(): the
// cluster's API behind a write switch, or nothing that writes for a recording.
// Thread rules: the session's (GUI) thread only.
class LiveSource
{
public:
    virtual ~LiveSource() = default;

    virtual SimulationConfig mirrorConfig() const = 0;
    virtual void attach(Simulation &mirror) = 0;
    virtual void detach() = 0;
    virtual void advance(qint64 ms) = 0;
    virtual client::Interface &commandClient() = 0;
    virtual ShadowController *shadow() = 0;
    // How much of the mirror's history is kept and what was dropped (a live cluster's; a
    // recording is bounded by its file: nullptr).
    virtual const HistoryBound *history() const { return nullptr; }

    // "Live: context kind-kind, namespace default, read-only" / "Replay: rollout.jsonl, …".
    virtual QString banner() const = 0;
    virtual QString context() const = 0;
    virtual QString namespace_() const = 0;
    // Writes (the window's commands) reach the cluster only when enabled for its context.
    virtual bool canWrite() const { return false; }
    virtual bool writesEnabled() const { return false; }
    virtual void setWritesEnabled(bool) {}
};

} // namespace rlab::live
