#pragma once
#include "core/live/livemirror.h"
#include "core/live/livesource.h"
#include "core/live/recordingheader.h"
#include "core/live/recordingwriter.h"
#include "core/live/writegate.h"

#include <memory>

namespace rlab::live {

class ShadowController;

// Where a live session's cluster is: the server's URL, the kubeconfig context and the
// namespace shown ("" = all), the server's gitVersion. Names only, never credentials.
struct LiveClusterInfo
{
    QString server, context, namespace_, serverVersion;
};

// A real cluster as a window session's source: a LiveMirror over `source` (the HTTP client of
// core/http, or any client::Interface), the shadow controller on the mirror, an optional
// recording of every event received, and the cluster's API as the command client behind a
// WriteGate (off until setWritesEnabled). Thread rules: as LiveSource.
class LiveClusterSource : public LiveSource
{
public:
    LiveClusterSource(std::shared_ptr<client::Interface> source, LiveClusterInfo info, LiveMirrorOptions options = {});
    // The history caps of the next attach() (LiveMirrorOptions::maxHistoryEvents/Bytes).
    void setHistoryCap(qint64 maxEvents, qint64 maxBytes);
    ~LiveClusterSource() override;

    // Records every received event from the next attach() on (RecordingWriter) into `path`.
    void recordTo(const QString &path) { m_recordPath = path; }
    QString recordingError() const { return m_recordError; }

    SimulationConfig mirrorConfig() const override;
    void attach(Simulation &mirror) override;
    void detach() override;
    void advance(qint64 ms) override;
    client::Interface &commandClient() override { return m_gate; }
    ShadowController *shadow() override { return m_shadow.get(); }
    const HistoryBound *history() const override { return m_mirror ? &m_mirror->history() : nullptr; }
    QString banner() const override;
    QString context() const override { return m_info.context; }
    QString namespace_() const override { return m_info.namespace_; }
    bool canWrite() const override { return true; }
    bool writesEnabled() const override { return m_gate.isEnabled(); }
    void setWritesEnabled(bool on) override { m_gate.setEnabled(on); }

    LiveMirror *mirror() const { return m_mirror.get(); }
    const LiveClusterInfo &info() const { return m_info; }
    const RecordingWriter &recorder() const { return m_recorder; }

private:
    std::shared_ptr<client::Interface> m_source;
    LiveClusterInfo m_info;
    LiveMirrorOptions m_options;
    WriteGate m_gate;
    std::unique_ptr<LiveMirror> m_mirror;
    std::unique_ptr<ShadowController> m_shadow;
    RecordingWriter m_recorder;
    QString m_recordPath, m_recordError;
};

} // namespace rlab::live
