#pragma once
#include <QJsonObject>
#include <QString>

namespace rlab::live {

// The first line of a live-mode recording (JSON Lines): what was recorded and when —
// {"kind":"ReconcileLabRecording","version":1,"server":"https://…","context":"kind-kind",
// "namespace":"default","serverVersion":"v1.31.0","startedAt":"2026-12-01T19:00:00.000Z"}.
// Never credentials: only the server's URL, the context's and namespace's names. A plain value.
struct RecordingHeader
{
    static constexpr int kVersion = 1;
    QString server, context, namespace_, serverVersion;
    qint64 startedAtMs = 0;   // ms since the epoch; every event's t counts from here

    QJsonObject toJson() const;
    // False (with `error`) unless `json` is a recording header of a version this build reads.
    static bool fromJson(const QJsonObject &json, RecordingHeader *out, QString *error);
};

} // namespace rlab::live
