#include "core/live/recordingheader.h"

#include <QDateTime>

namespace rlab::live {

QJsonObject RecordingHeader::toJson() const
{
    return QJsonObject{{QStringLiteral("kind"), QStringLiteral("ReconcileLabRecording")},
                       {QStringLiteral("version"), kVersion},
                       {QStringLiteral("server"), server},
                       {QStringLiteral("context"), context},
                       {QStringLiteral("namespace"), namespace_},
                       {QStringLiteral("serverVersion"), serverVersion},
                       {QStringLiteral("startedAt"),
                        QDateTime::fromMSecsSinceEpoch(startedAtMs, Qt::UTC).toString(Qt::ISODateWithMs)}};
}

bool RecordingHeader::fromJson(const QJsonObject &json, RecordingHeader *out, QString *error)
{
    if (json.value(QStringLiteral("kind")).toString() != QLatin1String("ReconcileLabRecording")) {
        *error = QStringLiteral("not a Reconcile Lab recording (the first line's kind is not ReconcileLabRecording)");
        return false;
    }
    const int version = json.value(QStringLiteral("version")).toInt();
    if (version != kVersion) {
        *error = QStringLiteral("recording version %1 is not supported (this build reads version %2)").arg(version).arg(kVersion);
        return false;
    }
    out->server = json.value(QStringLiteral("server")).toString();
    out->context = json.value(QStringLiteral("context")).toString();
    out->namespace_ = json.value(QStringLiteral("namespace")).toString();
    out->serverVersion = json.value(QStringLiteral("serverVersion")).toString();
    const QDateTime at = QDateTime::fromString(json.value(QStringLiteral("startedAt")).toString(), Qt::ISODateWithMs);
    out->startedAtMs = at.isValid() ? at.toMSecsSinceEpoch() : 0;
    return true;
}

} // namespace rlab::live
