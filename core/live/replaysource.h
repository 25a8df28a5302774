#pragma once
#include "core/live/livesource.h"
#include "core/live/recording.h"
#include "core/live/replayplayer.h"
#include "core/live/writegate.h"

#include <memory>

namespace rlab::live {

class ShadowController;

// A recording as a window session's source ("replay this real rollout in the lab"): each
// frame plays frame time × speed of it into the mirror (ReplayPlayer), the shadow controller
// judges the recorded cluster's decisions as it would a live one's, and every command is
// refused (a recording is read-only). Thread rules: as LiveSource.
class ReplaySource : public LiveSource
{
public:
    ReplaySource(Recording recording, QString fileName);
    ~ReplaySource() override;
    // Reads `path` (Recording::read); null with the reason in `error`.
    static std::unique_ptr<ReplaySource> open(const QString &path, QString *error);

    SimulationConfig mirrorConfig() const override;
    void attach(Simulation &mirror) override;
    void detach() override;
    void advance(qint64 ms) override;
    client::Interface &commandClient() override { return *m_gate; }
    ShadowController *shadow() override { return m_shadow.get(); }
    QString banner() const override;
    QString context() const override { return m_recording.header.context; }
    QString namespace_() const override { return m_recording.header.namespace_; }

    ReplayPlayer *player() const { return m_player.get(); }

private:
    Recording m_recording;
    QString m_fileName;
    std::unique_ptr<ReplayPlayer> m_player;
    std::unique_ptr<ShadowController> m_shadow;
    std::unique_ptr<WriteGate> m_gate;
};

} // namespace rlab::live
