#include "core/live/recording.h"

#include "core/api/codec.h"

#include <QFile>
#include <QJsonDocument>

namespace rlab::live {

bool Recording::read(const QString &path, Recording *out, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return false;
    }
    const QList<QByteArray> lines = f.readAll().split('\n');
    *out = Recording{};
    int lineNo = 0;
    for (const QByteArray &raw : lines) {
        ++lineNo;
        if (raw.trimmed().isEmpty())
            continue;
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(raw, &pe);
        const bool last = lineNo == lines.size() || (lineNo == lines.size() - 1 && lines.back().isEmpty());
        if (!doc.isObject()) {
            if (last && lineNo > 1)
                break;   // cut off mid-write
            *error = QStringLiteral("%1:%2: %3").arg(path).arg(lineNo).arg(pe.errorString());
            return false;
        }
        const QJsonObject o = doc.object();
        if (lineNo == 1) {
            QString why;
            if (!RecordingHeader::fromJson(o, &out->header, &why)) {
                *error = QStringLiteral("%1:1: %2").arg(path, why);
                return false;
            }
            continue;
        }
        LiveEvent ev;
        ev.t = qint64(o.value(QStringLiteral("t")).toDouble());
        ev.resource = o.value(QStringLiteral("resource")).toString();
        const std::optional<LiveEvent::Type> type = LiveEvent::typeFromName(o.value(QStringLiteral("type")).toString());
        if (!type) {
            *error = QStringLiteral("%1:%2: unknown event type \"%3\"").arg(path).arg(lineNo).arg(o.value(QStringLiteral("type")).toString());
            return false;
        }
        ev.type = *type;
        api::DecodeResult d = api::decodeObject(o.value(QStringLiteral("object")).toObject());
        if (!d.object) {
            *error = QStringLiteral("%1:%2: %3").arg(path).arg(lineNo).arg(d.error);
            return false;
        }
        ev.object = std::move(d.object);
        out->events.push_back(std::move(ev));
    }
    if (lineNo == 0 || (lines.size() == 1 && lines.front().trimmed().isEmpty())) {
        *error = QStringLiteral("%1: empty file, not a Reconcile Lab recording").arg(path);
        return false;
    }
    return true;
}

} // namespace rlab::live
