#pragma once
#include "core/live/liveevent.h"
#include "core/live/recordingheader.h"

#include <QString>
#include <vector>

namespace rlab::live {

// A live-mode recording read back (RecordingWriter's format): the header and every event in
// file order. read() refuses a file whose first line is not a header (with the reason) and
// reports a bad later line as "FILE:LINE: …"; a truncated last line (a recorder killed
// mid-write) is skipped. A plain value.
struct Recording
{
    RecordingHeader header;
    std::vector<LiveEvent> events;

    static bool read(const QString &path, Recording *out, QString *error);
    qint64 durationMs() const { return events.empty() ? 0 : events.back().t; }
};

} // namespace rlab::live
